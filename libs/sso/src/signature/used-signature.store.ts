/**
 * Signatures already accepted, shared by every replica through the sso database: the primary key
 * (clientId, sign) makes the first insert win, so a replay is refused wherever it lands.
 */
import { Inject, Injectable } from '@nestjs/common';
import { serviceDatabaseToken } from '@dcp/runtime';
import type { SsoDatabase } from '../sso-database.types';

/** What the signed-request verifier needs of the used signatures (UsedSignatureStore; an in-memory fake in unit specs). */
export interface UsedSignatures {
  /** True the first time this signature is seen; false when it was already used. */
  remember(clientId: string, sign: string, expiresAt: Date): Promise<boolean>;
}

@Injectable()
export class UsedSignatureStore implements UsedSignatures {
  constructor(@Inject(serviceDatabaseToken('sso')) private readonly db: SsoDatabase) {}

  /** True the first time this signature is seen; false when it was already used. */
  async remember(clientId: string, sign: string, expiresAt: Date): Promise<boolean> {
    const inserted = await this.db.client.$executeRaw`
      INSERT INTO "sso"."used_signature" (client_id, sign, expires_at) VALUES (${clientId}, ${sign}, ${expiresAt})
      ON CONFLICT (client_id, sign) DO NOTHING`;
    return inserted === 1;
  }
}
