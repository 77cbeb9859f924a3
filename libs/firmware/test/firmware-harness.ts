/**
 * Runs FirmwareModule for integration specs exactly as a host does (RuntimeModule + FirmwareModule, lifecycle
 * hooks), over a real PostgreSQL database, the in-process bus and a shiftable clock. device-service, which
 * firmware-service asks before it records rollout progress, is stood in for by its contract
 * (DEVICE_RPC.boundDevices): every device is bound to the user who asks unless `devices.bound` lists them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Test, type TestingModule } from '@nestjs/testing';
import { type AuthenticatedUser, DEVICE_RPC, ErrorCode, FIRMWARE_RPC, type GatewayResult, PlatformError, type ReleaseView, type RpcContract, gatewaySubject, identityOf, normalizeMac } from '@dcp/contracts';
import { migrateService, serviceDatabase } from '@dcp/database';
import { RuntimeModule, createRuntime, loadConfig, type Runtime } from '@dcp/runtime';
import { ShiftableClock, createTestDatabase, uniqueName } from '@dcp/testing';
import { Client } from 'pg';
import type { z } from 'zod';
import { FirmwareModule } from '../src/firmware.module';

export interface FirmwareHarness {
  runtime: Runtime;
  module: TestingModule;
  clock: ShiftableClock;
  /** Direct SQL on the firmware database, for assertions on what is stored. */
  sql: Client;
  /** The firmware database, for a second replica's connections. */
  databaseUrl: string;
  rpc<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(contract: RpcContract<Req, Res>, payload: z.input<Req>): Promise<z.output<Res>>;
  /** firmware.latest as the edge dispatches it (parameters already validated, the user authenticated). */
  latest(params: Record<string, string>): Promise<GatewayResult>;
  /** Creates a release through FIRMWARE_RPC.createRelease: releaseBody() with the overrides. */
  release(overrides?: Record<string, unknown>): Promise<ReleaseView>;
  /** The stand-in device-service: `bound` (canonical MACs of the harness user) when set, else every device; `down` fails every question. */
  devices: { bound?: Set<string>; down: boolean };
  close(): Promise<void>;
}

/** The user every firmware.latest of the harness is asked by. */
export const harnessUser: AuthenticatedUser = { userId: 1000, openId: 'open1000', clientId: 'client-1', uuid: 'uuid-1000' };
const user = harnessUser;

/** A valid createRelease body: system release 1.0.0.0 of model IPC-100 unless overridden. */
export function releaseBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const b = { machineTypeName: 'IPC-100', type: 1, version1: 1, version2: '0', version3: 0, version4: 0, patchVersion: 0, ...overrides };
  return {
    downloadUri: `https://fw.example.com/${encodeURIComponent(String(b.machineTypeName))}/${b.type}/${b.version1}.${b.version3}.${b.version4}.${b.patchVersion}.bin`,
    md5: '0123456789abcdef0123456789abcdef',
    desc: { zh: '更新', en: 'Update' },
    ...b,
  };
}

export async function startFirmwareHarness(): Promise<FirmwareHarness> {
  const db = await createTestDatabase('dcp_firmware');
  await migrateService(serviceDatabase('firmware'), { kind: 'postgres', url: db.url });
  const dataDir = mkdtempSync(join(tmpdir(), 'dcp-firmware-'));
  const config = loadConfig({ DATABASE_URL: db.url, NATS_URL: 'nats://127.0.0.1:4222', DATA_DIR: dataDir } as NodeJS.ProcessEnv);
  const clock = new ShiftableClock();
  const runtime = await createRuntime(config, { bus: { kind: 'in-process', busId: uniqueName('firmware') }, database: () => ({ kind: 'postgres', url: db.url }), clock });
  const devices: FirmwareHarness['devices'] = { down: false };
  runtime.rpcServer.handleContract(DEVICE_RPC.boundDevices, async ({ pairs }) => {
    if (devices.down) throw new PlatformError(ErrorCode.FC_SYSTEM_ERROR, 'device-service stand-in is down');
    const canonical = pairs.map((p) => ({ userId: p.userId, macAddr: normalizeMac(p.macAddr) ?? '' }));
    return { bound: canonical.filter((p) => p.userId === user.userId && p.macAddr !== '' && (!devices.bound || devices.bound.has(p.macAddr))) };
  });
  const module = await Test.createTestingModule({ imports: [RuntimeModule.forRoot(runtime), FirmwareModule] }).compile();
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
    databaseUrl: db.url,
    rpc: (contract, payload) => runtime.rpcClient.request(contract, payload),
    latest: async (params) => (await runtime.rpcClient.requestRaw(gatewaySubject('firmware.latest'), { service: 'firmware.latest', params: { ...identityOf(user), ...params }, user })) as GatewayResult,
    release: (overrides = {}) => runtime.rpcClient.request(FIRMWARE_RPC.createRelease, { body: releaseBody(overrides) }),
    devices,
    close: async () => {
      await module.close();
      await runtime.close();
      await sql.end();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export { rejection } from '@dcp/testing';
