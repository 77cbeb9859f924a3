/**
 * Parameters of the device operations. The edge has already validated them against the catalogue
 * (required, lengths, integers, allowed values); these checks repeat the rules cheaply so that a use case
 * never works on a value it did not expect, and add what the catalogue cannot express (MAC syntax).
 */
import { ErrorCode, PlatformError, normalizeMac } from '@dcp/contracts';

export type Params = Readonly<Record<string, string>>;

const INTEGER = /^-?\d+$/;

function invalid(detail: string): never {
  throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, detail);
}

/** A present, non-empty string (empty counts as missing, as at the edge). */
export function requiredParam(params: Params, name: string): string {
  const value = params[name];
  if (value === undefined || value === '') invalid(`parameter ${name} is required`);
  return value;
}

/** Undefined when absent or empty (an optional parameter sent empty is not given). */
export function optionalParam(params: Params, name: string): string | undefined {
  const value = params[name];
  return value === undefined || value === '' ? undefined : value;
}

export function optionalIntParam(params: Params, name: string, allowed: readonly number[]): number | undefined {
  const raw = optionalParam(params, name);
  if (raw === undefined) return undefined;
  const value = raw.trim();
  if (!INTEGER.test(value)) invalid(`parameter ${name} must be an integer`);
  const n = Number(value);
  if (!allowed.includes(n)) invalid(`parameter ${name} must be one of ${allowed.join(', ')}`);
  return n;
}

export function requiredIntParam(params: Params, name: string, allowed: readonly number[]): number {
  requiredParam(params, name);
  return optionalIntParam(params, name, allowed) as number;
}

/** The canonical MAC (AA:BB:CC:DD:EE:FF) of parameter `name`; 000006 naming it when it is not a MAC. */
export function macParam(params: Params, name: string): string {
  const mac = normalizeMac(requiredParam(params, name));
  if (!mac) invalid(`parameter ${name} is not a MAC address (12 hex digits, optionally separated by ":" or "-")`);
  return mac;
}
