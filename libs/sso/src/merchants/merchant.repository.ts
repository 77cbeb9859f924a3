/** Merchant rows of the sso schema. */
import { Inject, Injectable } from '@nestjs/common';
import type { ListMerchantsFilter } from '@dcp/contracts';
import { escapeLikeWildcards, hotStatement } from '@dcp/database';
import { serviceDatabaseToken } from '@dcp/runtime';
import type { SsoDatabase } from '../sso-database.types';
import type { Merchant, MerchantChanges, NewMerchant } from './merchant';

/** What the merchant use cases need of the merchant rows (MerchantRepository; an in-memory fake in unit specs). */
export interface MerchantStore {
  findByClientId(clientId: string): Promise<Merchant | null>;
  create(merchant: NewMerchant): Promise<Merchant>;
  update(clientId: string, changes: MerchantChanges, ifSecret?: string): Promise<Merchant | undefined>;
  /** Registration order; `q` matched literally (wildcards escaped), case-insensitively, in the name or clientId. */
  page(filter: ListMerchantsFilter, limit: number, offset: number): Promise<{ items: Merchant[]; total: number }>;
}

/**
 * What the signed-request verifier needs: the merchant behind a clientId (SignedRequestMerchants: kept a
 * moment), and the row read again when a request does not verify against what was kept.
 */
export interface MerchantLookup {
  findByClientId(clientId: string): Promise<Merchant | null>;
  reread(clientId: string): Promise<Merchant | null>;
}

/** Every signed SSO request starts here (a hot statement: decisions PF4). */
const BY_CLIENT_ID = hotStatement<Merchant>(
  'sso.merchant-by-client-id',
  `SELECT id, client_id AS "clientId", name, token_validation_url AS "tokenValidationUrl", user_profile_url AS "userProfileUrl",
          secret_ciphertext AS "secretCiphertext", previous_secret_ciphertext AS "previousSecretCiphertext",
          previous_secret_expires_at AS "previousSecretExpiresAt", access_token_ttl_seconds AS "accessTokenTtlSeconds",
          refresh_token_ttl_seconds AS "refreshTokenTtlSeconds", refresh_token_rotation AS "refreshTokenRotation",
          enabled, created_at AS "createdAt", updated_at AS "updatedAt"
   FROM "sso"."merchant" WHERE client_id = $1`,
);

@Injectable()
export class MerchantRepository implements MerchantStore {
  private readonly changeListeners: Array<(clientId: string) => void> = [];

  constructor(@Inject(serviceDatabaseToken('sso')) private readonly db: SsoDatabase) {}

  /** Called with the clientId of every merchant row this replica changes (caches of it drop the row). */
  onChange(listener: (clientId: string) => void): void {
    this.changeListeners.push(listener);
  }

  private changed(clientId: string): void {
    for (const listener of this.changeListeners) listener(clientId);
  }

  async findByClientId(clientId: string): Promise<Merchant | null> {
    const [row] = await this.db.run(BY_CLIENT_ID, [clientId]);
    return row ?? null;
  }

  create(merchant: NewMerchant): Promise<Merchant> {
    return this.db.client.merchant.create({ data: merchant });
  }

  /** Undefined when no merchant has this clientId (or, with `ifSecret`, its secret changed meanwhile). */
  async update(clientId: string, changes: MerchantChanges, ifSecret?: string): Promise<Merchant | undefined> {
    const where = ifSecret === undefined ? { clientId } : { clientId, secretCiphertext: ifSecret };
    const { count } = await this.db.client.merchant.updateMany({ where, data: changes });
    if (count === 0) return undefined;
    this.changed(clientId);
    return (await this.findByClientId(clientId)) ?? undefined;
  }

  /** Merchants after `afterId` with a secret ciphertext not starting with `currentPrefix` (SK2). */
  staleSecrets(afterId: number, limit: number, currentPrefix: string): Promise<Merchant[]> {
    return this.db.client.merchant.findMany({
      where: {
        id: { gt: afterId },
        OR: [
          { NOT: { secretCiphertext: { startsWith: currentPrefix } } },
          { AND: [{ previousSecretCiphertext: { not: null } }, { NOT: { previousSecretCiphertext: { startsWith: currentPrefix } } }] },
        ],
      },
      orderBy: { id: 'asc' },
      take: limit,
    });
  }

  /** Writes re-encrypted secrets only where the row still holds the ciphertexts that were read. */
  async replaceSecretCiphertexts(read: Merchant, reencrypted: Pick<Merchant, 'secretCiphertext' | 'previousSecretCiphertext'>): Promise<boolean> {
    const { count } = await this.db.client.merchant.updateMany({
      where: { id: read.id, secretCiphertext: read.secretCiphertext, previousSecretCiphertext: read.previousSecretCiphertext },
      data: { secretCiphertext: reencrypted.secretCiphertext, previousSecretCiphertext: reencrypted.previousSecretCiphertext },
    });
    if (count === 1) this.changed(read.clientId);
    return count === 1;
  }

  async page(filter: ListMerchantsFilter, limit: number, offset: number): Promise<{ items: Merchant[]; total: number }> {
    const contains = filter.q === undefined ? undefined : { contains: escapeLikeWildcards(filter.q), mode: 'insensitive' as const };
    const where = { ...(contains && { OR: [{ name: contains }, { clientId: contains }] }), ...(filter.enabled !== undefined && { enabled: filter.enabled }) };
    const [items, total] = await Promise.all([
      this.db.client.merchant.findMany({ where, orderBy: { id: 'asc' }, take: limit, skip: offset }),
      this.db.client.merchant.count({ where }),
    ]);
    return { items, total };
  }
}
