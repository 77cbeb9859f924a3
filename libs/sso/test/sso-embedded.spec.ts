/**
 * Embedded mode (the default `npm start`): PGlite in memory, migrated by the module itself on start, the
 * in-process bus — the same module and SQL as on PostgreSQL. Needs no infrastructure.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Test, type TestingModule } from '@nestjs/testing';
import { ErrorCode, EVENTS, SSO_RPC, SSO_ADMIN_RPC } from '@dcp/contracts';
import { RuntimeModule, createRuntime, loadConfig, type Runtime } from '@dcp/runtime';
import { signedHeaders } from '@dcp/signing';
import { expectEvent, uniqueName } from '@dcp/testing';
import { type MerchantSandbox, startMerchantSandbox } from '@dcp/merchant-sandbox';
import { SsoModule } from '../src/sso.module';

describe('sso: embedded mode (PGlite, self-migrating)', () => {
  let runtime: Runtime;
  let module: TestingModule;
  let sandbox: MerchantSandbox;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'dcp-sso-embedded-'));
    const config = loadConfig({ DATA_DIR: dataDir } as NodeJS.ProcessEnv);
    expect(config.mode).toBe('embedded');
    runtime = await createRuntime(config, { bus: { kind: 'in-process', busId: uniqueName('sso') }, database: () => ({ kind: 'pglite' }) });
    module = await Test.createTestingModule({ imports: [RuntimeModule.forRoot(runtime), SsoModule] }).compile();
    await module.init();
    await runtime.openIntake();
    sandbox = await startMerchantSandbox({ port: 0 });
  }, 60_000);
  afterAll(async () => {
    await module?.close();
    await runtime?.close();
    await sandbox?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const signed = (path: string, params: Record<string, string>, m: { clientId: string; clientSecret: string }, now = Date.now()) => {
    const h = signedHeaders({ method: 'POST', path, params, clientId: m.clientId, clientSecret: m.clientSecret, now });
    return { method: 'POST' as const, path, params, headers: { clientTime: h['x-client-time'], version: h['x-version'], clientId: h['x-client-Id'], sign: h.sign } };
  };

  it('logs in, verifies, replays are refused, and DELETE publishes user.deleted', async () => {
    const merchant = await runtime.rpcClient.request(SSO_ADMIN_RPC.createMerchant, {
      body: { name: 'Embedded', tokenValidationUrl: `${sandbox.url}/idp/is_valid_token`, userProfileUrl: `${sandbox.url}/idp/get_user_profile` },
    });
    const user = sandbox.store.create({ username: 'e@merchant.example', name: 'E' });
    const login = signed('/sso/authorize_by_token', { token: sandbox.store.issueToken(user.uuid) as string }, merchant);
    const tokens = await runtime.rpcClient.request(SSO_RPC.ssoAuthorizeByToken, login);
    await expect(runtime.rpcClient.request(SSO_RPC.ssoAuthorizeByToken, login)).rejects.toMatchObject({ code: ErrorCode.SSO_SIGNATURE_REPLAYED });
    const verified = await runtime.rpcClient.request(SSO_RPC.ssoVerifyAccessToken, { clientId: merchant.clientId, openId: tokens.openId, accessToken: tokens.accessToken });
    expect(verified).toMatchObject({ uuid: user.uuid, openId: tokens.openId });

    sandbox.store.delete(user.uuid);
    const deleted = await expectEvent(runtime.events, EVENTS.userDeleted.subject, (e) => (e.data as { uuid: string }).uuid === user.uuid);
    await runtime.rpcClient.request(SSO_RPC.ssoUserCallback, signed('/sso/user_callback', { operation: 'DELETE', uuid: user.uuid }, merchant, Date.now() + 1000));
    expect((await deleted.arrived).data).toEqual({ userId: verified.userId, openId: tokens.openId, clientId: merchant.clientId, uuid: user.uuid });
  });
});
