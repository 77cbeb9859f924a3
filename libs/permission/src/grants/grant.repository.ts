/** Grant rows of the permission schema; rows come back as Grant (ids as numbers, times as epoch ms). */
import { Inject, Injectable } from '@nestjs/common';
import { type Sql, empty, join, raw, sqltag as sql } from '@prisma/client/runtime/client';
import { listTotal, serviceDatabaseToken } from '@dcp/runtime';
import type { GrantState, ListTotal, PageWindow } from '@dcp/contracts';
import type { PermissionDatabase } from '../permission-database.types';
import type { Permission } from '../catalogue/permission';
import { GRANT_STATUS, type Activation, type Grant, type NewGrant } from './grant';

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

/** Which grants a page lists: every given field must match. */
export interface GrantFilter {
  openId?: string;
  userId?: number;
  /** Canonical MAC. */
  ipcMac?: string;
  /** The plan's code, exactly. */
  permissionCode?: string;
  /** The state at `now` (epoch ms; "active" and "over" depend on it): grantState's rule, grant-rules.ts. */
  state?: { name: GrantState; now: number };
}

/**
 * A grant list's sort key: the grant id (creation order) — or, for the states judged by their end (`active`, `over`:
 * grantsByEnd), the end in epoch ms (null: none, after every date) and the id.
 */
export type GrantPageKey = readonly [grantId: number] | readonly [endsAt: number | null, grantId: number];

/**
 * Whether a list of grants is ordered by end: `active` grants soonest-ending first, `over` grants most recently
 * ended first, walked from now along their index; every other list in creation order. The active grants are the
 * newest ones (a plan lasts weeks, grants pile up for years): in creation order a page of them was found past
 * every older, ended one.
 */
export function grantsByEnd(filter: Pick<GrantFilter, 'state'>): 'ending' | 'ended' | undefined {
  return filter.state?.name === 'active' ? 'ending' : filter.state?.name === 'over' ? 'ended' : undefined;
}

/** An activated grant's end as its index holds it (grant_activated_end_idx): none is after every date. */
const ENDS = raw("COALESCE(g.end_time, 'infinity'::timestamptz)");

/**
 * The list's conditions: one FROM … WHERE for its count and first page, and for a page after a cursor (`after`)
 * the same with the walk's start as its one bound. Each filter has an index in the list's order (migrations
 * 20261127125221_admin_list_indexes, 20261127134715_grant_end_index): (open_id, id), (ipc_mac, id),
 * (permission_id, id), partial ones on id for `waiting` and `revoked`, and on (end, id) for the activated grants —
 * so a page is an index range, whichever filter it has; with several, PostgreSQL walks the most selective one's
 * index and checks the others on its rows.
 */
function grantsWhere(filter: GrantFilter, after?: GrantPageKey): Sql {
  const conditions: Sql[] = [];
  if (filter.openId !== undefined) conditions.push(sql`g.open_id = ${filter.openId}`);
  if (filter.userId !== undefined) conditions.push(sql`g.user_id = ${filter.userId}`);
  if (filter.ipcMac !== undefined) conditions.push(sql`g.ipc_mac = ${filter.ipcMac}`);
  if (filter.permissionCode !== undefined) conditions.push(sql`g.permission_id = (SELECT p.id FROM "permission"."permission" p WHERE p.permission_code = ${filter.permissionCode})`);
  if (filter.state !== undefined) conditions.push(stateCondition(filter.state, after));
  else if (after !== undefined) conditions.push(sql`g.id > ${after[after.length - 1]}`);
  return sql`FROM "permission"."grant" g WHERE ${conditions.length === 0 ? raw('TRUE') : join(conditions, ' AND ')}`;
}

