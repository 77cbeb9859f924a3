/**
 * Runs StorageModule for integration specs exactly as a host does (RuntimeModule + StorageModule, lifecycle
 * hooks), over a real PostgreSQL database, the in-process bus, a shiftable clock and objects on the
 * filesystem of a temporary DATA_DIR. device-service and sso-service are stood in for by their RPC
 * contracts (DEVICE_RPC.findDeviceOwner, SSO_RPC.ssoUserSubtoken) answered from tables the spec fills;
 * every user has the subtoken `subtoken-<userId>` until the spec removes their account.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Test, type TestingModule } from '@nestjs/testing';
import { DEVICE_RPC, EVENTS, type EventKey, type EventPayload, SSO_RPC, type RpcContract, STORAGE_RPC, type SegmentView, normalizeMac } from '@dcp/contracts';
import { migrateService, serviceDatabase } from '@dcp/database';
import { buildEvent } from '@dcp/messaging';
import { type HandledEvent, RuntimeModule, SERVICE_EVENTS, type ServiceEvents, createRuntime, loadConfig, type Runtime } from '@dcp/runtime';
import { Collector, ShiftableClock, TEST_NATS_URL, createTestDatabase, deleteStream, publishRawEvent, tsNullPackets, uniqueName } from '@dcp/testing';
import { Client } from 'pg';
import type { z } from 'zod';
import type { StorageTransaction } from '../src/storage-database.types';
import { OBJECT_STORE, type ObjectStore } from '../src/objects/object-store';
import type { ObjectStoreConfig } from '../src/objects/object-store-config';
import { OBJECT_STORE_CONFIG } from '../src/objects/object-store.provider';
import { RetentionSweeper } from '../src/retention/retention-sweeper';
import { StorageModule } from '../src/storage.module';

export interface StorageHarness {
  runtime: Runtime;
  module: TestingModule;
  clock: ShiftableClock;
  /** Direct SQL on the storage database. */
  sql: Client;
  /** The storage database (a second harness can share it: `database`). */
  databaseUrl: string;
  dataDir: string;
  sweeper: RetentionSweeper;
  rpc<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(contract: RpcContract<Req, Res>, payload: z.input<Req>): Promise<z.output<Res>>;
  /** Binds a MAC to a user at the stand-in device-service (undefined: nobody); the user gets a subtoken. */
  bind(macAddr: string, userId: number | undefined): void;
  /** Called on every owner lookup, before it is answered (to change hands in the middle of an ingest). */
  onOwnerLookup?: (macAddr: string) => void;
  /** Called on every subtoken lookup, before it is answered. */
  onSubtokenLookup?: (userId: number) => void;
  /** The stand-in sso-service has no account for the user any more (its subtoken answers null). */
  removeAccount(userId: number): void;
  ingest(macAddr: string, start: number, opts?: { duration?: number; type?: number; bytes?: Buffer }): Promise<SegmentView>;
  /** Publishes an event; resolves once storage-service's consumer has handled it (applied or duplicate). */
  deliver<K extends EventKey>(key: K, data: EventPayload<K>, envelope?: ReturnType<typeof buildEvent<K>>): Promise<HandledEvent['outcome']>;
  /**
   * Puts an envelope into the stream exactly as given (no publisher validation or normalisation: what an
   * earlier release published); resolves once the consumer has handled it. Needs `jetstream: true`.
   */
  deliverRaw(key: EventKey, data: Record<string, unknown>): Promise<HandledEvent['outcome']>;
  /** Object files under DATA_DIR/objects. */
  objectFiles(): string[];
  close(): Promise<void>;
}

/** `packets` MPEG-TS packets. */
export function tsBytes(packets = 2): Buffer {
  return tsNullPackets(packets);
}

let nextMac = 1;
/** A new canonical MAC (12 upper-case hex digits). */
export function newMac(): string {
  return `5A${Date.now().toString(16).slice(-4)}${(nextMac++).toString(16).padStart(6, '0')}`.toUpperCase();
}
let nextUser = 5000;
export const newUserId = () => nextUser++;

export interface StorageHarnessOptions {
  objectStore?: ObjectStore;
  /** Prepares the fresh database instead of applying every migration (data-migration specs). */
  prepareDatabase?: (databaseUrl: string) => Promise<void>;
  /** Events and RPC over NATS JetStream (a stream and subject prefix of its own) instead of the in-process bus. */
  jetstream?: boolean;
  /** An existing, migrated storage database to run on (another harness's `databaseUrl`); left in place at close. */
  database?: string;
  /** DATA_DIR to use instead of a fresh temporary one (left in place at close). */
  dataDir?: string;
  /** The object store configuration the module sees (default: the environment's, i.e. DATA_DIR/objects). */
  objectStoreConfig?: ObjectStoreConfig;
  /** The runtime's clock (default: a fresh ShiftableClock). */
  clock?: ShiftableClock;
}

