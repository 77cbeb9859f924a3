/**
 * firmware.latest's parameters beyond what the edge checks from the catalogue (presence, machineTypeName
 * length, integer syntax): the MAC (000006 naming macAddr) and the range of every version (010026 naming it).
 * Presence is checked again for callers that bypass the edge: missing → 000006, empty → 000005.
 */
import { ErrorCode, FIRMWARE_LIMITS, PlatformError, normalizeMac } from '@dcp/contracts';
import type { ReportedVersions, VersionKey } from './chain';

export interface LatestQuery {
  /** Canonical MAC. */
  macAddr: string;
  machineTypeName: string;
  reported: ReportedVersions;
}

const INTEGER = /^-?\d+$/;

function required(params: Record<string, string>, name: string): string {
  const value = params[name];
  if (value === undefined) throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, `parameter ${name} is required`);
  if (value === '') throw new PlatformError(ErrorCode.FC_PARAMETER_EMPTY, `parameter ${name} is empty`);
  return value;
}

function version(name: string, raw: string): number {
  const value = raw.trim();
  const n = INTEGER.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 0 || n > FIRMWARE_LIMITS.maxVersion) {
    throw new PlatformError(ErrorCode.PT_FIRMWARE_VERSION_INVALID, `invalid version number: ${name} must be an integer from 0 to ${FIRMWARE_LIMITS.maxVersion}`);
  }
  return n;
}

export function parseLatestParams(params: Record<string, string>): LatestQuery {
  const names = ['macAddr', 'machineTypeName', 'sysVersion1', 'sysVersion3', 'sysVersion4', 'appVersion1', 'appVersion3', 'appVersion4'] as const;
  const raw = Object.fromEntries(names.map((name) => [name, required(params, name)])) as Record<(typeof names)[number], string>;
  const macAddr = normalizeMac(raw.macAddr);
  if (macAddr === undefined) throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, 'parameter macAddr is not a MAC address (12 hexadecimal digits, optionally separated by ":" or "-")');
  const v = (name: (typeof names)[number]) => version(name, raw[name]);
  const sys = [v('sysVersion1'), v('sysVersion3'), v('sysVersion4')] as const;
  const app = [v('appVersion1'), v('appVersion3'), v('appVersion4')] as const;
  // Optional; the edge drops it when sent empty. Absent = 0.
  const patch = params.patchVersion === undefined || params.patchVersion === '' ? 0 : version('patchVersion', params.patchVersion);
  const reported = { system: [...sys, patch] as VersionKey, app: [...app, patch] as VersionKey };
  return { macAddr, machineTypeName: raw.machineTypeName, reported };
}
