/**
 * Runs PushModule for integration specs exactly as a host does (RuntimeModule + PushModule, lifecycle hooks), over
 * a real PostgreSQL database, the in-process bus and a shiftable clock. device-service and sso-service, which
 * push-service asks on every alarm, are stood in for by their contracts: `owners` maps a device to its owner, and
 * every user's push tag is `TAG`, their merchant `merchantOf(userId)`. Webhook pushes are signed by a stand-in
 * sso-service with empty headers (specs here look at what is stored, not at what a merchant receives).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Test, type TestingModule } from '@nestjs/testing';
import { type AuthenticatedUser, type CameraAlarmStored, DEVICE_RPC, type GatewayResult, PUSH_RPC, SSO_RPC, gatewaySubject, identityOf } from '@dcp/contracts';
import { migrateService, serviceDatabase } from '@dcp/database';
import { RuntimeModule, createRuntime, loadConfig, type Runtime } from '@dcp/runtime';
import { signAlarm } from '@dcp/signing';
import { ShiftableClock, createTestDatabase, uniqueName } from '@dcp/testing';
import { Client } from 'pg';
import { PushModule } from '../src/push.module';

export const TAG = 'harness-push-tag';

export interface PushHarness {
  runtime: Runtime;
  module: TestingModule;
  clock: ShiftableClock;
  sql: Client;
  /** The push database, for a session of a spec's own (its own timeouts). */
  databaseUrl: string;
  /** Canonical MAC → owner's user id (the stand-in device-service). */
  owners: Map<string, number>;
  /** A gateway operation of push-service as the edge dispatches it. */
  gateway(service: string, params: Record<string, string>, user: AuthenticatedUser): Promise<GatewayResult>;
  /** A camera's alarm, signed with the owner's tag, at the clock's time. */
  alarm(macAddr: string, type: number): Promise<CameraAlarmStored>;
  close(): Promise<void>;
}

export const merchantOf = (userId: number) => `merchant-${userId % 2}`;

export async function startPushHarness(env: Record<string, string> = {}): Promise<PushHarness> {
  const db = await createTestDatabase('dcp_push');
  await migrateService(serviceDatabase('push'), { kind: 'postgres', url: db.url });
  const dataDir = mkdtempSync(join(tmpdir(), 'dcp-push-'));
  const config = loadConfig({ DATABASE_URL: db.url, NATS_URL: 'nats://127.0.0.1:4222', DATA_DIR: dataDir, ...env } as NodeJS.ProcessEnv);
  const clock = new ShiftableClock();
  const runtime = await createRuntime(config, { bus: { kind: 'in-process', busId: uniqueName('push') }, database: () => ({ kind: 'postgres', url: db.url }), clock });
  const owners = new Map<string, number>();
  runtime.rpcServer.handleContract(DEVICE_RPC.findDeviceOwner, async ({ macAddr }) => {
    const userId = owners.get(macAddr);
    return { owner: userId === undefined ? null : { userId, macAddr } };
  });
  runtime.rpcServer.handleContract(SSO_RPC.ssoUserPushTag, async ({ userId }) => ({ tag: TAG, clientId: merchantOf(userId) }));
  runtime.rpcServer.handleContract(SSO_RPC.ssoSignMerchantCall, async () => ({ headers: {} }));
  const module = await Test.createTestingModule({ imports: [RuntimeModule.forRoot(runtime), PushModule] }).compile();
  await module.init();
  await runtime.openIntake();
  const sql = new Client({ connectionString: db.url });
  await sql.connect();

  return {
    runtime,
    module,
    clock,
    sql,
    databaseUrl: db.url,
    owners,
    gateway: async (service, params, user) => (await runtime.rpcClient.requestRaw(gatewaySubject(service), { service, params: { ...identityOf(user), ...params }, user })) as GatewayResult,
    alarm: (macAddr, type) => {
      const now = Math.floor(clock.now() / 1000);
      const values = { mac: macAddr, type: String(type), time: String(now - 1), timestamp: String(now) };
      return runtime.rpcClient.request(PUSH_RPC.cameraAlarm, { ...values, signature: signAlarm(TAG, values) });
    },
    close: async () => {
      await module.close();
      await runtime.close();
      await sql.end();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
