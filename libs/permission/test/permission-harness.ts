/**
 * Runs PermissionModule for integration specs exactly as a host does (RuntimeModule + PermissionModule,
 * lifecycle hooks), over a real PostgreSQL database, the in-process bus and a settable clock. sso-service and
 * device-service are stood in for by their RPC contracts (SSO_RPC.ssoFindUser, DEVICE_RPC.findUserDevice)
 * answered from in-memory tables the spec fills.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Test, type TestingModule } from '@nestjs/testing';
import { DEVICE_RPC, EVENTS, type EventKey, type EventPayload, type GatewayResult, SSO_RPC, type RpcContract, gatewaySubject, identityOf, normalizeMac } from '@dcp/contracts';
import { migrateService, serviceDatabase } from '@dcp/database';
import { buildEvent } from '@dcp/messaging';
import { RuntimeModule, createRuntime, loadConfig, type Runtime } from '@dcp/runtime';
import { ManualClock, TEST_NATS_URL, createTestDatabase, deleteStream, onIncrement, publishRawEvent, uniqueName } from '@dcp/testing';
import { Client } from 'pg';
import type { z } from 'zod';
import { PermissionModule } from '../src/permission.module';

export interface TestUser {
  userId: number;
  openId: string;
  clientId: string;
  uuid: string;
}

export interface PermissionHarness {
  runtime: Runtime;
  module: TestingModule;
  clock: ManualClock;
  /** Direct SQL on the permission database, for assertions on what is stored. */
  sql: Client;
  rpc<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(contract: RpcContract<Req, Res>, payload: z.input<Req>): Promise<z.output<Res>>;
  /** A gateway operation as the edge dispatches it (parameters already validated, the user authenticated). */
  gateway(service: string, user: TestUser, params?: Record<string, string>): Promise<GatewayResult>;
  /** A user known to the stand-in sso-service. */
  user(): TestUser;
  /** Binds a device to a user at the stand-in device-service (or unbinds it); `lookups`: gone after that many questions. */
  bind(user: TestUser, macAddr: string, supportStore?: 0 | 1, lookups?: number): void;
  unbind(user: TestUser, macAddr: string): void;
  /** Publishes an event and resolves once permission-service's consumer has handled it (applied or duplicate). */
  deliver<K extends EventKey>(key: K, data: EventPayload<K>): Promise<{ id: string; outcome: string }>;
  /**
   * Puts an envelope into the stream exactly as given (no publisher validation or normalisation: what an
   * earlier release published) and resolves once the consumer has handled it. Needs `jetstream: true`.
   */
  deliverRaw<K extends EventKey>(key: K, data: Record<string, unknown>): Promise<{ id: string; outcome: string }>;
  close(): Promise<void>;
}

export interface PermissionHarnessOptions {
  /** Prepares the fresh database instead of applying every migration (data-migration specs). */
  prepareDatabase?: (databaseUrl: string) => Promise<void>;
  /** Events and RPC over NATS JetStream (a stream and subject prefix of its own) instead of the in-process bus. */
  jetstream?: boolean;
}

let nextUserId = 1000;

