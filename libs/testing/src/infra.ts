/**
 * Real-infrastructure gates for integration specs. With REQUIRE_INFRA=1 (CI) a missing PostgreSQL or NATS
 * fails the suite; otherwise the suite is skipped and says so loudly, once per file.
 */
import { randomBytes } from 'node:crypto';

export const TEST_DATABASE_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
export const TEST_NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
export const infraRequired = process.env.REQUIRE_INFRA === '1';

type Need = 'postgres' | 'nats';

/**
 * `describe` for specs that need real infrastructure. Reachability is probed synchronously-before-collection
 * via a child process so that jest can decide between running and skipping the block.
 */
export function describeWithInfra(needs: Need[], name: string, fn: () => void): void {
  const missing = needs.filter((n) => !probeSync(n));
  if (missing.length === 0) {
    describe(name, fn);
    return;
  }
  const why = `${missing.join(' and ')} not reachable (${missing.map((m) => (m === 'postgres' ? TEST_DATABASE_URL : TEST_NATS_URL)).join(', ')})`;
  if (infraRequired) {
    describe(name, () => {
      it(`requires real infrastructure (REQUIRE_INFRA=1): ${why}`, () => {
        throw new Error(`REQUIRE_INFRA=1 but ${why}`);
      });
    });
    return;
  }
  process.stderr.write(`\n*** SKIPPED "${name}": ${why}. Set REQUIRE_INFRA=1 to make this a failure. ***\n`);
  // Skipped on purpose: the infrastructure is absent and REQUIRE_INFRA is not set (the line above says so).
  const skipped = describe.skip;
  skipped(name, fn);
}

function probeSync(need: Need): boolean {
  const url = need === 'postgres' ? TEST_DATABASE_URL : TEST_NATS_URL;
  const u = new URL(url);
  const port = Number(u.port || (need === 'postgres' ? 5432 : 4222));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { spawnSync } = require('node:child_process') as typeof import('node:child_process');
  const script = `const s=require('net').connect(${port},${JSON.stringify(u.hostname)});s.setTimeout(1500);s.on('connect',()=>process.exit(0));s.on('timeout',()=>process.exit(1));s.on('error',()=>process.exit(1));`;
  return spawnSync(process.execPath, ['-e', script], { timeout: 3000 }).status === 0;
}

/** Creates a fresh PostgreSQL database for one spec file and returns its URL plus a drop function. */
export async function createTestDatabase(prefix = 'dcp_test'): Promise<{ url: string; drop: () => Promise<void> }> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Client } = require('pg') as typeof import('pg');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const u = new URL(TEST_DATABASE_URL);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A unique name for NATS streams/durables/subject prefixes so parallel spec files never collide. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${randomBytes(5).toString('hex')}`.toUpperCase();
}
