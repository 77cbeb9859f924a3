/**
 * Everything needed to judge a gateway call's (clientId, openId, accessToken) in one round trip: three
 * unique-index lookups joined side by side, so each failure can still be told apart (030010/030030/…).
 */
import { Inject, Injectable } from '@nestjs/common';
import { hotStatement } from '@dcp/database';
import { serviceDatabaseToken } from '@dcp/runtime';
import type { SsoDatabase } from '../sso-database.types';

export interface AccessTokenFacts {
  merchantId: number | null;
  merchantEnabled: boolean | null;
  userId: number | null;
  userMerchantId: number | null;
  uuid: string | null;
  tokenUserId: number | null;
  tokenKind: string | null;
  tokenExpiresAt: Date | null;
  tokenRevokedAt: Date | null;
}

/** Behind every gateway call the edge has not verified in the last seconds (a hot statement: decisions PF4). */
const FACTS = hotStatement<AccessTokenFacts>(
  'sso.access-token-facts',
  `SELECT m.id AS "merchantId", m.enabled AS "merchantEnabled",
          u.id AS "userId", u.merchant_id AS "userMerchantId", u.uuid,
          t.user_id AS "tokenUserId", t.kind::text AS "tokenKind", t.expires_at AS "tokenExpiresAt", t.revoked_at AS "tokenRevokedAt"
   FROM (SELECT 1) AS one
   LEFT JOIN "sso"."merchant" m ON m.client_id = $1
   LEFT JOIN "sso"."user" u ON u.open_id = $2
   LEFT JOIN "sso"."token" t ON t.hash = $3`,
);

@Injectable()
export class AccessTokenLookup {
  constructor(@Inject(serviceDatabaseToken('sso')) private readonly db: SsoDatabase) {}

  async facts(clientId: string, openId: string, tokenHash: string): Promise<AccessTokenFacts> {
    const [row] = await this.db.run(FACTS, [clientId, openId, tokenHash]);
    return row;
  }
}
