/**
 * The operator CLI as built (`node dist/libs/database/src/cli/migrate.js`), over the repository's real
 * service databases: against DATABASE_URL and against the embedded PGlite folders under DATA_DIR.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allServiceDatabases, migrationNames, openAdapter, templateCacheDir, templateKey } from '../src';
import { createTestDatabase, describeWithInfra } from '@dcp/testing';

const ROOT = join(__dirname, '../../..');
const CLI = join(ROOT, 'dist/libs/database/src/cli/migrate.js');
const services = allServiceDatabases().map((d) => d.service);

function cli(args: string[], env: Record<string, string | undefined>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const { DATABASE_URL: _url, DATA_DIR: _dir, ...base } = process.env;
    // Started from another folder: the CLI finds the repository from its own location.
    const child = spawn(process.execPath, [CLI, ...args], { cwd: tmpdir(), env: { ...base, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

beforeAll(() => {
  execFileSync(process.execPath, [join(ROOT, 'tools/build.mjs'), 'libs/database', '--quiet'], { cwd: ROOT, stdio: 'inherit' });
});

it('the repository has service databases to migrate', () => {
  expect(services.length).toBeGreaterThan(0);
});

describe('migrate CLI usage', () => {
  it('prints usage and exits 2 without a command or with an unknown one', async () => {
    expect(await cli([], {})).toMatchObject({ code: 2, stderr: expect.stringContaining('usage: migrate deploy') });
    expect(await cli(['migrat'], {})).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown command "migrat"') });
    expect(await cli(['create', services[0]], {})).toMatchObject({ code: 2 });
  });

  it('names the services that exist when asked to create a migration for one that does not', async () => {
    const r = await cli(['create', 'nosuchservice', 'init'], {});
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`services with a database: ${services.join(', ')}`);
  });
});

describe('migrate CLI on embedded PGlite folders (DATA_DIR)', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'dcp-cli-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('deploys every service into the one folder DATA_DIR/database, each with its own migration history', async () => {
    const r = await cli(['deploy'], { DATA_DIR: dataDir });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    for (const s of services) expect(r.stdout).toMatch(new RegExp(`^${s}: applied \\d{14}_`, 'm'));
    expect(existsSync(join(dataDir, 'database', 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
    const handle = openAdapter({ kind: 'pglite', dataDir: join(dataDir, 'database') });
    try {
      expect(await handle.query(`SELECT to_regclass('public._prisma_migrations') AS t`)).toEqual([{ t: null }]);
      for (const def of allServiceDatabases()) {
        const rows = await handle.query<{ migration_name: string }>(`SELECT migration_name FROM ${def.service}._prisma_migrations ORDER BY migration_name`);
        expect(rows.map((row) => row.migration_name)).toEqual(migrationNames(def));
      }
    } finally {
      await handle.close();
    }
    const again = await cli(['status'], { DATA_DIR: dataDir });
    expect(again.code).toBe(0);
    for (const s of services) expect(again.stdout).toMatch(new RegExp(`^${s}: [1-9]\\d* applied; 0 pending$`, 'm'));
  }, 120_000);
});

describe('migrate CLI: the embedded template', () => {
  it('builds or finds the pre-migrated template of every service (a build step can run it)', async () => {
    const r = await cli(['template'], {});
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    const file = join(templateCacheDir(), `template-${templateKey(allServiceDatabases())}.tar`);
    expect(r.stdout).toMatch(new RegExp(`^(built|up to date): ${file.replace(/[.]/g, '\\.')} \\(${services.join(', ')}\\)$`, 'm'));
    expect(existsSync(file)).toBe(true);
    expect(await cli(['template'], {})).toMatchObject({ code: 0, stdout: expect.stringMatching(/^up to date: /) });
  }, 120_000);
});

describeWithInfra(['postgres'], 'migrate CLI on PostgreSQL (DATABASE_URL)', () => {
  let db: { url: string; drop: () => Promise<void> };
  beforeAll(async () => {
    db = await createTestDatabase('dcp_cli');
  });
  afterAll(() => db?.drop());

  it('reports pending migrations (exit 1), deploys them, then reports and deploys nothing (exit 0)', async () => {
    const before = await cli(['status'], { DATABASE_URL: db.url });
    expect(before.code).toBe(1);
    for (const s of services) expect(before.stdout).toMatch(new RegExp(`^${s}: not initialised; 0 applied; [1-9]\\d* pending`, 'm'));

    const deploy = await cli(['deploy'], { DATABASE_URL: db.url });
    expect({ code: deploy.code, stderr: deploy.stderr }).toEqual({ code: 0, stderr: '' });
    for (const s of services) expect(deploy.stdout).toMatch(new RegExp(`^${s}: applied `, 'm'));

    const again = await cli(['deploy'], { DATABASE_URL: db.url });
    for (const s of services) expect(again.stdout).toMatch(new RegExp(`^${s}: up to date$`, 'm'));

    const after = await cli(['status'], { DATABASE_URL: db.url });
    expect(after.code).toBe(0);
    for (const s of services) expect(after.stdout).toMatch(new RegExp(`^${s}: [1-9]\\d* applied; 0 pending$`, 'm'));
  }, 60_000);

  it('exits 1 with the cause when the database cannot be reached', async () => {
    const u = new URL(db.url);
    u.port = '1';
    const r = await cli(['deploy'], { DATABASE_URL: u.toString() });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/FAILED[\s\S]*ECONNREFUSED/);
  });
});
