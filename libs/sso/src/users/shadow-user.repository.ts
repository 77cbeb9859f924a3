/**
 * Changes to shadow accounts driven by the merchant's user callback, each with its event in one transaction
 * (ServiceEvents: published right after the commit).
 */
import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_EVENTS, type ServiceEvents, serviceDatabaseToken } from '@dcp/runtime';
import type { SsoDatabase, SsoTransaction } from '../sso-database.types';
import type { MerchantUser } from '../merchant-client/merchant-user';
import type { Merchant } from '../merchants/merchant';

/** What the user callback needs of the shadow accounts (ShadowUserRepository; a fake in unit specs). */
export interface ShadowUserStore {
  exists(merchantId: number, uuid: string): Promise<boolean>;
  updateProfile(merchant: Merchant, user: MerchantUser): Promise<boolean>;
  delete(merchant: Merchant, uuid: string): Promise<number | undefined>;
}

@Injectable()
export class ShadowUserRepository implements ShadowUserStore {
  constructor(
    @Inject(serviceDatabaseToken('sso')) private readonly db: SsoDatabase,
    @Inject(SERVICE_EVENTS) private readonly events: ServiceEvents<SsoTransaction>,
  ) {}

  async exists(merchantId: number, uuid: string): Promise<boolean> {
    return (await this.db.client.user.count({ where: { merchantId, uuid } })) > 0;
  }

  /** Refreshes the profile and enqueues user.updated; false when the user has no shadow account. */
  async updateProfile(merchant: Merchant, user: MerchantUser): Promise<boolean> {
    return this.events.transaction(async (tx) => {
      const found = await tx.user.findUnique({ where: { merchantId_uuid: { merchantId: merchant.id, uuid: user.uuid } }, select: { id: true } });
      if (!found) return false;
      const updated = await tx.user.update({
        where: { id: found.id },
        data: { username: user.username, name: user.name, nickname: user.nickname, phone: user.phone, country: user.country },
        select: { id: true, openId: true },
      });
      await this.events.enqueue(tx, 'userUpdated', { userId: updated.id, openId: updated.openId, clientId: merchant.clientId, uuid: user.uuid, created: false });
      return true;
    });
  }

  /**
   * Deletes the shadow account — its tokens go with it (ON DELETE CASCADE), so every token is revoked —
   * and enqueues user.deleted, all in one transaction. Returns the deleted user's id; undefined when there
   * was nothing to delete (a repeated callback, or a concurrent one that won): then no event is written.
   */
  async delete(merchant: Merchant, uuid: string): Promise<number | undefined> {
    return this.events.transaction(async (tx) => {
      const [gone] = await tx.$queryRaw<{ id: number; openId: string }[]>`
        DELETE FROM "sso"."user" WHERE merchant_id = ${merchant.id} AND uuid = ${uuid}
        RETURNING id, open_id AS "openId"`;
      if (!gone) return undefined;
      await this.events.enqueue(tx, 'userDeleted', { userId: gone.id, openId: gone.openId, clientId: merchant.clientId, uuid });
      return gone.id;
    });
  }
}
