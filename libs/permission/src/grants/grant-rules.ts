/** Status rules of grants (docs/decisions.md P6–P11), free of I/O so they can be pinned by unit specs. */
import { ErrorCode, PlatformError, type GrantState } from '@dcp/contracts';
import { isPaid, type Permission } from '../catalogue/permission';
import { DAY_MS } from '../common/time';
import { GRANT_STATUS, type Grant } from './grant';

/** The service period of a permission activated at `now`: durationDays whole days. */
export function servicePeriod(permission: Pick<Permission, 'durationDays'>, now: number): { startTime: number; endTime: number } {
  return { startTime: now, endTime: now + permission.durationDays * DAY_MS };
}

/**
 * How a new grant starts: paid plans always wait for activation (status 1); a free plan given for a device is
 * active at once (status 3, period from now); a free plan without a device waits like a paid one.
 */
export function initialState(permission: Pick<Permission, 'type' | 'durationDays'>, ipcMac: string | null, now: number): { grantStatus: number; startTime: number | null; endTime: number | null } {
  if (isPaid(permission) || ipcMac === null) return { grantStatus: GRANT_STATUS.waiting, startTime: null, endTime: null };
  return { grantStatus: GRANT_STATUS.active, ...servicePeriod(permission, now) };
}

/**
 * permission.active's checks on the record itself, in order: exists and is this user's (883202) → waiting and
 * not revoked (883203) → tied to no device or to this one (883204). The device's ownership is checked after.
 */
export function assertActivatable(grant: Grant | null, userId: number, ipcMac: string, grantIdText: string): asserts grant is Grant {
  if (!grant || grant.userId !== userId) {
    throw new PlatformError(ErrorCode.PERMISSION_GRANTID_RECORD_NOT_EXISTS, `authorization record ${grantIdText} does not exist`);
  }
  if (grant.grantStatus !== GRANT_STATUS.waiting || grant.revokedAt !== null) {
    const why = grant.revokedAt !== null ? `was revoked (${grant.revokeReason ?? 'revoked'})` : 'is already active';
    throw new PlatformError(ErrorCode.PERMISSION_GRANT_STATUS_CANNOT_ACTIVE, `authorization record ${grant.grantId} ${why}`);
  }
  if (grant.ipcMac !== null && grant.ipcMac !== ipcMac) {
    throw new PlatformError(ErrorCode.PERMISSION_GRANTID_RECORD_NOT_MATCH_IPCMAC, `authorization record ${grant.grantId} is for device ${grant.ipcMac}, not ${ipcMac}`);
  }
}

/** supportBpi 0: the client cannot use BPI plans, so waiting grants of such plans are left out. */
export function visibleToClient(grant: Grant, supportBpi: boolean): boolean {
  return supportBpi || !grant.permission.bpi;
}

/**
 * A grant's state as operators filter by it (P6): revoked whatever its status; otherwise waiting (1), or active
 * (3) until its endTime (exclusive, P8) and over from then on. GrantRepository's list applies the same rule in SQL.
 */
export function grantState(grant: Pick<Grant, 'grantStatus' | 'endTime' | 'revokedAt'>, now: number): GrantState {
  if (grant.revokedAt !== null) return 'revoked';
  if (grant.grantStatus === GRANT_STATUS.waiting) return 'waiting';
  return grant.endTime === null || grant.endTime > now ? 'active' : 'over';
}
