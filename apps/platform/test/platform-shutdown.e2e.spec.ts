/**
 * The built platform (`npm start`, embedded: PGlite + in-process bus): readiness covers every service's database
 * (docs/decisions.md HS1), and it stops in the same order as every app (HS2): SIGTERM after it is ready ends in
 * exit 0, every phase having finished.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppProcess, buildApps, freePort, startApp, waitForStatus } from '@dcp/testing';

jest.setTimeout(180_000);

describe('platform (embedded): SIGTERM', () => {
  let dataDir: string;
  let platform: AppProcess | undefined;

  beforeAll(() => {
    buildApps('platform');
    dataDir = mkdtempSync(join(tmpdir(), 'hs-platform-'));
  });

  afterAll(async () => {
    await platform?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is ready on every service database and the bus, then exits 0 on SIGTERM once everything has stopped', async () => {
    const [port, adminPort] = [await freePort(), await freePort()];
    platform = startApp('platform', { PORT: String(port), ADMIN_PORT: String(adminPort), DATA_DIR: dataDir });
    await waitForStatus(`http://127.0.0.1:${port}/health/ready`, 200, platform);
    // Every service registers its database with readiness (HS1).
    const ready = (await (await fetch(`http://127.0.0.1:${port}/health/ready`)).json()) as { info: Record<string, unknown> };
    expect(Object.keys(ready.info)).toEqual(expect.arrayContaining(['database:device', 'database:firmware', 'database:permission', 'database:sso', 'database:storage', 'events', 'running']));
    platform.child.kill('SIGTERM');
    const exit = await platform.exited;
    expect({ exit, output: exit.code === 0 ? '' : platform.output() }).toEqual({ exit: { code: 0, signal: null }, output: '' });
  });
});
