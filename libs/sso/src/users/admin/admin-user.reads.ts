/**
 * Read-only look-ups of shadow users for operators (admin API), each with its merchant's clientId and name and
 * the time of their last sign-in that sso-service still keeps: every token of one login shares a family, so the
 * latest family's first token was issued by that login (refreshes add tokens to the family, later). Tokens are
 * purged a while after they expire, so a user whose every session has expired long ago has none (null).
 */
import { Inject, Injectable } from '@nestjs/common';
import { raw, sqltag as sql } from '@prisma/client/runtime/client';
import type { ListTotal, PageWindow } from '@dcp/contracts';
import { listTotal, serviceDatabaseToken } from '@dcp/runtime';
import type { SsoDatabase } from '../../sso-database.types';

/** A shadow user as the operator look-ups read it (no Prisma types outside the repositories). */
export interface UserWithMerchant {
  id: number;
  openId: string;
  uuid: string;
  username: string;
  name: string;
  merchant: { clientId: string; name: string };
  createdAt: Date;
  updatedAt: Date;
  lastSignInAt: Date | null;
}

type UserRow = Omit<UserWithMerchant, 'lastSignInAt'>;

const columns = {
  id: true,
  openId: true,
  uuid: true,
  username: true,
  name: true,
  createdAt: true,
  updatedAt: true,
  merchant: { select: { clientId: true, name: true } },
} as const;

@Injectable()
export class AdminUserReads {
  constructor(@Inject(serviceDatabaseToken('sso')) private readonly db: SsoDatabase) {}

  async findByOpenId(openId: string): Promise<UserWithMerchant | null> {
    const row = await this.db.client.user.findUnique({ where: { openId }, select: columns });
    return row ? (await this.withLastSignIn([row]))[0] : null;
  }

  async findById(userId: number): Promise<UserWithMerchant | null> {
    const row = await this.db.client.user.findUnique({ where: { id: userId }, select: columns });
    return row ? (await this.withLastSignIn([row]))[0] : null;
  }

  /**
   * One page of the users with this merchant uuid (of one merchant when clientId is given), oldest first: `take`
   * users after the user `after` or from `offset`, and how many match. Through the index on uuid (one row per
   * merchant at most has a given uuid), then their rows by primary key.
   */
  async pageByUuid(filter: { uuid: string; clientId?: string }, window: PageWindow<[userId: number]>): Promise<{ items: UserWithMerchant[] } & ListTotal> {
    const merchant = filter.clientId === undefined ? raw('') : sql`AND u.merchant_id = (SELECT m.id FROM "sso"."merchant" m WHERE m.client_id = ${filter.clientId})`;
    const from = sql`FROM "sso"."user" u WHERE u.uuid = ${filter.uuid} ${merchant}`;
    const order = sql`ORDER BY u.id`;
    const after = window.after === undefined ? raw('') : sql`AND u.id > ${window.after[0]}`;
    const [ids, total] = await Promise.all([
      this.db.client.$queryRaw<{ id: number }[]>(sql`SELECT u.id ${from} ${after} ${order} LIMIT ${window.take} OFFSET ${window.offset}`),
      listTotal(this.db.client, from, order),
    ]);
    const rows = ids.length === 0 ? [] : await this.db.client.user.findMany({ where: { id: { in: ids.map((r) => r.id) } }, select: columns, orderBy: { id: 'asc' } });
    return { items: await this.withLastSignIn(rows), ...total };
  }

  /** Each user's latest sign-in still kept: the latest first-issue time among their token families. */
  private async withLastSignIn(rows: UserRow[]): Promise<UserWithMerchant[]> {
    if (rows.length === 0) return [];
    const families = await this.db.client.token.groupBy({ by: ['userId', 'family'], where: { userId: { in: rows.map((r) => r.id) } }, _min: { createdAt: true } });
    const latest = new Map<number, Date>();
    for (const f of families) {
      const signedIn = f._min.createdAt;
      const known = latest.get(f.userId);
      if (signedIn && (!known || signedIn > known)) latest.set(f.userId, signedIn);
    }
    return rows.map((r) => ({ ...r, lastSignInAt: latest.get(r.id) ?? null }));
  }
}