export async function startPermissionHarness(opts: PermissionHarnessOptions = {}): Promise<PermissionHarness> {
  const db = await createTestDatabase('dcp_permission');
  if (opts.prepareDatabase) await opts.prepareDatabase(db.url);
  else await migrateService(serviceDatabase('permission'), { kind: 'postgres', url: db.url });
  const dataDir = mkdtempSync(join(tmpdir(), 'dcp-permission-'));
  const config = loadConfig({ DATABASE_URL: db.url, NATS_URL: 'nats://127.0.0.1:4222', DATA_DIR: dataDir, EVENT_RETRY_DELAY_MS: '50' } as NodeJS.ProcessEnv);
  const clock = new ManualClock(Date.now());
  const nats = opts.jetstream ? { kind: 'nats' as const, url: TEST_NATS_URL, stream: uniqueName('PERMISSION'), subjectPrefix: uniqueName('perm').toLowerCase() } : undefined;
  const runtime = await createRuntime(config, { bus: nats ?? { kind: 'in-process', busId: uniqueName('permission') }, database: () => ({ kind: 'postgres', url: db.url }), clock });

  const users = new Map<string, TestUser>();
  const devices = new Map<string, { macAddr: string; supportStore: number; lookups: number }>();
  runtime.rpcServer.handleContract(SSO_RPC.ssoFindUser, async ({ openId }) => ({ user: users.get(openId) ?? null }));
  // The user's storeTag (sub-service information), the authorization records' userTag once a device has a stream
  // (sso-service creates it on first use for any user; users of a spec may exist only in its rows).
  runtime.rpcServer.handleContract(SSO_RPC.ssoUserStoreTag, async ({ userId }) => ({ storeTag: `storeTag${userId}` }));
  runtime.rpcServer.handleContract(DEVICE_RPC.findUserDevice, async ({ userId, macAddr }) => {
    const mac = normalizeMac(macAddr);
    const d = mac ? devices.get(`${userId}/${mac}`) : undefined;
    if (d && --d.lookups <= 0) devices.delete(`${userId}/${mac}`);
    return {
      device: d
        ? { userId, macAddr: d.macAddr, deviceName: 'cam', productName: 'P1', username: 'admin', password: 'x', hasusertag: 0, supportStore: d.supportStore, supportRichMedia: 0, oemCode: 'ACME' }
        : null,
    };
  });

  // Every consumer outcome is counted on dcp_events_consumed_total after its transaction ended: observe the
  // counter to know when an event was handled, without sleeping or polling.
  const handled: Array<{ subject: string; outcome: string }> = [];
  const waiters: Array<() => void> = [];
  onIncrement(runtime.metrics, (name, labels) => {
    if (name === 'dcp_events_consumed_total' && labels.service === 'permission') {
      handled.push({ subject: labels.subject, outcome: labels.outcome });
      for (const w of waiters.splice(0)) w();
    }
  });

  const module = await Test.createTestingModule({ imports: [RuntimeModule.forRoot(runtime), PermissionModule] }).compile();
  await module.init();
  // As the hosts do once the module started (SDF1): its request subjects are held until then.
  await runtime.openIntake();
  const sql = new Client({ connectionString: db.url });
  await sql.connect();

  return {
    runtime,
    module,
    clock,
    sql,
    rpc: (contract, payload) => runtime.rpcClient.request(contract, payload),
    gateway: async (service, user, params = {}) => (await runtime.rpcClient.requestRaw(gatewaySubject(service), { service, params: { ...identityOf(user), ...params }, user })) as GatewayResult,
    user: () => {
      const userId = nextUserId++;
      const u = { userId, openId: `open-${userId}`, clientId: 'client-1', uuid: `uuid-${userId}` };
      users.set(u.openId, u);
      return u;
    },
    bind: (user, macAddr, supportStore = 1, lookups = Infinity) => {
      const mac = normalizeMac(macAddr)!;
      devices.set(`${user.userId}/${mac}`, { macAddr: mac, supportStore, lookups });
    },
    unbind: (user, macAddr) => {
      devices.delete(`${user.userId}/${normalizeMac(macAddr)!}`);
    },
    deliver: (key, data) => {
      const envelope = buildEvent(key, data);
      return handledAfter(key, envelope.id, () => runtime.events.publish(envelope));
    },
    deliverRaw: (key, data) => {
      if (!nats) throw new Error('deliverRaw needs startPermissionHarness({ jetstream: true })');
      const envelope = { id: randomUUID(), type: EVENTS[key].subject, occurredAt: new Date().toISOString(), source: EVENTS[key].source, data };
      return handledAfter(key, envelope.id, () => publishRawEvent(`${nats.subjectPrefix}.${envelope.type}`, envelope));
    },
    close: async () => {
      await module.close();
      await runtime.close();
      await sql.end();
      await db.drop();
      if (nats) await deleteStream(nats.stream);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };

  /** Runs `publish` and resolves once the consumer has handled an event of that key after it (applied or duplicate). */
  async function handledAfter(key: EventKey, id: string, publish: () => Promise<void>): Promise<{ id: string; outcome: string }> {
    const before = handled.length;
    const done = new Promise<{ subject: string; outcome: string }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`permission-service did not handle ${EVENTS[key].subject} within 10 s`)), 10_000);
      const check = () => {
        const found = handled.slice(before).find((h) => h.subject === EVENTS[key].subject && (h.outcome === 'applied' || h.outcome === 'duplicate'));
        if (found) {
          clearTimeout(timer);
          resolve(found);
        } else waiters.push(check);
      };
      waiters.push(check);
    });
    await publish();
    return { id, outcome: (await done).outcome };
  }
}

export { rejection } from '@dcp/testing';
