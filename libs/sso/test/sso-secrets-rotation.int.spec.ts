/**
 * SECRETS_KEY rotation (docs/decisions.md SK1–SK3) on sso-service: a replica started with a new SECRETS_KEY
 * and the old one in SECRETS_KEY_PREVIOUS re-encrypts every merchant's client secret (and the previous secret
 * of a rotation in its grace period); a replica that knows only the new key verifies logins signed with them.
 */
import { randomBytes } from 'node:crypto';
import { SSO_ADMIN_RPC, SSO_RPC } from '@dcp/contracts';
import { secretKeyId } from '@dcp/signing';
import { describeWithInfra } from '@dcp/testing';
import { ReencryptSsoSecretsJob } from '../src/reencrypt-sso-secrets.job';
import { type SsoHarness, startSsoHarness } from './sso-harness';

describeWithInfra(['postgres'], 'sso: SECRETS_KEY rotation (PostgreSQL)', () => {
  const harnesses: SsoHarness[] = [];
  afterAll(async () => {
    // The first harness owns the database: close it last.
    for (const h of harnesses.reverse()) await h.close();
  });

  it('re-encrypts current and grace-period secrets; logins signed with either verify on a replica with only the new key', async () => {
    const oldKey = randomBytes(32).toString('hex');
    const newKey = randomBytes(32).toString('hex');
    const before = await startSsoHarness({ secretsKey: oldKey });
    harnesses.push(before);
    const steady = await before.createMerchant({ name: 'Steady' });
    const rotating = await before.createMerchant({ name: 'Rotating' });
    const rotated = await before.rpc(SSO_ADMIN_RPC.rotateMerchantSecret, { clientId: rotating.clientId, body: { graceSeconds: 3600 } });
    // A user with a subtoken (the key of its stream calls), encrypted under the old key.
    await before.rpc(SSO_RPC.ssoAuthorizeByToken, before.signed('/sso/authorize_by_token', { token: before.merchantUser().token }, steady));
    const [{ id: userId }] = (await before.sql.query<{ id: number }>('SELECT id FROM sso."user"')).rows;
    const { subtoken } = await before.rpc(SSO_RPC.ssoUserSubtoken, { userId });

    const replica = await startSsoHarness({ databaseUrl: before.databaseUrl, secretsKey: newKey, secretsKeyPrevious: oldKey, clock: before.clock });
    harnesses.push(replica);
    const outcome = await replica.module.get(ReencryptSsoSecretsJob).finished();
    expect(outcome['merchant client secrets']).toEqual({ reencrypted: 2, unreadable: 0, changedMeanwhile: 0 });
    expect(outcome['stream subtokens']).toEqual({ reencrypted: 1, unreadable: 0, changedMeanwhile: 0 });

    const prefix = `v2.${secretKeyId(Buffer.from(newKey, 'hex'))}.`;
    const rows = await replica.sql.query<{ secret: string; previous: string | null }>(
      'SELECT secret_ciphertext AS secret, previous_secret_ciphertext AS previous FROM sso.merchant',
    );
    for (const row of rows.rows) {
      expect(row.secret.startsWith(prefix)).toBe(true);
      if (row.previous !== null) expect(row.previous.startsWith(prefix)).toBe(true);
    }
    const stored = await replica.sql.query<{ c: string }>('SELECT subtoken_ciphertext AS c FROM sso.sub_service_info');
    expect(stored.rows.map((r) => r.c.startsWith(prefix))).toEqual([true]);

    const onlyNew = await startSsoHarness({ databaseUrl: before.databaseUrl, secretsKey: newKey, clock: before.clock });
    harnesses.push(onlyNew);
    const login = (clientId: string, clientSecret: string) =>
      onlyNew.rpc(SSO_RPC.ssoAuthorizeByToken, onlyNew.signed('/sso/authorize_by_token', { token: before.merchantUser().token }, { clientId, clientSecret }));
    // The merchant sandbox of `before` issued the tokens; point the merchants at it (they already are).
    await expect(login(steady.clientId, steady.clientSecret)).resolves.toBeDefined();
    await expect(login(rotating.clientId, rotated.clientSecret)).resolves.toBeDefined();
    await expect(login(rotating.clientId, rotating.clientSecret)).resolves.toBeDefined();
    // The user's stream calls keep working: the same subtoken, read under the new key only.
    await expect(onlyNew.rpc(SSO_RPC.ssoUserSubtoken, { userId })).resolves.toEqual({ subtoken });
  });
});
