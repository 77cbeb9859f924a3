/**
 * SIGTERM under load loses nothing (docs/decisions.md HS2): two built push-service replicas share a steady load
 * of push_message.unread_count calls for a user with three unread messages, dispatched on the bus exactly as the
 * edge dispatches them; one replica is terminated once the load has made progress and the load goes on until
 * it has exited. Every call must answer 3 (the terminated replica answers what it received before its database
 * closes, new calls go to the other), the terminated replica must exit 0, and calls started after its exit must
 * still be answered. A private nats-server and a throwaway database keep it apart from every other spec.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { type AuthenticatedUser, type GatewayResult, gatewaySubject, identityOf } from '@dcp/contracts';
import { migrateService, serviceDatabase } from '@dcp/database';
import { type Bus, createBus } from '@dcp/messaging';
import { type PrivateInfra, type Replica, buildApps, describeWithInfra, loadThroughShutdown, startPrivateInfra, startReplicas } from '@dcp/testing';

const CONCURRENCY = 12;
/** Calls answered before the SIGTERM: both replicas are busy by then. */
const SIGTERM_AFTER = 80;
const ANSWERED_AFTER_EXIT = 40;
const UNREAD = 3;
const user: AuthenticatedUser = { userId: 1000, openId: 'open1000', clientId: 'client-1', uuid: 'uuid-1000' };

jest.setTimeout(120_000);

describeWithInfra(['postgres'], 'push-service: SIGTERM under push_message.unread_count load', () => {
  let infra: PrivateInfra | undefined;
  let client: Bus | undefined;
  let replicas: Replica[] = [];

  beforeAll(async () => {
    buildApps('push-service');
    infra = await startPrivateInfra({ database: 'dcp_push_shutdown' });
    await migrateService(serviceDatabase('push'), { kind: 'postgres', url: infra.databaseUrl });
    // The user's messages, as alarms of their camera would have left them (the alarm path asks two other services).
    const db = new Client({ connectionString: infra.databaseUrl });
    await db.connect();
    for (let i = 0; i < UNREAD; i++) {
      await db.query(
        `INSERT INTO "push"."alarm_message" (id, user_id, mac_addr, type, first_at, last_at, count, received_at, updated_at) VALUES ($1, $2, '0A1B2C3D4E5F', $3, now(), now(), 1, now(), now())`,
        [randomUUID(), user.userId, i + 1],
      );
    }
    await db.end();
    replicas = await startReplicas('push-service', 2, { ...infra.appEnv(), SHUTDOWN_TIMEOUT_MS: '20000' });
    client = await createBus({ kind: 'nats', url: infra.natsUrl, name: 'shutdown-spec', requestTimeoutMs: 20_000, logger: { error: () => undefined, warn: () => undefined, info: () => undefined } });
  });

  afterAll(async () => {
    await client?.close();
    await Promise.all(replicas.map((r) => r.app.stop()));
    await infra?.close();
  });

  /** push_message.unread_count as the edge dispatches it. */
  const unread = async (): Promise<GatewayResult> =>
    (await client!.rpcClient.requestRaw(gatewaySubject('push_message.unread_count'), { service: 'push_message.unread_count', params: { ...identityOf(user) }, user })) as GatewayResult;

  it('answers every unread_count while one replica is terminated; it exits 0 and the other keeps answering', async () => {
    const report = await loadThroughShutdown({
      terminated: replicas[0],
      concurrency: CONCURRENCY,
      sigtermAfter: SIGTERM_AFTER,
      answeredAfterExit: ANSWERED_AFTER_EXIT,
      call: async () => {
        const reply = await unread();
        const count = (reply.data as { unread?: number } | undefined)?.unread;
        if (count !== UNREAD) throw new Error(`unread ${count}, expected ${UNREAD}: ${JSON.stringify(reply)}`);
      },
    });

    expect(report.failures).toEqual([]);
    expect(report.servedByTerminated).toBeGreaterThan(0);
    expect(report.answeredAfterExit).toBeGreaterThanOrEqual(ANSWERED_AFTER_EXIT);
    expect({ exit: report.exit, output: report.exit.code === 0 ? '' : replicas[0].app.output() }).toEqual({ exit: { code: 0, signal: null }, output: '' });
  });
});
