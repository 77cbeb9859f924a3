/**
 * A restarted service takes requests only once it can do them (docs/decisions.md SDF1, SDF2; issue 18 finding 8):
 * a built device-service starts against a PostgreSQL that accepts its connections but does not answer yet (a
 * proxy this spec holds). While it waits, its health port answers (live 200, ready 503 naming the database and
 * the intake) and its request subjects have no subscriber, so requests sent meanwhile are refused at once by
 * NATS ("no responders", 000099 as the RPC client documents it) — not taken and left to time out or to fail with
 * "Unable to start a transaction". Once the database answers, readiness turns 200 and the same request is served.
 */
import { DEVICE_RPC, PlatformError } from '@dcp/contracts';
import { migrateService, serviceDatabase } from '@dcp/database';
import { type Bus, createBus } from '@dcp/messaging';
import { type AppProcess, type HeldTcpProxy, type PrivateInfra, buildApps, describeWithInfra, freePort, startApp, startHeldTcpProxy, startPrivateInfra, waitForStatus } from '@dcp/testing';

jest.setTimeout(120_000);

async function probe(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describeWithInfra(['postgres'], 'device-service start-up: request subjects only once the database answers', () => {
  let infra: PrivateInfra | undefined;
  let proxy: HeldTcpProxy | undefined;
  let client: Bus | undefined;
  let app: AppProcess | undefined;
  /** What the RPC client logged about requests that failed on the wire (no responders, timeouts). */
  const wireFailures: string[] = [];

  beforeAll(async () => {
    buildApps('device-service');
    infra = await startPrivateInfra({ database: 'dcp_device_startup' });
    await migrateService(serviceDatabase('device'), { kind: 'postgres', url: infra.databaseUrl });
    const database = new URL(infra.databaseUrl);
    proxy = await startHeldTcpProxy({ host: database.hostname, port: Number(database.port || 5432) });
    // A timeout far above any prompt answer: a request the service took and could not serve would show as one.
    client = await createBus({
      kind: 'nats',
      url: infra.natsUrl,
      name: 'start-up-spec',
      requestTimeoutMs: 20_000,
      logger: { error: () => undefined, warn: (m) => void wireFailures.push(m), info: () => undefined },
    });
  });

  afterAll(async () => {
    await client?.close();
    await app?.stop();
    await proxy?.close();
    await infra?.close();
  });

  const createManufacturer = (oemCode: string) => client!.rpcClient.request(DEVICE_RPC.createManufacturer, { body: { oemCode, name: `Maker ${oemCode}` } });

  it('refuses requests at once while its database does not answer, and serves them once it is ready', async () => {
    const healthPort = await freePort();
    const held = new URL(infra!.databaseUrl);
    held.port = String(proxy!.port);
    app = startApp('device-service', { ...infra!.appEnv(), DATABASE_URL: held.toString(), HEALTH_PORT: String(healthPort) });
    const base = `http://127.0.0.1:${healthPort}`;

    // Started: its modules are up and it reached the database, which holds the connection without a word.
    await waitForStatus(`${base}/health/live`, 200, app);
    await proxy!.connected;
    const ready = await probe(`${base}/health/ready`);
    expect(ready.status).toBe(503);
    expect(ready.body.error).toEqual(expect.objectContaining({ 'database:device': expect.objectContaining({ status: 'down' }), intake: expect.objectContaining({ status: 'down' }) }));

    // Requests during start-up: every one refused by NATS itself, none taken by the service.
    const during = await Promise.all(['EARLY1', 'EARLY2', 'EARLY3', 'EARLY4', 'EARLY5'].map((oem) => createManufacturer(oem).then(() => 'served', (err: unknown) => err)));
    for (const answer of during) {
      expect(answer).toBeInstanceOf(PlatformError);
      expect(answer).toMatchObject({ value: '000099', message: expect.stringContaining('did not answer') });
    }
    expect(wireFailures).toHaveLength(5);
    for (const line of wireFailures) expect(line).toMatch(/failed: no responders$/);
    expect(app.output()).not.toContain('Unable to start a transaction');

    // The database answers: readiness turns 200 and the subject is served.
    proxy!.release();
    await waitForStatus(`${base}/health/ready`, 200, app);
    await expect(createManufacturer('LATE1')).resolves.toMatchObject({ oemCode: 'LATE1' });
    expect(wireFailures).toHaveLength(5);
    expect(app.output()).toContain('not taking requests yet: waiting for database:device');
  });
});
