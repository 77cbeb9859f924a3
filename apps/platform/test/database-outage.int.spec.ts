/**
 * PostgreSQL goes away under the running platform and comes back (docs/decisions.md HS1): the process does not
 * crash; readiness answers 503 naming the databases while it is away and 200 again after, by itself; requests
 * meanwhile get a clean error in their surface's format; once it is back the operator's and the merchant's
 * calls succeed again. The database is a private PostgreSQL server the spec stops and starts, never the
 * machine's shared one.
 */
import { allServiceDatabases, migrateService } from '@dcp/database';
import {
  type AppProcess,
  type PostgresServer,
  buildApps,
  describeWithInfra,
  freePort,
  natsServerBinary,
  startApp,
  startNatsServer,
  startPostgresServer,
  stopNatsServer,
  waitForStatus,
} from '@dcp/testing';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

jest.setTimeout(180_000);

// Distributed, the platform has no development token (SDA2).
const ADMIN_TOKEN = 'database-outage-admin-token';
const ADMIN = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };

describeWithInfra(['postgres'], 'platform (distributed): PostgreSQL stops and starts again', () => {
  let postgres: PostgresServer | undefined;
  let nats: ChildProcess | undefined;
  let platform: AppProcess | undefined;
  const dirs: string[] = [];
  let base: string;
  let adminBase: string;

  const merchant = (name: string) => ({ name, tokenValidationUrl: 'https://merchant.example/v', userProfileUrl: 'https://merchant.example/p' });
  const createMerchant = (name: string) => fetch(`${adminBase}/admin/v1/merchants`, { method: 'POST', headers: ADMIN, body: JSON.stringify(merchant(name)) });

  beforeAll(async () => {
    buildApps('platform');
    const bin = natsServerBinary();
    if (!bin) throw new Error('nats-server is not installed (the integration specs need it, as CI has it)');
    const [pgPort, natsPort, port, adminPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
    postgres = await startPostgresServer(pgPort);
    for (const def of allServiceDatabases()) await migrateService(def, { kind: 'postgres', url: postgres.url });
    const natsDir = mkdtempSync(join(tmpdir(), 'dcp-nats-'));
    const dataDir = mkdtempSync(join(tmpdir(), 'dcp-data-'));
    dirs.push(natsDir, dataDir);
    nats = await startNatsServer(bin, natsPort, natsDir);
    platform = startApp('platform', {
      DATABASE_URL: postgres.url,
      NATS_URL: `nats://127.0.0.1:${natsPort}`,
      DATA_DIR: dataDir,
      PORT: String(port),
      ADMIN_PORT: String(adminPort),
      SECRETS_KEY: 'd'.repeat(64),
      ADMIN_TOKEN,
      DATABASE_POOL_SIZE: '2',
    });
    base = `http://127.0.0.1:${port}`;
    adminBase = `http://127.0.0.1:${adminPort}`;
    await waitForStatus(`${base}/health/ready`, 200, platform);
  });

  afterAll(async () => {
    await platform?.stop();
    if (nats) await stopNatsServer(nats);
    await postgres?.remove();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('turns not ready, answers clean errors, and recovers by itself', async () => {
    expect((await createMerchant('Before the outage')).status).toBe(201);

    await postgres!.stop();
    await waitForStatus(`${base}/health/ready`, 503, platform!);
    const ready = (await (await fetch(`${base}/health/ready`)).json()) as { error: Record<string, { status: string }> };
    expect(Object.keys(ready.error)).toEqual(expect.arrayContaining(['database:sso', 'database:device', 'database:permission', 'database:storage', 'database:firmware']));
    expect((await fetch(`${base}/health/live`)).status).toBe(200);

    // A call that needs a database: a clean refusal in the admin API's format that names no internals, not a
    // dropped connection or a driver's message.
    const during = await fetch(`${adminBase}/admin/v1/merchants`, { headers: ADMIN });
    expect({ status: during.status, body: await during.json() }).toEqual({ status: 500, body: { errorCode: '000099', failureDetails: 'internal server error, try again later' } });
    // The gateway keeps answering what needs no database, in its envelope.
    const time = await fetch(`${base}/gateway?service=cloud_system.current_time`);
    expect(await time.json()).toEqual(expect.objectContaining({ errorCode: '' }));

    await postgres!.start();
    await waitForStatus(`${base}/health/ready`, 200, platform!);
    expect((await createMerchant('After the outage')).status).toBe(201);
    const listed = (await (await fetch(`${adminBase}/admin/v1/merchants`, { headers: ADMIN })).json()) as { items: { name: string }[] };
    expect(listed.items.map((m) => m.name)).toEqual(expect.arrayContaining(['Before the outage', 'After the outage']));
    expect(platform!.child.exitCode).toBeNull();
  });
});
