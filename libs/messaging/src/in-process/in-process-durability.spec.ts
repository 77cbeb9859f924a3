import { mkdtemp, appendFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { EVENTS, type EventEnvelope } from '@dcp/contracts';
import type { Bus } from '../api';
import { buildEvent } from '../build-event';
import { createBus } from '../create-bus';
import { deadLetters, envelopes, recordingLogger } from '../test/helpers';

const userDeleted = (userId: number) => buildEvent('userDeleted', { userId, openId: `o${userId}`, clientId: 'c', uuid: `u${userId}` });
const subjects = [EVENTS.userDeleted.subject];
const noDeadLetters = async () => {
  throw new Error('unexpected dead letter');
};

describe('in-process bus with a data folder', () => {
  let dir: string;
  const open: Bus[] = [];
  const bus = async (extra: { busId?: string } = {}) => {
    const b = await createBus({ kind: 'in-process', dataDir: dir, logger: recordingLogger(), ...extra });
    open.push(b);
    return b;
  };

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dcp-bus-'));
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((b) => b.close()));
    await rm(dir, { recursive: true, force: true });
  });

  it('resumes a durable consumer after a restart: acked events stay acked, new ones arrive, duplicates stay dropped', async () => {
    const first = await bus();
    const got = envelopes();
    await first.events.consume({ durable: 'svc', subjects }, async (e) => got.push(e), noDeadLetters);
    const acked = userDeleted(1);
    await first.events.publish(acked);
    await got.until((xs) => xs.length === 1, 'the first event');
    await first.close();

    // Published while no process consumes: lands in the log of the next process.
    const between = await bus();
    const whileDown = userDeleted(2);
    await between.events.publish(whileDown);
    await between.close();

    const second = await bus();
    const after = envelopes();
    await second.events.consume({ durable: 'svc', subjects }, async (e) => after.push(e), noDeadLetters);
    await second.events.publish(acked); // same id as an event already in the log: dropped
    const fresh = userDeleted(3);
    await second.events.publish(fresh);
    await after.until((xs) => xs.some((x) => x.id === fresh.id), 'the fresh event');
    expect(after.items.map((e) => e.id)).toEqual([whileDown.id, fresh.id]);
  });

  it('keeps delivery counts across a restart, so maxDeliver still applies', async () => {
    const first = await bus();
    const attempts = envelopes();
    const failing = async (e: EventEnvelope) => {
      attempts.push(e);
      throw new Error('still broken');
    };
    const handle = await first.events.consume({ durable: 'svc', subjects, maxDeliver: 3, retryDelayMs: 20 }, failing, noDeadLetters);
    const event = userDeleted(4);
    await first.events.publish(event);
    await attempts.until((xs) => xs.length === 2, 'two failed deliveries');
    await handle.stop();
    await first.close();

    const second = await bus();
    const dead = deadLetters();
    await second.events.consume({ durable: 'svc', subjects, maxDeliver: 3, retryDelayMs: 20 }, failing, async (dl) => dead.push(dl));
    const [dl] = await dead.until((xs) => xs.length === 1, 'the dead letter');
    expect(dl.deliveries).toBe(3);
    expect(attempts.items).toHaveLength(3);
  });

  it('a new durable replays the retained log from the start', async () => {
    const b = await bus();
    const events = [userDeleted(5), userDeleted(6)];
    for (const e of events) await b.events.publish(e);
    const got = envelopes();
    await b.events.consume({ durable: 'late-joiner', subjects }, async (e) => got.push(e), noDeadLetters);
    await got.until((xs) => xs.length === 2, 'both events');
    expect(got.items.map((e) => e.id)).toEqual(events.map((e) => e.id));
  });

  it('skips a torn last line left by a crash and keeps appending after it', async () => {
    const b = await bus();
    const kept = userDeleted(7);
    await b.events.publish(kept);
    await b.close();
    await appendFile(join(dir, 'events.log'), '{"seq":2,"subject":"dcp.sso.us');

    const log = recordingLogger();
    const reopened = await createBus({ kind: 'in-process', dataDir: dir, logger: log });
    open.push(reopened);
    expect(log.warnings.join('\n')).toMatch(/skipped 1 unreadable line/);
    const got = envelopes();
    await reopened.events.consume({ durable: 'svc2', subjects }, async (e) => got.push(e), noDeadLetters);
    const next = userDeleted(8);
    await reopened.events.publish(next);
    await got.until((xs) => xs.length === 2, 'both events');
    expect(got.items.map((e) => e.id)).toEqual([kept.id, next.id]);
  });

  it('redelivers when a handler hangs longer than ackWait', async () => {
    const b = await bus();
    const attempts = envelopes();
    await b.events.consume(
      { durable: 'svc', subjects, ackWaitMs: 100, retryDelayMs: 10 },
      (e) => {
        attempts.push(e);
        return attempts.items.length === 1 ? new Promise<void>(() => undefined) : Promise.resolve();
      },
      noDeadLetters,
    );
    await b.events.publish(userDeleted(9));
    await attempts.until((xs) => xs.length === 2, 'the redelivery after the hang');
  });
});

describe('in-process buses sharing a busId', () => {
  it('share request-reply handlers and events, and survive one of them closing', async () => {
    const busId = `shared-${randomUUID()}`;
    const a = await createBus({ kind: 'in-process', busId, logger: recordingLogger() });
    const b = await createBus({ kind: 'in-process', busId, logger: recordingLogger() });
    try {
      a.rpcServer.handle('dcp.rpc.device.ping', async () => 'pong');
      await expect(b.rpcClient.requestRaw('dcp.rpc.device.ping', {})).resolves.toBe('pong');

      const got = envelopes();
      await b.events.consume({ durable: 'device-service', subjects }, async (e) => got.push(e), noDeadLetters);
      const event = userDeleted(10);
      await a.events.publish(event);
      await got.until((xs) => xs.length === 1, 'the shared event');

      await a.close();
      // a's handler left with it; b keeps working.
      await expect(b.rpcClient.requestRaw('dcp.rpc.device.ping', {}, { timeoutMs: 100 })).rejects.toMatchObject({ failureDetails: 'device service did not answer (dcp.rpc.device.ping)' });
      await b.events.publish(userDeleted(11));
      await got.until((xs) => xs.length === 2, 'an event after a closed');
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('refuses a second consumer on the same durable', async () => {
    const b = await createBus({ kind: 'in-process', logger: recordingLogger() });
    try {
      await b.events.consume({ durable: 'svc', subjects }, async () => undefined, noDeadLetters);
      await expect(b.events.consume({ durable: 'svc', subjects }, async () => undefined, noDeadLetters)).rejects.toThrow(/already running/);
    } finally {
      await b.close();
    }
  });
});
