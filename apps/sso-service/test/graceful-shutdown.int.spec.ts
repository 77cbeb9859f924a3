/**
 * SIGTERM under load loses nothing (docs/decisions.md HS2): two built sso-service replicas share the load of a
 * bounded stream of concurrent RPC calls; one is terminated mid-stream. Every call must get a successful reply
 * (the terminated replica answers what it received before its database closes, then new calls go to the other)
 * and the terminated replica must exit 0. A private nats-server and a throwaway database keep it apart from
 * every other spec.
 */
import { SSO_RPC } from '@dcp/contracts';
import { migrateService, serviceDatabase } from '@dcp/database';
import { type Bus, createBus } from '@dcp/messaging';
import { type AppProcess, type PrivateInfra, buildApps, describeWithInfra, freePort, startApp, startPrivateInfra, waitForStatus } from '@dcp/testing';

const CALLS = 300;
const CONCURRENCY = 12;
/** Calls answered before the SIGTERM: both replicas are busy by then. */
const SIGTERM_AFTER = 80;

jest.setTimeout(180_000);

describeWithInfra(['postgres'], 'sso-service: SIGTERM under RPC load', () => {
  let infra: PrivateInfra | undefined;
  let client: Bus | undefined;
  const replicas: AppProcess[] = [];
  const healthPorts: number[] = [];

  beforeAll(async () => {
    buildApps('sso-service');
    infra = await startPrivateInfra({ database: 'dcp_shutdown' });
    await migrateService(serviceDatabase('sso'), { kind: 'postgres', url: infra.databaseUrl });
    for (let i = 0; i < 2; i++) {
      const healthPort = await freePort();
      healthPorts.push(healthPort);
      replicas.push(
        startApp('sso-service', { ...infra.appEnv(), HEALTH_PORT: String(healthPort), SHUTDOWN_TIMEOUT_MS: '20000' }),
      );
    }
    for (let i = 0; i < 2; i++) await waitForStatus(`http://127.0.0.1:${healthPorts[i]}/health/ready`, 200, replicas[i]);
    client = await createBus({ kind: 'nats', url: infra.natsUrl, name: 'shutdown-spec', requestTimeoutMs: 20_000, logger: { error: () => undefined, warn: () => undefined, info: () => undefined } });
  });

  afterAll(async () => {
    await client?.close();
    await Promise.all(replicas.map((r) => r.stop()));
    await infra?.close();
  });

  it('answers every call successfully while one replica is terminated, and that replica exits 0', async () => {
    const bus = client!;
    const [terminated] = replicas;
    let next = 0;
    let answered = 0;
    const failures: string[] = [];
    const worker = async () => {
      while (next < CALLS) {
        const n = next++;
        try {
          const reply = await bus.rpcClient.request(SSO_RPC.ssoFindUser, { openId: `nobody-${n}` });
          if (reply.user !== null) failures.push(`call ${n}: unexpected user ${JSON.stringify(reply.user)}`);
        } catch (err) {
          failures.push(`call ${n}: ${err instanceof Error ? err.message : String(err)}`);
        }
        if (++answered === SIGTERM_AFTER) terminated.child.kill('SIGTERM');
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));

    expect(failures).toEqual([]);
    expect(answered).toBe(CALLS);
    const exit = await terminated.exited;
    expect({ exit, output: exit.code === 0 ? '' : terminated.output() }).toEqual({ exit: { code: 0, signal: null }, output: '' });
    // The replica left standing still serves.
    await expect(bus.rpcClient.request(SSO_RPC.ssoFindUser, { openId: 'after' })).resolves.toEqual({ user: null });
  });
});
