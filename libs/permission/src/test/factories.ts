/** Test data of permission-service's own records: one `makeX(overrides)` each, valid defaults, a fresh id per call. */
import type { Permission } from '../catalogue/permission';
import { GRANT_STATUS, type Grant } from '../grants/grant';

/** Where unit specs' ManualClock (@dcp/testing) starts; the records' times default to it. */
export const T0 = Date.UTC(2026, 0, 1);

let nextPermissionId = 1;
let nextGrantId = 1;

/** A catalogue entry: a paid (type 1) 30-day plan coded `plan-<id>`. */
export function makePermission(overrides: Partial<Permission> = {}): Permission {
  const id = overrides.id ?? nextPermissionId++;
  return { id, code: `plan-${id}`, name: `Plan ${id}`, type: 1, durationDays: 30, belongServer: '', channelCount: 1, bpi: false, retentionDays: null, createdAt: new Date(T0), ...overrides };
}

/** A grant waiting for activation (status 1), tied to no device, of user 7 (`makeUser({ userId: 7 })`, openId open-7). */
export function makeGrant(overrides: Partial<Grant> = {}): Grant {
  return {
    grantId: nextGrantId++,
    userId: 7,
    openId: 'open-7',
    ipcMac: null,
    grantStatus: GRANT_STATUS.waiting,
    initTime: T0,
    startTime: null,
    endTime: null,
    exceptionInfo: null,
    appClientVersion: null,
    revokedAt: null,
    revokeReason: null,
    permission: makePermission(),
    ...overrides,
  };
}