export async function startStorageHarness(opts: StorageHarnessOptions = {}): Promise<StorageHarness> {
  const db = opts.database ? { url: opts.database, drop: async () => undefined } : await createTestDatabase('dcp_storage');
  if (opts.prepareDatabase) await opts.prepareDatabase(db.url);
  else if (!opts.database) await migrateService(serviceDatabase('storage'), { kind: 'postgres', url: db.url });
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'dcp-storage-'));
  const removeDataDir = () => {
    if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const config = loadConfig({ DATABASE_URL: db.url, NATS_URL: 'nats://127.0.0.1:4222', DATA_DIR: dataDir, EVENT_RETRY_DELAY_MS: '50' } as NodeJS.ProcessEnv);
  const clock = opts.clock ?? new ShiftableClock();
  const nats = opts.jetstream ? { kind: 'nats' as const, url: TEST_NATS_URL, stream: uniqueName('STORAGE'), subjectPrefix: uniqueName('storage').toLowerCase() } : undefined;
  const runtime = await createRuntime(config, { bus: nats ?? { kind: 'in-process', busId: uniqueName('storage') }, database: () => ({ kind: 'postgres', url: db.url }), clock });

  const owners = new Map<string, number>();
  const harness = {} as StorageHarness;
  runtime.rpcServer.handleContract(DEVICE_RPC.findDeviceOwner, async ({ macAddr }) => {
    const mac = normalizeMac(macAddr);
    if (mac) harness.onOwnerLookup?.(mac);
    const userId = mac ? owners.get(mac) : undefined;
    return { owner: userId && mac ? { userId, macAddr: mac } : null };
  });
  const removedAccounts = new Set<number>();
  runtime.rpcServer.handleContract(SSO_RPC.ssoUserSubtoken, async ({ userId }) => {
    harness.onSubtokenLookup?.(userId);
    return { subtoken: removedAccounts.has(userId) ? null : `subtoken-${userId}` };
  });

  let builder = Test.createTestingModule({ imports: [RuntimeModule.forRoot(runtime), StorageModule] });
  if (opts.objectStore) builder = builder.overrideProvider(OBJECT_STORE).useValue(opts.objectStore);
  if (opts.objectStoreConfig) builder = builder.overrideProvider(OBJECT_STORE_CONFIG).useValue(opts.objectStoreConfig);
  const module = await builder.compile();
  const handled = new Collector<HandledEvent>();
  try {
    await module.init();
    // As the hosts do once the module started (SDF1): its request subjects are held until then.
    await runtime.openIntake();
  } catch (err) {
    // A refused start (the shared-store guard) leaves nothing behind; the spec sees the error.
    await module.close().catch(() => undefined);
    await runtime.close();
    await db.drop();
    if (nats) await deleteStream(nats.stream);
    removeDataDir();
    throw err;
  }
  const events = module.get<ServiceEvents<StorageTransaction>>(SERVICE_EVENTS, { strict: false });
  // Nothing is published before the spec does: observing from here misses no delivery.
  events.onHandled(handled.push);
  const sql = new Client({ connectionString: db.url });
  await sql.connect();

  return Object.assign(harness, {
    runtime,
    module,
    clock,
    sql,
    databaseUrl: db.url,
    dataDir,
    sweeper: module.get(RetentionSweeper, { strict: false }),
    rpc: <Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(contract: RpcContract<Req, Res>, payload: z.input<Req>) => runtime.rpcClient.request(contract, payload),
    bind: (macAddr: string, userId: number | undefined) => {
      const mac = normalizeMac(macAddr)!;
      if (userId === undefined) owners.delete(mac);
      else owners.set(mac, userId);
    },
    removeAccount: (userId: number) => void removedAccounts.add(userId),
    ingest: (macAddr: string, start: number, o: { duration?: number; type?: number; bytes?: Buffer } = {}) =>
      runtime.rpcClient.request(STORAGE_RPC.ingestSegment, { devId: macAddr, start, duration: o.duration ?? 2, type: o.type ?? 1, contentBase64: (o.bytes ?? tsBytes()).toString('base64') }),
    deliver: <K extends EventKey>(key: K, data: EventPayload<K>, envelope = buildEvent(key, data)) => handledAfter(envelope.id, envelope.type, () => runtime.events.publish(envelope)),
    deliverRaw: (key: EventKey, data: Record<string, unknown>) => {
      if (!nats) throw new Error('deliverRaw needs startStorageHarness({ jetstream: true })');
      const envelope = { id: randomUUID(), type: EVENTS[key].subject, occurredAt: new Date().toISOString(), source: EVENTS[key].source, data };
      return handledAfter(envelope.id, envelope.type, () => publishRawEvent(`${nats.subjectPrefix}.${envelope.type}`, envelope));
    },
    objectFiles: () => {
      try {
        return readdirSync(join(dataDir, 'objects'), { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => e.name);
      } catch {
        return [];
      }
    },
    close: async () => {
      await module.close();
      await runtime.close();
      await sql.end();
      await db.drop();
      if (nats) await deleteStream(nats.stream);
      removeDataDir();
    },
  });

  /** Runs `publish` and resolves with the outcome once the consumer has handled event `id` (applied or duplicate). */
  async function handledAfter(id: string, type: string, publish: () => Promise<void>): Promise<HandledEvent['outcome']> {
    const from = handled.items.length;
    await publish();
    const items = await handled.until((all) => all.slice(from).some((h) => h.eventId === id && (h.outcome === 'applied' || h.outcome === 'duplicate')), `storage-service handling ${type}`);
    return items.slice(from).find((h) => h.eventId === id)!.outcome;
  }
}

export { rejection } from '@dcp/testing';
