/**
 * Signatures already accepted, shared by every replica through the sso database: the primary key
 * (clientId, sign) makes the first insert win, so a replay is refused wherever it lands.
 */
import { Inject, Injectable } from '@nestjs/common';
import { hotStatement } from '@dcp/database';
import { serviceDatabaseToken } from '@dcp/runtime';
import type { SsoDatabase } from '../sso-database.types';

/** What the signed-request verifier needs of the used signatures (UsedSignatureStore; an in-memory fake in unit specs). */
export interface UsedSignatures {
  /** True the first time this signature is seen; false when it was already used. */
  remember(clientId: string, sign: string, expiresAt: Date): Promise<boolean>;
}

/** Every signed SSO request (a hot statement: decisions PF4). */
const REMEMBER = hotStatement<{ remembered: boolean }>(
  'sso.remember-signature',
  `INSERT INTO "sso"."used_signature" (client_id, sign, expires_at) VALUES ($1, $2, $3::timestamptz)
   ON CONFLICT (client_id, sign) DO NOTHING RETURNING true AS remembered`,
);

@Injectable()
export class UsedSignatureStore implements UsedSignatures {
  constructor(@Inject(serviceDatabaseToken('sso')) private readonly db: SsoDatabase) {}

  /** True the first time this signature is seen; false when it was already used. */
  async remember(clientId: string, sign: string, expiresAt: Date): Promise<boolean> {
    const inserted = await this.db.run(REMEMBER, [clientId, sign, expiresAt]);
    return inserted.length === 1;
  }
}
