/**
 * Behaviour that needs control over the NATS server: a private nats-server (own port and store) is killed
 * and restarted under a running consumer. Plus envelopes that can never be handled.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { EVENTS } from '@dcp/contracts';
import { describeWithInfra, freePort, infraRequired, natsServerBinary, startNatsServer as startServer, stopNatsServer as stopServer, TEST_NATS_URL, uniqueName } from '@dcp/testing';
import type { Bus } from '../api';
import { buildEvent } from '../build-event';
import { createBus } from '../create-bus';
import { deadLetters, envelopes, recordingLogger } from '../test/helpers';

const userDeleted = (userId: number) => buildEvent('userDeleted', { userId, openId: `o${userId}`, clientId: 'c', uuid: `u${userId}` });
const subjects = [EVENTS.userDeleted.subject];
const noDeadLetters = async () => {
  throw new Error('unexpected dead letter');
};

describeWithInfra(['nats'], 'NATS bus: envelopes that cannot be handled', () => {
  const stream = uniqueName('MSG_BAD');
  let bus: Bus;
  beforeAll(async () => {
    bus = await createBus({ kind: 'nats', url: TEST_NATS_URL, stream, subjectPrefix: stream, logger: recordingLogger() });
  });
  afterAll(async () => {
    await bus.close();
    const nc = await connect({ servers: TEST_NATS_URL });
    await (await jetstreamManager(nc)).streams.delete(stream).catch(() => false);
    await nc.close();
  });

  it('sends a message that is not a valid envelope straight to the dead-letter sink', async () => {
    const dead = deadLetters();
    let handled = 0;
    await bus.events.consume(
      { durable: 'bad-envelopes', subjects, ackWaitMs: 2_000 },
      async () => {
        handled++;
      },
      async (dl) => dead.push(dl),
    );
    const raw = await connect({ servers: TEST_NATS_URL });
    const js = (await import('@nats-io/jetstream')).jetstream(raw);
    await js.publish(`${stream}.${EVENTS.userDeleted.subject}`, JSON.stringify({ id: 'not-a-uuid', hello: 1 }));
    await js.publish(`${stream}.${EVENTS.userDeleted.subject}`, 'not json at all');
    await raw.close();
    await dead.until((xs) => xs.length === 2, 'two dead letters');
    expect(dead.items.map((d) => [d.deliveries, d.error.startsWith('invalid envelope:')])).toEqual([
      [1, true],
      [1, true],
    ]);
    expect(dead.items[1].envelope).toBe('not json at all');
    expect(handled).toBe(0);
  });
});

describeWithInfra(['nats'], 'NATS bus: consumer deleted on the server', () => {
  const stream = uniqueName('MSG_DEL');
  let bus: Bus;
  afterAll(async () => {
    await bus?.close();
    const nc = await connect({ servers: TEST_NATS_URL });
    await (await jetstreamManager(nc)).streams.delete(stream).catch(() => false);
    await nc.close();
  });

  it('re-creates its consumer and keeps receiving', async () => {
    bus = await createBus({ kind: 'nats', url: TEST_NATS_URL, stream, subjectPrefix: stream, logger: recordingLogger() });
    const got = envelopes();
    await bus.events.consume({ durable: 'deleted-under-me', subjects, ackWaitMs: 2_000 }, async (e) => got.push(e), noDeadLetters);
    await bus.events.publish(userDeleted(1));
    await got.until((xs) => xs.length === 1, 'the first event');

    const admin = await connect({ servers: TEST_NATS_URL });
    await (await jetstreamManager(admin)).consumers.delete(stream, 'deleted-under-me');
    await admin.close();

    const after = userDeleted(2);
    await bus.events.publish(after);
    // The re-created durable starts from the stream's beginning: the first event comes again, then the new one.
    await got.until((xs) => xs.some((x) => x.id === after.id), 'the event after the deletion', 20_000);
  }, 30_000);
});

const bin = natsServerBinary();
if (!bin && !infraRequired) process.stderr.write('\n*** SKIPPED "NATS bus: server restart": nats-server binary not found. ***\n');
const describeRestart = bin || infraRequired ? describe : describe.skip;

describeRestart('NATS bus: server restart under a running consumer', () => {
  let dir: string;
  let server: ChildProcess | undefined;
  let bus: Bus | undefined;

  beforeAll(async () => {
    if (!bin) throw new Error('REQUIRE_INFRA=1 but the nats-server binary is not on PATH');
    dir = await mkdtemp(join(tmpdir(), 'dcp-nats-'));
  });
  afterAll(async () => {
    await bus?.close();
    if (server) await stopServer(server);
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps consuming after the server went away and came back; a live subscriber is told it may have missed events', async () => {
    const port = await freePort();
    server = await startServer(bin as string, port, dir);
    bus = await createBus({ kind: 'nats', url: `nats://127.0.0.1:${port}`, logger: recordingLogger() });
    const got = envelopes();
    await bus.events.consume({ durable: 'restart-test', subjects, ackWaitMs: 2_000 }, async (e) => got.push(e), noDeadLetters);
    let gapSeen!: () => void;
    const gap = new Promise<void>((resolve) => (gapSeen = resolve));
    await bus.events.subscribe(subjects, () => undefined, () => gapSeen());
    const before = userDeleted(1);
    await bus.events.publish(before);
    await got.until((xs) => xs.length === 1, 'the event before the restart');

    await stopServer(server);
    await gap;
    server = await startServer(bin as string, port, dir);

    // The client reconnects on its own (reconnectTimeWait 1 s); the publish waits for the stream's ack.
    const after = userDeleted(2);
    await publishWhenReconnected(bus, after);
    await got.until((xs) => xs.some((x) => x.id === after.id), 'the event after the restart', 20_000);
    expect(got.items.map((e) => e.id)).toEqual([before.id, after.id]);
  }, 40_000);
});

/** A publish issued during the reconnect can time out; the outbox would retry it — so does this helper. */
async function publishWhenReconnected(bus: Bus, event: ReturnType<typeof userDeleted>): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      await bus.events.publish(event);
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
    }
  }
}
