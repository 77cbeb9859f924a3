/**
 * Shadow accounts and their tokens, as one unit: a login creates or refreshes the user, stores the hashes of
 * a new token family and writes user.updated into the outbox in a single statement (published right after it).
 */
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { hotStatement } from '@dcp/database';
import { SERVICE_EVENTS, type ServiceEvents, serviceDatabaseToken } from '@dcp/runtime';
import type { SsoDatabase, SsoTransaction } from '../sso-database.types';
import type { MerchantUser } from '../merchant-client/merchant-user';
import type { Merchant } from '../merchants/merchant';
import { OPEN_ID_LENGTH, randomBase62 } from '../common/random';
import type { IssuedToken } from './issued-token';

export interface LoggedInUser {
  userId: number;
  openId: string;
  created: boolean;
}

export interface StoredRefreshToken {
  id: number;
  userId: number;
  merchantId: number;
  openId: string;
  family: string;
  expiresAt: Date;
  consumedAt: Date | null;
  revokedAt: Date | null;
}

/** What authorize_by_token needs of the sessions (SessionRepository; a fake in unit specs). */
export interface SessionLogin {
  login(merchant: Merchant, user: MerchantUser, access: IssuedToken, refresh: IssuedToken): Promise<LoggedInUser>;
}

/** What refresh_token needs of the sessions (SessionRepository; an in-memory fake in unit specs). */
export interface RefreshTokenStore {
  findRefreshToken(hash: string): Promise<StoredRefreshToken | null>;
  issueAccess(userId: number, family: string, access: IssuedToken): Promise<void>;
  rotate(token: StoredRefreshToken, access: IssuedToken, refresh: IssuedToken, now: number): Promise<boolean>;
  revokeFamily(family: string, now: number): Promise<number>;
}

/**
 * A login in one statement (decisions OB2) and a hot statement (PF4). Parameters: the account ($1 merchant id,
 * $2 uuid, $3 openId for a new account, $4–$8 profile), the token family ($9 family, $10/$11 access hash and
 * expiry, $12/$13 refresh hash and expiry), the user.updated draft ($14 id, $15 subject, $16 envelope, $17 data).
 */
const LOGIN = hotStatement<{ id: number; openId: string; created: boolean; event: unknown }>(
  'sso.login',
  `WITH account AS (
     INSERT INTO "sso"."user" (merchant_id, uuid, open_id, username, name, nickname, phone, country, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now())
     ON CONFLICT (merchant_id, uuid) DO UPDATE SET
       username = EXCLUDED.username, name = EXCLUDED.name, nickname = EXCLUDED.nickname,
       phone = EXCLUDED.phone, country = EXCLUDED.country, updated_at = now()
     RETURNING id, open_id, (xmax = 0) AS created
   ), tokens AS (
     INSERT INTO "sso"."token" (hash, kind, user_id, family, expires_at)
     SELECT issued.hash, issued.kind::"sso"."token_kind", account.id, $9::uuid, issued.expires_at
     FROM account, (VALUES ($10, 'ACCESS', $11::timestamptz), ($12, 'REFRESH', $13::timestamptz)) AS issued (hash, kind, expires_at)
   ), event AS (
     INSERT INTO "sso"."outbox_event" (id, subject, payload, created_at)
     SELECT $14::uuid, $15, $16::jsonb || jsonb_build_object('data', $17::jsonb || jsonb_build_object('userId', account.id, 'openId', account.open_id, 'created', account.created)), now()
     FROM account
     RETURNING payload
   )
   SELECT account.id, account.open_id AS "openId", account.created, event.payload AS event FROM account, event`,
);

@Injectable()
export class SessionRepository implements SessionLogin, RefreshTokenStore {
  constructor(
    @Inject(serviceDatabaseToken('sso')) private readonly db: SsoDatabase,
    @Inject(SERVICE_EVENTS) private readonly events: ServiceEvents<SsoTransaction>,
  ) {}

  async login(merchant: Merchant, user: MerchantUser, access: IssuedToken, refresh: IssuedToken): Promise<LoggedInUser> {
    // One statement, one round trip, atomic without an interactive transaction (decisions OB2): the shadow
    // account is inserted or updated (two first logins of the same user at once cannot both insert; xmax = 0
    // only for a freshly inserted row), its new token family stored, and user.updated written into the outbox
    // with the account's id and openId, which only the statement knows.
    const event = this.events.draft('userUpdated', { clientId: merchant.clientId, uuid: user.uuid }, ['userId', 'openId', 'created']);
    const [row] = await this.db.run(LOGIN, [
      merchant.id, user.uuid, randomBase62(OPEN_ID_LENGTH), user.username, user.name, user.nickname, user.phone, user.country,
      randomUUID(), access.hash, access.expiresAt, refresh.hash, refresh.expiresAt,
      event.id, event.subject, event.envelope, event.data,
    ]);
    this.events.publishWritten([row.event]);
    return { userId: row.id, openId: row.openId, created: row.created };
  }

  async findRefreshToken(hash: string): Promise<StoredRefreshToken | null> {
    const token = await this.db.client.token.findFirst({
      where: { hash, kind: 'REFRESH' },
      select: { id: true, userId: true, family: true, expiresAt: true, consumedAt: true, revokedAt: true, user: { select: { merchantId: true, openId: true } } },
    });
    if (!token) return null;
    const { user, ...rest } = token;
    return { ...rest, merchantId: user.merchantId, openId: user.openId };
  }

  async issueAccess(userId: number, family: string, access: IssuedToken): Promise<void> {
    await this.db.client.token.create({ data: { hash: access.hash, kind: 'ACCESS', userId, family, expiresAt: access.expiresAt } });
  }

  /**
   * Exchanges a refresh token under rotation: consumes it and stores the new pair, atomically. False when it
   * was consumed meanwhile (a concurrent exchange won): that second use is a reuse.
   */
  async rotate(token: StoredRefreshToken, access: IssuedToken, refresh: IssuedToken, now: number): Promise<boolean> {
    return this.db.client.$transaction(async (tx) => {
      const { count } = await tx.token.updateMany({ where: { id: token.id, consumedAt: null, revokedAt: null }, data: { consumedAt: new Date(now) } });
      if (count === 0) return false;
      await this.storeTokens(tx, token.userId, token.family, access, refresh);
      return true;
    });
  }

  /** Revokes every token of a login (reuse of a rotated refresh token means it leaked). */
  async revokeFamily(family: string, now: number): Promise<number> {
    const { count } = await this.db.client.token.updateMany({ where: { family, revokedAt: null }, data: { revokedAt: new Date(now) } });
    return count;
  }

  private async storeTokens(tx: SsoTransaction, userId: number, family: string, access: IssuedToken, refresh: IssuedToken): Promise<void> {
    await tx.token.createMany({
      data: [
        { hash: access.hash, kind: 'ACCESS', userId, family, expiresAt: access.expiresAt },
        { hash: refresh.hash, kind: 'REFRESH', userId, family, expiresAt: refresh.expiresAt },
      ],
    });
  }
}
