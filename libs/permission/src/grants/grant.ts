/**
 * A grant: the authorization record of spec 2.5 — one permission given to one user. Times are epoch ms.
 *
 * Statuses (spec 3.2 shows 1 and 3): 1 waiting for activation → 3 active (permission.active, or at creation
 * for a free grant given for a device). Nothing returns to 1. A grant may be revoked in either status
 * (revokedAt set; user deleted, device unbound) and is then never shown to the user again. An active grant
 * whose endTime has passed stays 3 but counts as ended.
 */
import type { Permission } from '../catalogue/permission';

export const GRANT_STATUS = { waiting: 1, active: 3 } as const;

export type RevokeReason = 'user-deleted' | 'device-unbound';

export interface Grant {
  grantId: number;
  userId: number;
  openId: string;
  /** Canonical MAC, or null while not tied to a device. */
  ipcMac: string | null;
  grantStatus: number;
  initTime: number;
  startTime: number | null;
  endTime: number | null;
  exceptionInfo: string | null;
  appClientVersion: string | null;
  revokedAt: number | null;
  revokeReason: string | null;
  permission: Permission;
}

export interface NewGrant {
  userId: number;
  openId: string;
  permissionId: number;
  ipcMac: string | null;
  grantStatus: number;
  initTime: number;
  startTime: number | null;
  endTime: number | null;
}

export interface Activation {
  ipcMac: string;
  startTime: number;
  endTime: number;
  exceptionInfo: string | null;
  appClientVersion: string | null;
}

/** Largest grantId text accepted (ids are JavaScript-safe integers; anything longer cannot exist). */
const GRANT_ID = /^[0-9]{1,16}$/;

/** The grant id in `text`, or undefined when it cannot name a grant (not digits, zero, too large). */
export function parseGrantId(text: string): number | undefined {
  const value = text.trim();
  if (!GRANT_ID.test(value)) return undefined;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
