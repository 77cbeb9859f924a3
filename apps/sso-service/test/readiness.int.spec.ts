/**
 * Probes of a built sso-service (docs/decisions.md HS1): readiness answers 503 with terminus's body while NATS
 * or PostgreSQL is down and 200 again once NATS is back; liveness stays 200 throughout (a restart would not
 * bring a dependency back). NATS is a private nats-server this spec stops and starts again.
 */
import { migrateService, serviceDatabase } from '@dcp/database';
import { type AppProcess, type PrivateInfra, buildApps, describeWithInfra, freePort, startApp, startPrivateInfra, waitForStatus } from '@dcp/testing';

jest.setTimeout(180_000);

async function probe(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describeWithInfra(['postgres'], 'sso-service probes', () => {
  let infra: PrivateInfra | undefined;
  const apps: AppProcess[] = [];

  const env = (healthPort: number, databaseUrl: string) => ({ ...infra!.appEnv(), DATABASE_URL: databaseUrl, HEALTH_PORT: String(healthPort) });

  beforeAll(async () => {
    buildApps('sso-service');
    infra = await startPrivateInfra({ database: 'dcp_readiness' });
    await migrateService(serviceDatabase('sso'), { kind: 'postgres', url: infra.databaseUrl });
  });

  afterAll(async () => {
    await Promise.all(apps.map((a) => a.stop()));
    await infra?.close();
  });

  it('NATS down: readiness 503 naming the bus, liveness 200; NATS back: readiness 200', async () => {
    const port = await freePort();
    const app = startApp('sso-service', env(port, infra!.databaseUrl));
    apps.push(app);
    const base = `http://127.0.0.1:${port}`;
    await waitForStatus(`${base}/health/ready`, 200, app);

    await infra!.stopNats();
    try {
      await waitForStatus(`${base}/health/ready`, 503, app);
      const ready = await probe(`${base}/health/ready`);
      expect(ready).toEqual({ status: 503, body: expect.objectContaining({ status: 'error', error: expect.objectContaining({ events: expect.objectContaining({ status: 'down' }) }) }) });
      expect(ready.body.info).toEqual(expect.objectContaining({ 'database:sso': expect.objectContaining({ status: 'up' }) }));
      expect(await probe(`${base}/health/live`)).toEqual({ status: 200, body: expect.objectContaining({ status: 'ok' }) });
    } finally {
      await infra!.startNats();
    }
    await waitForStatus(`${base}/health/ready`, 200, app);
  });

  it('PostgreSQL unreachable: readiness 503 naming the database, liveness 200', async () => {
    const port = await freePort();
    const closedPort = await freePort();
    const app = startApp('sso-service', env(port, `postgresql://postgres@127.0.0.1:${closedPort}/nowhere`));
    apps.push(app);
    const base = `http://127.0.0.1:${port}`;
    await waitForStatus(`${base}/health/live`, 200, app);
    await waitForStatus(`${base}/health/ready`, 503, app);
    const ready = await probe(`${base}/health/ready`);
    expect(ready.body.error).toEqual(expect.objectContaining({ 'database:sso': expect.objectContaining({ status: 'down' }) }));
    expect(await probe(`${base}/health/live`)).toEqual({ status: 200, body: expect.objectContaining({ status: 'ok' }) });
  });
});
