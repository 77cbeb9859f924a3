/** Grant rows of the permission schema; rows come back as Grant (ids as numbers, times as epoch ms). */
import { Inject, Injectable } from '@nestjs/common';
import { serviceDatabaseToken } from '@dcp/runtime';
import type { PermissionDatabase, PermissionTransaction } from '../permission-database.types';
import type { Permission } from '../catalogue/permission';
import { GRANT_STATUS, type Activation, type Grant, type NewGrant, type RevokedGrant, type RevokeReason } from './grant';

interface GrantRow {
  id: bigint;
  userId: number;
  openId: string;
  ipcMac: string | null;
  grantStatus: number;
  initTime: Date;
  startTime: Date | null;
  endTime: Date | null;
  exceptionInfo: string | null;
  appClientVersion: string | null;
  revokedAt: Date | null;
  revokeReason: string | null;
  permission: Permission;
}

const ms = (d: Date | null): number | null => (d === null ? null : d.getTime());
const date = (n: number | null): Date | null => (n === null ? null : new Date(n));

function toGrant(row: GrantRow): Grant {
  return {
    grantId: Number(row.id),
    userId: row.userId,
    openId: row.openId,
    ipcMac: row.ipcMac,
    grantStatus: row.grantStatus,
    initTime: row.initTime.getTime(),
    startTime: ms(row.startTime),
    endTime: ms(row.endTime),
    exceptionInfo: row.exceptionInfo,
    appClientVersion: row.appClientVersion,
    revokedAt: ms(row.revokedAt),
    revokeReason: row.revokeReason,
    permission: row.permission,
  };
}

const withPermission = { permission: true } as const;
const revokedFields = { id: true, userId: true, ipcMac: true, permission: { select: { code: true } } } as const;

/** RETURNING has no order: events go out oldest grant first. */
const byGrantId = (a: RevokedGrant, b: RevokedGrant) => a.grantId - b.grantId;

function toRevoked(row: { id: bigint; userId: number; ipcMac: string | null; permission: { code: string } }): RevokedGrant {
  return { grantId: Number(row.id), userId: row.userId, ipcMac: row.ipcMac, permissionCode: row.permission.code };
}

/** What the grant and gateway use cases need of the grant rows (GrantRepository; an in-memory fake in unit specs). The reactions' transactional revocations stay on GrantRepository. */
export interface GrantStore {
  create(g: NewGrant): Promise<Grant>;
  findById(grantId: number): Promise<Grant | null>;
  page(filter: { openId?: string }, limit: number, offset: number): Promise<{ items: Grant[]; total: number }>;
  waitingOf(userId: number): Promise<Grant[]>;
  inServiceOf(userId: number, now: number, ipcMac?: string): Promise<Grant[]>;
  activate(grantId: number, a: Activation): Promise<boolean>;
  undoActivation(grantId: number, startTime: number, previousIpcMac: string | null): Promise<boolean>;
}

@Injectable()
export class GrantRepository implements GrantStore {
  constructor(@Inject(serviceDatabaseToken('permission')) private readonly db: PermissionDatabase) {}

  async create(g: NewGrant): Promise<Grant> {
    const row = await this.db.client.grant.create({
      data: { ...g, initTime: new Date(g.initTime), startTime: date(g.startTime), endTime: date(g.endTime) },
      include: withPermission,
    });
    return toGrant(row);
  }

  async findById(grantId: number): Promise<Grant | null> {
    const row = await this.db.client.grant.findUnique({ where: { id: BigInt(grantId) }, include: withPermission });
    return row ? toGrant(row) : null;
  }

  async page(filter: { openId?: string }, limit: number, offset: number): Promise<{ items: Grant[]; total: number }> {
    const where = filter.openId === undefined ? {} : { openId: filter.openId };
    const [rows, total] = await Promise.all([
      this.db.client.grant.findMany({ where, include: withPermission, orderBy: { id: 'asc' }, take: limit, skip: offset }),
      this.db.client.grant.count({ where }),
    ]);
    return { items: rows.map(toGrant), total };
  }