/**
 * grantState (grant-rules.ts) as a condition on the rows, written as the partial indexes' predicates are (the
 * statuses as constants, not parameters) so that the planner can prove them, and the end as the indexed
 * expression. After a cursor, the states walked by end have one bound where the walk starts (two on the end would
 * let PostgreSQL start at either, and from `now` it would read every grant up to the cursor): the cursor's grant,
 * or for `active`, `now` when the cursor's grant has ended since (a grant listed active may be over by the next
 * page). An `over` grant's end never moves past now again, so its cursor is always the nearer bound.
 */
function stateCondition({ name, now }: { name: GrantState; now: number }, after?: GrantPageKey): Sql {
  const waiting = raw(String(GRANT_STATUS.waiting));
  const activated = sql`g.grant_status = ${raw(String(GRANT_STATUS.active))} AND g.revoked_at IS NULL`;
  const afterId = after === undefined ? empty : sql`AND g.id > ${after[after.length - 1]}`;
  switch (name) {
    case 'waiting':
      return sql`g.grant_status = ${waiting} AND g.revoked_at IS NULL ${afterId}`;
    case 'revoked':
      return sql`g.revoked_at IS NOT NULL ${afterId}`;
    case 'active': {
      const [endsAt, id] = after?.length === 2 ? after : [undefined, undefined];
      if (id === undefined || (endsAt !== null && endsAt !== undefined && endsAt <= now)) return sql`${activated} AND ${ENDS} > ${new Date(now)}`;
      return sql`${activated} AND (${ENDS}, g.id) > (${endsAt === null ? raw("'infinity'::timestamptz") : sql`${new Date(endsAt as number)}::timestamptz`}, ${id}::bigint)`;
    }
    case 'over': {
      const [endsAt, id] = after?.length === 2 ? after : [undefined, undefined];
      if (id === undefined || endsAt === null || endsAt === undefined) return sql`${activated} AND ${ENDS} <= ${new Date(now)}`;
      return sql`${activated} AND (${ENDS}, g.id) < (${new Date(endsAt)}::timestamptz, ${id}::bigint)`;
    }
  }
}

/** What the grant and gateway use cases need of the grant rows (GrantRepository; an in-memory fake in unit specs). The reactions' revocations are statements of their own, decisions OB3. */
export interface GrantStore {
  create(g: NewGrant): Promise<Grant>;
  findById(grantId: number): Promise<Grant | null>;
  page(filter: GrantFilter, window: PageWindow<GrantPageKey>): Promise<{ items: Grant[] } & ListTotal>;
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

  /**
   * One page of grants matching the filter, oldest first or by end (grantsByEnd) — the operator's list; userId and
   * ipcMac: the operator's device view: `take` rows after the grant `after` or from `offset`, and how many match
   * (ListTotal). The page's ids come from the list's index; its rows, with their plan, by primary key.
   */
  async page(filter: GrantFilter, window: PageWindow<GrantPageKey>): Promise<{ items: Grant[] } & ListTotal> {
    const from = grantsWhere(filter);
    const byEnd = grantsByEnd(filter);
    const direction = raw(byEnd === 'ended' ? 'DESC' : 'ASC');
    const order = byEnd === undefined ? sql`ORDER BY g.id` : sql`ORDER BY ${ENDS} ${direction}, g.id ${direction}`;
    const page = window.after === undefined ? from : grantsWhere(filter, window.after);
    const [ids, total] = await Promise.all([
      this.db.client.$queryRaw<{ id: bigint }[]>(sql`SELECT g.id ${page} ${order} LIMIT ${window.take} OFFSET ${window.offset}`),
      listTotal(this.db.client, from, order),
    ]);
    if (ids.length === 0) return { items: [], ...total };
    const rows = await this.db.client.grant.findMany({ where: { id: { in: ids.map((r) => r.id) } }, include: withPermission });
    const byId = new Map(rows.map((row) => [row.id, row]));
    // In the page's order, not the rows' (a grant deleted meanwhile is left out).
    return { items: ids.flatMap((r) => (byId.has(r.id) ? [toGrant(byId.get(r.id)!)] : [])), ...total };
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
}
