/**
 * Runs SsoModule for integration specs exactly as a host does (RuntimeModule + SsoModule, lifecycle hooks),
 * over a real PostgreSQL database, the in-process bus, a settable clock, and the reference merchant over HTTP.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Test, type TestingModule } from '@nestjs/testing';
import { type MerchantWithSecret, type RpcContract, SSO_ADMIN_RPC, type SignedSsoRequest } from '@dcp/contracts';
import { migrateService, serviceDatabase } from '@dcp/database';
import { RuntimeModule, createRuntime, loadConfig, type Runtime } from '@dcp/runtime';
import { signedHeaders } from '@dcp/signing';
import { ManualClock, createTestDatabase, uniqueName } from '@dcp/testing';
import { Client } from 'pg';
import type { z } from 'zod';
import { type MerchantSandbox, startMerchantSandbox } from '@dcp/merchant-sandbox';
import { SsoModule } from '../src/sso.module';

export interface SsoHarness {
  runtime: Runtime;
  module: TestingModule;
  clock: ManualClock;
  sandbox: MerchantSandbox;
  /** Direct SQL on the sso database, for assertions on what is stored. */
  sql: Client;
  databaseUrl: string;
  secretsKey: string;
  rpc<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(contract: RpcContract<Req, Res>, payload: z.input<Req>): Promise<z.output<Res>>;
  /** Registers a merchant whose endpoints are the sandbox's. */
  createMerchant(body?: Record<string, unknown>): Promise<MerchantWithSecret>;
  /** A request signed as the merchant's app signs it, at the harness clock's time (advanced by 1 s first). */
  signed(path: string, params: Record<string, string>, merchant: { clientId: string; clientSecret: string }, atMs?: number): SignedSsoRequest;
  /** A sandbox user and a merchant token for it. */
  merchantUser(fields?: { uuid?: string; name?: string }): { uuid: string; token: string };
  close(): Promise<void>;
}

export interface HarnessOptions {
  allowPrivateNetworks?: boolean;
  /** Share another harness's database (a second replica); its migrations are already applied. */
  databaseUrl?: string;
  /** SECRETS_KEY (hex); replicas of one deployment share it. */
  secretsKey?: string;
  /** SECRETS_KEY_PREVIOUS (hex, comma-separated): keys a rotation replaced. */
  secretsKeyPrevious?: string;
  /** Share another harness's clock (replicas see the same time). */
  clock?: ManualClock;
}

export async function startSsoHarness(opts: HarnessOptions = {}): Promise<SsoHarness> {
  const created = opts.databaseUrl ? undefined : await createTestDatabase('dcp_sso');
  const databaseUrl = opts.databaseUrl ?? created!.url;
  if (created) await migrateService(serviceDatabase('sso'), { kind: 'postgres', url: databaseUrl });
  const dataDir = mkdtempSync(join(tmpdir(), 'dcp-sso-'));
  const secretsKey = opts.secretsKey ?? randomBytes(32).toString('hex');
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    NATS_URL: 'nats://127.0.0.1:4222',
    DATA_DIR: dataDir,
    SECRETS_KEY: secretsKey,
    SECRETS_KEY_PREVIOUS: opts.secretsKeyPrevious ?? '',
    MERCHANT_ALLOW_PRIVATE_NETWORKS: String(opts.allowPrivateNetworks ?? true),
  } as NodeJS.ProcessEnv);
  // The runtime clock (RUNTIME_CLOCK) stands still until a spec moves it.
  const clock = opts.clock ?? new ManualClock(Date.now());
  const runtime = await createRuntime(config, { bus: { kind: 'in-process', busId: uniqueName('sso') }, database: () => ({ kind: 'postgres', url: databaseUrl }), clock });
  const module = await Test.createTestingModule({ imports: [RuntimeModule.forRoot(runtime), SsoModule] }).compile();
  await module.init();
  // As the hosts do once the module started (SDF1): its request subjects are held until then.
  await runtime.openIntake();
  // The merchant lives on the same clock, so its token expiry and signature checks agree with ours.
  const sandbox = await startMerchantSandbox({ port: 0, now: () => clock.now() });
  const sql = new Client({ connectionString: databaseUrl });
  await sql.connect();

  const harness: SsoHarness = {
    runtime,
    module,
    clock,
    sandbox,
    sql,
    databaseUrl,
    secretsKey,
    rpc: (contract, payload) => runtime.rpcClient.request(contract, payload),
    createMerchant: (body = {}) =>
      runtime.rpcClient.request(SSO_ADMIN_RPC.createMerchant, {
        body: { name: 'Sandbox merchant', tokenValidationUrl: `${sandbox.url}/idp/is_valid_token`, userProfileUrl: `${sandbox.url}/idp/get_user_profile`, ...body },
      }),
    signed: (path, params, merchant, atMs) => {
      // Like a real client, every request is signed at a later second than the previous one (the same
      // request signed twice in one second is a replay).
      if (atMs === undefined) clock.advance(1);
      const h = signedHeaders({ method: 'POST', path, params, clientId: merchant.clientId, clientSecret: merchant.clientSecret, now: atMs ?? clock.now() });
      return { method: 'POST', path, params, headers: { clientTime: h['x-client-time'], version: h['x-version'], clientId: h['x-client-Id'], sign: h.sign } };
    },
    merchantUser: (fields = {}) => {
      const user = sandbox.store.create({ username: `${uniqueName('u').toLowerCase()}@merchant.example`, name: fields.name ?? 'Ann Example', country: 'DE', ...(fields.uuid ? { uuid: fields.uuid } : {}) });
      return { uuid: user.uuid, token: sandbox.store.issueToken(user.uuid) as string };
    },
    close: async () => {
      await module.close();
      await runtime.close();
      await sandbox.close();
      await sql.end();
      if (created) await created.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}

export { rejection } from '@dcp/testing';
