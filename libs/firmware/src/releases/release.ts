/** Models and releases as the rest of the service sees them (no Prisma types). */
import { ErrorCode, PlatformError } from '@dcp/contracts';

/** A device model (machineTypeName), created with its first release. */
export interface FirmwareModel {
  id: number;
  machineTypeName: string;
  /** false: firmware.latest answers 010121 (smart upgrade not supported). */
  smartUpgrade: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** A release of one model's chain of one type. */
export interface Release {
  id: number;
  modelId: number;
  machineTypeName: string;
  /** 1 system firmware, 2 application firmware (FIRMWARE_TYPE). */
  type: number;
  version1: number;
  /** Carried (platform tag), never compared. */
  version2: string;
  version3: number;
  version4: number;
  patchVersion: number;
  downloadUri: string;
  /** Upper-case hex. */
  md5: string;
  descZh: string;
  descEn: string;
  interim: boolean;
  active: boolean;
  /** 0 or 1. */
  remind: number;
  /** 0 to 100. */
  rolloutPercent: number;
  createdAt: Date;
  updatedAt: Date;
}

export type NewRelease = Omit<Release, 'id' | 'modelId' | 'createdAt' | 'updatedAt'>;

/** What an operator may change on a release (versions and artifacts are immutable). */
export type ReleaseChanges = Partial<Pick<Release, 'active' | 'remind' | 'rolloutPercent' | 'interim'>>;

/** A model of the model list, with how many releases it has. */
export interface ModelSummary extends FirmwareModel {
  releaseCount: number;
  activeReleaseCount: number;
}

/** A model with its active releases of both types: what firmware.latest decides on. */
export interface Chain {
  model: FirmwareModel;
  releases: Release[];
}

const MAX_ID = 2_147_483_647;

/** Release ids are PostgreSQL integers; anything else (non-numeric, 0, too large) names no release. */
export function parseReleaseId(raw: string): number | undefined {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id <= MAX_ID ? id : undefined;
}

/** A release's type and four versions, in the order both views of a release (admin view, spec 2.9 record) list them. */
export function releaseVersion(r: Release): Pick<Release, 'type' | 'version1' | 'version2' | 'version3' | 'version4' | 'patchVersion'> {
  return { type: r.type, version1: r.version1, version2: r.version2, version3: r.version3, version4: r.version4, patchVersion: r.patchVersion };
}

/** ADMIN_NOT_FOUND for a release id as the caller gave it (cut to 64 characters). */
export function releaseNotFound(rawId: string): PlatformError {
  return new PlatformError(ErrorCode.ADMIN_NOT_FOUND, `no firmware release ${rawId.slice(0, 64)}`);
}

/** ADMIN_NOT_FOUND for a machineTypeName as the caller gave it (cut to 64 characters). */
export function modelNotFound(machineTypeName: string): PlatformError {
  return new PlatformError(ErrorCode.ADMIN_NOT_FOUND, `no firmware model ${machineTypeName.slice(0, 64)}`);
}

/** `<model> type <t> <v1>.<v3>.<v4> patch <p>`: a release by its identity, for messages and logs. */
export function releaseLabel(r: Pick<Release, 'machineTypeName' | 'type' | 'version1' | 'version3' | 'version4' | 'patchVersion'>): string {
  return `release of ${r.machineTypeName} type ${r.type} version ${r.version1}.${r.version3}.${r.version4} patch ${r.patchVersion}`;
}