  /** The user's grants waiting for activation (not revoked), oldest first. */
  async waitingOf(userId: number): Promise<Grant[]> {
    const rows = await this.db.client.grant.findMany({
      where: { userId, grantStatus: GRANT_STATUS.waiting, revokedAt: null },
      include: withPermission,
      orderBy: { id: 'asc' },
    });
    return rows.map(toGrant);
  }

  /** The user's active grants whose period has not ended at `now` (on one device when `ipcMac` is given). */
  async inServiceOf(userId: number, now: number, ipcMac?: string): Promise<Grant[]> {
    const rows = await this.db.client.grant.findMany({
      where: { userId, grantStatus: GRANT_STATUS.active, revokedAt: null, endTime: { gt: new Date(now) }, ...(ipcMac === undefined ? {} : { ipcMac }) },
      include: withPermission,
      orderBy: { id: 'asc' },
    });
    return rows.map(toGrant).filter((g) => g.startTime === null || g.startTime <= now);
  }

  /**
   * Waiting → active, only if the grant is still waiting, not revoked and tied to no device or to this one
   * (one conditional UPDATE: of two concurrent activations exactly one changes the row). False when it lost.
   */
  async activate(grantId: number, a: Activation): Promise<boolean> {
    const { count } = await this.db.client.grant.updateMany({
      where: { id: BigInt(grantId), grantStatus: GRANT_STATUS.waiting, revokedAt: null, OR: [{ ipcMac: null }, { ipcMac: a.ipcMac }] },
      data: {
        grantStatus: GRANT_STATUS.active,
        ipcMac: a.ipcMac,
        startTime: new Date(a.startTime),
        endTime: new Date(a.endTime),
        exceptionInfo: a.exceptionInfo,
        appClientVersion: a.appClientVersion,
      },
    });
    return count === 1;
  }

  /**
   * Undoes an activation that must not stand (the device left the user meanwhile): back to waiting with the
   * MAC it had before, only if the row is still exactly that activation. False when something else changed it.
   */
  async undoActivation(grantId: number, startTime: number, previousIpcMac: string | null): Promise<boolean> {
    const { count } = await this.db.client.grant.updateMany({
      where: { id: BigInt(grantId), grantStatus: GRANT_STATUS.active, revokedAt: null, startTime: new Date(startTime) },
      data: { grantStatus: GRANT_STATUS.waiting, ipcMac: previousIpcMac, startTime: null, endTime: null, exceptionInfo: null, appClientVersion: null },
    });
    return count === 1;
  }

  /** Revokes every grant of the user not yet revoked (inside the consumer's inbox transaction); returns them. */
  async revokeAllOf(tx: PermissionTransaction, userId: number, now: number, reason: RevokeReason): Promise<RevokedGrant[]> {
    const rows = await tx.grant.updateManyAndReturn({ where: { userId, revokedAt: null }, data: { revokedAt: new Date(now), revokeReason: reason }, select: revokedFields });
    return rows.map(toRevoked).sort(byGrantId);
  }

  /**
   * The device left the user: its grants in service end (revoked, returned), grants waiting for it are released
   * (ipcMac cleared) so they can be activated on another device.
   */
  async releaseDevice(tx: PermissionTransaction, userId: number, ipcMac: string, now: number): Promise<{ revoked: RevokedGrant[]; released: number }> {
    const revoked = await tx.grant.updateManyAndReturn({
      where: { userId, ipcMac, grantStatus: GRANT_STATUS.active, revokedAt: null, endTime: { gt: new Date(now) } },
      data: { revokedAt: new Date(now), revokeReason: 'device-unbound' satisfies RevokeReason },
      select: revokedFields,
    });
    const released = await tx.grant.updateMany({ where: { userId, ipcMac, grantStatus: GRANT_STATUS.waiting, revokedAt: null }, data: { ipcMac: null } });
    return { revoked: revoked.map(toRevoked).sort(byGrantId), released: released.count };
  }
}
