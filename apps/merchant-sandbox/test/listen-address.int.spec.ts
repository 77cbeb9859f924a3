/**
 * The reference merchant run alone (`npm run start:sandbox`) listens on loopback unless SANDBOX_HOST says
 * otherwise (docs/decisions.md SDA1): nothing of a developer's machine is reachable from the network by default.
 * The image and compose set SANDBOX_HOST=0.0.0.0.
 */
import { type AppProcess, buildApps, startApp } from '@dcp/testing';

jest.setTimeout(120_000);

/** The URL of the sandbox's "listening" log line, as soon as it is written. */
function listeningUrl(app: AppProcess): Promise<URL> {
  return new Promise((resolve, reject) => {
    let seen = '';
    app.child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /"msg":"merchant sandbox listening on (http:\/\/[^"]+)"/.exec(seen);
      if (match) resolve(new URL(match[1]));
    });
    void app.exited.then((exit) => reject(new Error(`the sandbox exited (${JSON.stringify(exit)}) before listening:\n${app.output()}`)));
  });
}

describe('apps/merchant-sandbox: where it listens', () => {
  const apps: AppProcess[] = [];
  beforeAll(() => buildApps('merchant-sandbox'));
  afterAll(() => Promise.all(apps.map((a) => a.stop())));

  it('on 127.0.0.1 by default, and answers there', async () => {
    const app = startApp('merchant-sandbox', { SANDBOX_PORT: '0', LOG_LEVEL: 'info', NODE_ENV: 'production' });
    apps.push(app);
    const url = await listeningUrl(app);
    expect(url.hostname).toBe('127.0.0.1');
    const res = await fetch(new URL('/idp/is_valid_token', url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBeLessThan(500);
  });
});
