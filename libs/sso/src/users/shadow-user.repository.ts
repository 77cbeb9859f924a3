/**
 * Changes to shadow accounts driven by the merchant's user callback, each with its event in one transaction
 * or one statement (ServiceEvents: published right after the commit).
 */
import { Inject, Injectable } from '@nestjs/common';
import { hotStatement } from '@dcp/database';
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

/**
 * A deletion in one statement (decisions OB2, like the login): the account goes, and user.deleted is written
 * into the outbox with the id and openId only the statement knows. $1 merchant id, $2 uuid, the user.deleted
 * draft: $3 id, $4 subject, $5 envelope, $6 data.
 */
const DELETE_USER = hotStatement<{ id: number; event: unknown }>(
  'sso.delete-user',
  `WITH gone AS (
     DELETE FROM "sso"."user" WHERE merchant_id = $1 AND uuid = $2
     RETURNING id, open_id
   ), event AS (
     INSERT INTO "sso"."outbox_event" (id, subject, payload, created_at)
     SELECT $3::uuid, $4, $5::jsonb || jsonb_build_object('data', $6::jsonb || jsonb_build_object('userId', gone.id, 'openId', gone.open_id)), now()
     FROM gone
     RETURNING payload
   )
   SELECT gone.id, event.payload AS event FROM gone, event`,
);

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
   * and writes user.deleted, in one statement, then publishes the event straight away (OB1: deletion
   * propagation waits on it). Returns the deleted user's id; undefined when there was nothing to delete (a
   * repeated callback, or a concurrent one that won): then no event is written.
   */
  async delete(merchant: Merchant, uuid: string): Promise<number | undefined> {
    const event = this.events.draft('userDeleted', { clientId: merchant.clientId, uuid }, ['userId', 'openId']);
    const [gone] = await this.db.run(DELETE_USER, [merchant.id, uuid, event.id, event.subject, event.envelope, event.data]);
    if (!gone) return undefined;
    this.events.publishWritten([gone.event]);
    return gone.id;
  }
}
