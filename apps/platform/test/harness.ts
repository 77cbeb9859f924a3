/**
 * Starts the whole platform for an end-to-end spec, exactly as `npm start` does, on ephemeral ports.
 * mode 'embedded': one in-memory PGlite for every service (each in its own schema, started from the
 * services' pre-migrated template) + in-process bus. mode 'distributed': a throwaway
 * PostgreSQL database + NATS JetStream with a unique stream, i.e. real infrastructure.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allServiceDatabases, migrateService } from '@dcp/database';
import { loadConfig, type RuntimeOverrides } from '@dcp/runtime';
import { ShiftableClock, TEST_NATS_URL, createTestDatabase, uniqueName } from '@dcp/testing';
import { type Platform, startPlatform } from '../src/platform';

export type Mode = 'embedded' | 'distributed';

export interface TestPlatform {
  platform: Platform;
  baseUrl: string;
  adminUrl: string;
  adminToken: string;
  /** The platform's clock: advance it to cross an expiry; sign requests with `clock.now()`. */
  clock: ShiftableClock;
  close(): Promise<void>;
}

export async function startTestPlatform(mode: Mode, env: Record<string, string> = {}): Promise<TestPlatform> {
  const clock = new ShiftableClock();
  const dataDir = mkdtempSync(join(tmpdir(), 'dcp-e2e-'));
  const adminToken = 'e2e-admin-token';
  let dropDatabase: (() => Promise<void>) | undefined;
  let overrides: RuntimeOverrides;
  let baseEnv: Record<string, string> = { DATA_DIR: dataDir, ADMIN_TOKEN: adminToken, MERCHANT_ALLOW_PRIVATE_NETWORKS: 'true', ...env };
  if (mode === 'embedded') {
    const database = { kind: 'pglite' as const, dataDir: `memory://${uniqueName('e2e')}`, services: allServiceDatabases() };
    overrides = { clock, bus: { kind: 'in-process', busId: uniqueName('bus') }, database: () => database };
  } else {
    const db = await createTestDatabase('dcp_e2e');
    dropDatabase = db.drop;
    baseEnv = { ...baseEnv, DATABASE_URL: db.url, NATS_URL: TEST_NATS_URL };
    // Distributed mode migrates by the explicit command (the Kubernetes Job), never on start: do it here.
    for (const def of allServiceDatabases()) await migrateService(def, { kind: 'postgres', url: db.url });
    overrides = { clock, bus: { kind: 'nats', url: TEST_NATS_URL, stream: uniqueName('E2E'), subjectPrefix: uniqueName('e2e').toLowerCase() } };
  }
  const config = loadConfig(baseEnv as NodeJS.ProcessEnv);
  const platform = await startPlatform(config, { overrides, port: 0, adminPort: 0, host: '127.0.0.1' });
  return {
    platform,
    baseUrl: platform.edge.publicUrl,
    adminUrl: platform.edge.adminUrl,
    adminToken,
    clock,
    close: async () => {
      await platform.close();
      if (dropDatabase) await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
