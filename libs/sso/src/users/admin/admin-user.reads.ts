/** Read-only look-ups of shadow users for operators (admin API), each with its merchant's clientId and name. */
import { Inject, Injectable } from '@nestjs/common';
import { serviceDatabaseToken } from '@dcp/runtime';
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
}

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

  findByOpenId(openId: string): Promise<UserWithMerchant | null> {
    return this.db.client.user.findUnique({ where: { openId }, select: columns });
  }

  findById(userId: number): Promise<UserWithMerchant | null> {
    return this.db.client.user.findUnique({ where: { id: userId }, select: columns });
  }

  /** One page of the users with this merchant uuid (of one merchant when clientId is given), oldest first. */
  async pageByUuid(filter: { uuid: string; clientId?: string }, limit: number, offset: number): Promise<{ items: UserWithMerchant[]; total: number }> {
    const where = { uuid: filter.uuid, ...(filter.clientId === undefined ? {} : { merchant: { clientId: filter.clientId } }) };
    const [items, total] = await Promise.all([
      this.db.client.user.findMany({ where, select: columns, orderBy: { id: 'asc' }, take: limit, skip: offset }),
      this.db.client.user.count({ where }),
    ]);
    return { items, total };
  }
}
