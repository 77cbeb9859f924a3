/**
 * A process that would serve the admin API on the development token outside the embedded platform on loopback
 * refuses to start (docs/decisions.md SDA2): exit 2 and one fatal line naming ADMIN_TOKEN and ADMIN_TOKENS,
 * before it connects to anything (the database and NATS below do not exist). The built apps, as a pod runs them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppProcess, buildApps, freePort, logLinesAt, startApp } from '@dcp/testing';

jest.setTimeout(120_000);

const NOWHERE = { DATABASE_URL: 'postgresql://dcp@127.0.0.1:1/none', NATS_URL: 'nats://127.0.0.1:1' };

describe('the admin API never starts on the development token outside `npm start` on loopback', () => {
  const apps: AppProcess[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'dcp-admin-token-'));

  beforeAll(() => buildApps('gateway-edge', 'platform'));
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    ['gateway-edge alone (README "Run each app alone")', 'gateway-edge', NOWHERE],
    ['gateway-edge alone, even without DATABASE_URL', 'gateway-edge', {}],
    ['the platform in distributed mode', 'platform', NOWHERE],
    ['the platform embedded with ADMIN_HOST=0.0.0.0', 'platform', { ADMIN_HOST: '0.0.0.0' }],
  ])('%s without ADMIN_TOKEN / ADMIN_TOKENS → exit 2 naming them', async (_label, app, env) => {
    const started = startApp(app, { ...env, DATA_DIR: dataDir, PORT: String(await freePort()), ADMIN_PORT: String(await freePort()) });
    apps.push(started);
    expect(await started.exited).toEqual({ code: 2, signal: null });
    const fatal = logLinesAt(started, 'fatal');
    expect(fatal).toHaveLength(1);
    expect(fatal[0].msg).toMatch(/^ADMIN_TOKEN or ADMIN_TOKENS is required to serve the admin API/);
    expect(started.output()).not.toContain('dev-admin-token');
  });
});
