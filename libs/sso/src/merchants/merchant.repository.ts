/** Merchant rows of the sso schema. */
import { Inject, Injectable } from '@nestjs/common';
import { type Sql, join, raw, sqltag as sql } from '@prisma/client/runtime/client';
import type { ListMerchantsFilter, ListTotal, PageWindow } from '@dcp/contracts';
import { escapeLikeWildcards, hotStatement } from '@dcp/database';
import { type CiphertextColumn, listTotal, serviceDatabaseToken, staleCiphertexts } from '@dcp/runtime';
import type { SsoDatabase } from '../sso-database.types';
import type { Merchant, MerchantChanges, NewMerchant } from './merchant';

/** What the merchant use cases need of the merchant rows (MerchantRepository; an in-memory fake in unit specs). */
export interface MerchantStore {
  findByClientId(clientId: string): Promise<Merchant | null>;
  create(merchant: NewMerchant): Promise<Merchant>;
  update(clientId: string, changes: MerchantChanges, ifSecret?: string): Promise<Merchant | undefined>;
  /** Registration order; `q` matched literally (wildcards escaped), case-insensitively, in the name or clientId. */
  page(filter: ListMerchantsFilter, window: PageWindow<MerchantPageKey>): Promise<{ items: Merchant[] } & ListTotal>;
}

/** What re-encrypting a merchant's secrets reads and compares (SK2). */
export type StaleMerchantSecrets = Pick<Merchant, 'id' | 'clientId' | 'secretCiphertext' | 'previousSecretCiphertext'>;

const STALE_SELECT = 'id, client_id AS "clientId", secret_ciphertext AS "secretCiphertext", previous_secret_ciphertext AS "previousSecretCiphertext"';
/** Each secret column with its key-prefix index (sso migration 20261127125213_admin_list_indexes). */
const STALE_SECRET: CiphertextColumn = { table: '"sso"."merchant"', id: '"id"', ciphertext: '"secret_ciphertext"', select: STALE_SELECT };
const STALE_PREVIOUS_SECRET: CiphertextColumn = { table: '"sso"."merchant"', id: '"id"', ciphertext: '"previous_secret_ciphertext"', select: STALE_SELECT };

/** The merchant list's sort key: the row id (registration order). */
export type MerchantPageKey = [id: number];

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

  /**
   * Merchants whose current (`secret`) or previous (`previousSecret`) client secret is not under `currentPrefix`,
   * after the merchant `after` in the order of that column's key-prefix index (SK5): an index probe when none is.
   */
  staleSecrets(which: 'secret' | 'previousSecret', after: StaleMerchantSecrets | undefined, limit: number, currentPrefix: string): Promise<StaleMerchantSecrets[]> {
    const column = which === 'secret' ? STALE_SECRET : STALE_PREVIOUS_SECRET;
    const position = after === undefined ? undefined : { id: after.id, ciphertext: (which === 'secret' ? after.secretCiphertext : after.previousSecretCiphertext) ?? '' };
    return this.db.client.$queryRaw<StaleMerchantSecrets[]>(staleCiphertexts(column, currentPrefix, position, limit));
  }

  /** Writes re-encrypted secrets only where the row still holds the ciphertexts that were read. */
  async replaceSecretCiphertexts(read: StaleMerchantSecrets, reencrypted: Pick<Merchant, 'secretCiphertext' | 'previousSecretCiphertext'>): Promise<boolean> {
    const { count } = await this.db.client.merchant.updateMany({
      where: { id: read.id, secretCiphertext: read.secretCiphertext, previousSecretCiphertext: read.previousSecretCiphertext },
      data: { secretCiphertext: reencrypted.secretCiphertext, previousSecretCiphertext: reencrypted.previousSecretCiphertext },
    });
    if (count === 1) this.changed(read.clientId);
    return count === 1;
  }

  /**
   * `take` merchants after the merchant `after` or from `offset`, and how many match. The page's ids in id
   * order (primary key), then their rows by it; `q` is a substring, so it is checked on the rows walked (a
   * deployment has a few hundred merchants; the count stops at EXACT_LIST_TOTAL_UP_TO + 1 rows all the same).
   */
  async page(filter: ListMerchantsFilter, window: PageWindow<MerchantPageKey>): Promise<{ items: Merchant[] } & ListTotal> {
    const conditions: Sql[] = [];
    if (filter.q !== undefined) {
      const contains = `%${escapeLikeWildcards(filter.q)}%`;
      conditions.push(sql`(m.name ILIKE ${contains} OR m.client_id ILIKE ${contains})`);
    }
    if (filter.enabled !== undefined) conditions.push(sql`m.enabled = ${filter.enabled}`);
    const from = sql`FROM "sso"."merchant" m WHERE ${conditions.length === 0 ? raw('TRUE') : join(conditions, ' AND ')}`;
    const order = sql`ORDER BY m.id`;
    const after = window.after === undefined ? raw('') : sql`AND m.id > ${window.after[0]}`;
    const [ids, total] = await Promise.all([
      this.db.client.$queryRaw<{ id: number }[]>(sql`SELECT m.id ${from} ${after} ${order} LIMIT ${window.take} OFFSET ${window.offset}`),
      listTotal(this.db.client, from, order),
    ]);
    const items = ids.length === 0 ? [] : await this.db.client.merchant.findMany({ where: { id: { in: ids.map((r) => r.id) } }, orderBy: { id: 'asc' } });
    return { items, ...total };
  }
}
