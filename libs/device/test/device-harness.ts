/**
 * Runs DeviceModule for integration specs exactly as a host does (RuntimeModule + DeviceModule, lifecycle
 * hooks), over a real PostgreSQL database, the in-process bus and a shiftable clock. A second harness can
 * share the database (another replica of device-service).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Test, type TestingModule } from '@nestjs/testing';
import { type AuthenticatedUser, DEVICE_RPC, type GatewayResult, type ManufacturerWithDelKey, type RpcContract, gatewaySubject, identityOf } from '@dcp/contracts';
import { migrateService, serviceDatabase } from '@dcp/database';
import { RuntimeModule, createRuntime, loadConfig, type Runtime } from '@dcp/runtime';
import { ShiftableClock, createTestDatabase, uniqueName } from '@dcp/testing';
import { Client } from 'pg';
import type { z } from 'zod';
import { DeviceModule } from '../src/device.module';

export interface DeviceHarness {
  runtime: Runtime;
  module: TestingModule;
  clock: ShiftableClock;
  /** Direct SQL on the device database, for assertions on what is stored. */
  sql: Client;
  databaseUrl: string;
  secretsKey: string;
  rpc<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(contract: RpcContract<Req, Res>, payload: z.input<Req>): Promise<z.output<Res>>;
  /** A gateway operation as the edge dispatches it (parameters already validated, user authenticated). */
  gateway(service: string, params: Record<string, string>, user?: AuthenticatedUser): Promise<GatewayResult>;
  createManufacturer(oemCode?: string): Promise<ManufacturerWithDelKey>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** Share another harness's database (a second replica); its migrations are already applied. */
  databaseUrl?: string;
  /** SECRETS_KEY (hex); replicas of one deployment share it. */
  secretsKey?: string;
  /** SECRETS_KEY_PREVIOUS (hex, comma-separated): keys a rotation replaced. */
  secretsKeyPrevious?: string;
  clock?: ShiftableClock;
}

let nextUserId = 1000;

/** A fresh authenticated user (the ids only need to be distinct within a database). */
export function newUser(): AuthenticatedUser {
  const userId = nextUserId++;
  return { userId, openId: `open${userId}`, clientId: 'client-1', uuid: `uuid-${userId}` };
}

/** A random canonical MAC (12 upper-case hex digits). */
export function randomMac(): string {
  return randomBytes(6).toString('hex').toUpperCase();
}

export async function startDeviceHarness(opts: HarnessOptions = {}): Promise<DeviceHarness> {
  const created = opts.databaseUrl ? undefined : await createTestDatabase('dcp_device');
  const databaseUrl = opts.databaseUrl ?? created!.url;
  if (created) await migrateService(serviceDatabase('device'), { kind: 'postgres', url: databaseUrl });
  const dataDir = mkdtempSync(join(tmpdir(), 'dcp-device-'));
  const secretsKey = opts.secretsKey ?? randomBytes(32).toString('hex');
  const config = loadConfig({ DATABASE_URL: databaseUrl, NATS_URL: 'nats://127.0.0.1:4222', DATA_DIR: dataDir, SECRETS_KEY: secretsKey, SECRETS_KEY_PREVIOUS: opts.secretsKeyPrevious ?? '' } as NodeJS.ProcessEnv);
  const clock = opts.clock ?? new ShiftableClock();
  const runtime = await createRuntime(config, { bus: { kind: 'in-process', busId: uniqueName('device') }, database: () => ({ kind: 'postgres', url: databaseUrl }), clock });
  const module = await Test.createTestingModule({ imports: [RuntimeModule.forRoot(runtime), DeviceModule] }).compile();
  await module.init();
  // As the hosts do once the module started (SDF1): its request subjects are held until then.
  await runtime.openIntake();
  const sql = new Client({ connectionString: databaseUrl });
  await sql.connect();

  return {
    runtime,
    module,
    clock,
    sql,
    databaseUrl,
    secretsKey,
    rpc: (contract, payload) => runtime.rpcClient.request(contract, payload),
    // The edge forwards the identity it verified along with the operation's own parameters.
    gateway: async (service, params, user) =>
      (await runtime.rpcClient.requestRaw(gatewaySubject(service), { service, params: user ? { ...identityOf(user), ...params } : params, user })) as GatewayResult,
    createManufacturer: (oemCode = uniqueName('OEM')) => runtime.rpcClient.request(DEVICE_RPC.createManufacturer, { body: { oemCode, name: `Maker ${oemCode}` } }),
    close: async () => {
      await module.close();
      await runtime.close();
      await sql.end();
      if (created) await created.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export { rejection } from '@dcp/testing';
