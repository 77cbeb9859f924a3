/**
 * Runs StorageModule for integration specs exactly as a host does (RuntimeModule + StorageModule, lifecycle
 * hooks), over a real PostgreSQL database, the in-process bus, a shiftable clock and objects on the
 * filesystem of a temporary DATA_DIR. device-service and sso-service are stood in for by their RPC
 * contracts (DEVICE_RPC.findDeviceOwner, RPC.ssoUserSubtoken) answered from tables the spec fills.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Test, type TestingModule } from '@nestjs/testing';
import { DEVICE_RPC, type EventKey, type EventPayload, RPC, type RpcContract, STORAGE_RPC, type SegmentView, normalizeMac } from '@dcp/contracts';
import { migrateService, serviceDatabase } from '@dcp/database';
import { buildEvent } from '@dcp/messaging';
import { type HandledEvent, RuntimeModule, createRuntime, loadConfig, type Runtime } from '@dcp/runtime';
import { Collector, ShiftableClock, createTestDatabase, uniqueName } from '@dcp/testing';
import { Client } from 'pg';
import type { z } from 'zod';
import { STORAGE_EVENTS, type StorageEvents } from '../src/infrastructure/storage-events';
import { OBJECT_STORE, type ObjectStore } from '../src/objects/object-store';
import { RetentionSweeper } from '../src/retention/retention-sweeper';
import { StorageModule } from '../src/storage.module';

export interface StorageHarness {
  runtime: Runtime;
  module: TestingModule;
  clock: ShiftableClock;
  /** Direct SQL on the storage database. */
  sql: Client;
  dataDir: string;
  sweeper: RetentionSweeper;
  rpc<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(contract: RpcContract<Req, Res>, payload: z.input<Req>): Promise<z.output<Res>>;
  /** Binds a MAC to a user at the stand-in device-service (undefined: nobody); the user gets a subtoken. */
  bind(macAddr: string, userId: number | undefined): void;
  /** Called on every owner lookup, before it is answered (to change hands in the middle of an ingest). */
  onOwnerLookup?: (macAddr: string) => void;
  ingest(macAddr: string, start: number, opts?: { duration?: number; type?: number; bytes?: Buffer }): Promise<SegmentView>;
  /** Publishes an event; resolves once storage-service's consumer has handled it (applied or duplicate). */
  deliver<K extends EventKey>(key: K, data: EventPayload<K>, envelope?: ReturnType<typeof buildEvent<K>>): Promise<HandledEvent['outcome']>;
  /** Object files under DATA_DIR/objects. */
  objectFiles(): string[];
  close(): Promise<void>;
}

/** `packets` MPEG-TS packets. */
export function tsBytes(packets = 2): Buffer {
  const b = Buffer.alloc(188 * packets, 0xff);
  for (let i = 0; i < packets; i++) b[i * 188] = 0x47;
  return b;
}

let nextMac = 1;
export function newMac(): string {
  const hex = `5A${Date.now().toString(16).slice(-4)}${(nextMac++).toString(16).padStart(6, '0')}`.toUpperCase();
  return hex.match(/../g)!.join(':');
}
let nextUser = 5000;
export const newUserId = () => nextUser++;

export async function startStorageHarness(opts: { objectStore?: ObjectStore } = {}): Promise<StorageHarness> {
  const db = await createTestDatabase('dcp_storage');
  await migrateService(serviceDatabase('storage'), { kind: 'postgres', url: db.url });
  const dataDir = mkdtempSync(join(tmpdir(), 'dcp-storage-'));
  const config = loadConfig({ DATABASE_URL: db.url, NATS_URL: 'nats://127.0.0.1:4222', DATA_DIR: dataDir, EVENT_RETRY_DELAY_MS: '50' } as NodeJS.ProcessEnv);
  const clock = new ShiftableClock();
  const runtime = await createRuntime(config, { bus: { kind: 'in-process', busId: uniqueName('storage') }, database: () => ({ kind: 'postgres', url: db.url }), clock });

  const owners = new Map<string, number>();
  const harness = {} as StorageHarness;
  runtime.rpcServer.handleContract(DEVICE_RPC.findDeviceOwner, async ({ macAddr }) => {
    const mac = normalizeMac(macAddr);
    if (mac) harness.onOwnerLookup?.(mac);
    const userId = mac ? owners.get(mac) : undefined;
    return { owner: userId && mac ? { userId, macAddr: mac } : null };
  });
  runtime.rpcServer.handleContract(RPC.ssoUserSubtoken, async ({ userId }) => ({ subtoken: `subtoken-${userId}` }));

  let builder = Test.createTestingModule({ imports: [RuntimeModule.forRoot(runtime), StorageModule] });
  if (opts.objectStore) builder = builder.overrideProvider(OBJECT_STORE).useValue(opts.objectStore);
  const module = await builder.compile();
  const handled = new Collector<HandledEvent>();
  await module.init();
  const events = module.get<StorageEvents>(STORAGE_EVENTS, { strict: false });
  // Nothing is published before the spec does: observing from here misses no delivery.
  events.onHandled(handled.push);
  const sql = new Client({ connectionString: db.url });
  await sql.connect();

  return Object.assign(harness, {
    runtime,
    module,
    clock,
    sql,
    dataDir,
    sweeper: module.get(RetentionSweeper, { strict: false }),
    rpc: <Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(contract: RpcContract<Req, Res>, payload: z.input<Req>) => runtime.rpcClient.request(contract, payload),
    bind: (macAddr: string, userId: number | undefined) => {
      const mac = normalizeMac(macAddr)!;
      if (userId === undefined) owners.delete(mac);
      else owners.set(mac, userId);
    },
    ingest: (macAddr: string, start: number, o: { duration?: number; type?: number; bytes?: Buffer } = {}) =>
      runtime.rpcClient.request(STORAGE_RPC.ingestSegment, { devId: macAddr, start, duration: o.duration ?? 2, type: o.type ?? 1, contentBase64: (o.bytes ?? tsBytes()).toString('base64') }),
    deliver: async <K extends EventKey>(key: K, data: EventPayload<K>, envelope = buildEvent(key, data)) => {
      const from = handled.items.length;
      await runtime.events.publish(envelope);
      const items = await handled.until((all) => all.slice(from).some((h) => h.eventId === envelope.id && (h.outcome === 'applied' || h.outcome === 'duplicate')), `storage-service handling ${envelope.type}`);
      return items.slice(from).find((h) => h.eventId === envelope.id)!.outcome;
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
      rmSync(dataDir, { recursive: true, force: true });
    },
  });
}

export { rejection } from '@dcp/testing';
