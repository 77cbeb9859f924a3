/**
 * The behaviour every bus adapter must have (run against the in-process bus and real NATS).
 * Each test gets its own isolated bus from the harness (own stream/subject prefix on NATS).
 */
import { randomUUID } from 'node:crypto';
import { ErrorCode, EVENTS, PlatformError, type EventEnvelope, type RpcContract } from '@dcp/contracts';
import { expectEvent } from '@dcp/testing';
import { z } from 'zod';
import type { Bus, BusLogger } from '../api';
import { buildEvent } from '../build-event';
import { deadLetters, envelopes, gate, recordingLogger } from './helpers';

export interface BusHarness {
  /** A new bus, isolated from every other bus the harness made. */
  create(logger: BusLogger): Promise<Bus>;
  /** Deletes what the harness created (streams). */
  cleanup(): Promise<void>;
}

const userDeleted = (userId: number) => buildEvent('userDeleted', { userId, openId: `open-${userId}`, clientId: 'client-1', uuid: `uuid-${userId}` });
const deviceUnbound = (userId: number) => buildEvent('deviceUnbound', { macAddr: 'AABBCCDDEEFF', userId, reason: 'user' });

function greetContract(): RpcContract<z.ZodObject<{ name: z.ZodString; times: z.ZodOptional<z.ZodNumber> }>, z.ZodObject<{ greeting: z.ZodString }>> {
  return {
    subject: `dcp.rpc.sso.greet-${randomUUID()}`,
    owner: 'sso',
    request: z.object({ name: z.string().min(1), times: z.number().int().optional() }),
    response: z.object({ greeting: z.string() }),
  };
}

async function rejection(p: Promise<unknown>): Promise<PlatformError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof PlatformError) return err;
    throw new Error(`expected a PlatformError, got ${String(err)}`);
  }
  throw new Error('expected the call to fail');
}

export function busContractSuite(name: string, harness: () => BusHarness): void {
  describe(`${name}: bus contract`, () => {
    let h: BusHarness;
    let bus: Bus;
    let log: ReturnType<typeof recordingLogger>;
    const consumerOpts = (subjects: EventEnvelope['type'][], extra: { maxDeliver?: number } = {}) => ({
      durable: `d_${randomUUID().slice(0, 8)}`,
      subjects,
      ackWaitMs: 3_000,
      retryDelayMs: 50,
      ...extra,
    });
    const noDeadLetters = async () => {
      throw new Error('unexpected dead letter');
    };

    beforeAll(() => {
      h = harness();
    });
    beforeEach(async () => {
      log = recordingLogger();
      bus = await h.create(log);
    });
    afterEach(async () => {
      await bus.close();
    });
    afterAll(async () => {
      await h.cleanup();
    });

    describe('request-reply', () => {
      it('validates the request and the reply and returns the handler result', async () => {
        const c = greetContract();
        bus.rpcServer.handleContract(c, async (req) => ({ greeting: `hello ${req.name}`.repeat(req.times ?? 1) }));
        await expect(bus.rpcClient.request(c, { name: 'ann', times: 2 })).resolves.toEqual({ greeting: 'hello annhello ann' });
      });

      it('re-throws a PlatformError from the handler with code, details and extra fields', async () => {
        const c = greetContract();
        bus.rpcServer.handleContract(c, async () => {
          throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, 'name is taken', { server_url: 'https://x.example' });
        });
        const err = await rejection(bus.rpcClient.request(c, { name: 'ann' }));
        expect(err.serialize()).toEqual({ code: ErrorCode.FC_INVALID_PARAMETER, failureDetails: 'name is taken', extra: { server_url: 'https://x.example' } });
      });

      it('turns an unknown error into 000099 without leaking it, and logs it on the server side', async () => {
        const c = greetContract();
        bus.rpcServer.handleContract(c, async () => {
          throw new Error('db password is hunter2');
        });
        const err = await rejection(bus.rpcClient.request(c, { name: 'ann' }));
        expect(err.value).toBe('000099');
        expect(err.failureDetails).not.toContain('hunter2');
        expect(log.errors.some((m) => m.includes(c.subject))).toBe(true);
        expect(String(log.errorObjects.find((e) => e instanceof Error))).toContain('hunter2');
      });

      it('answers a request that fails validation with 000006 naming the field', async () => {
        const c = greetContract();
        let called = false;
        bus.rpcServer.handleContract(c, async () => {
          called = true;
          return { greeting: 'x' };
        });
        const serverSide = await rejection(bus.rpcClient.requestRaw(c.subject, { name: 42 }));
        expect(serverSide.value).toBe('000006');
        expect(serverSide.failureDetails).toContain('name');
        const clientSide = await rejection(bus.rpcClient.request(c, { name: '' }));
        expect(clientSide.value).toBe('000006');
        expect(clientSide.failureDetails).toContain('name');
        expect(called).toBe(false);
      });

      it('maps a reply that breaks the contract to 000099', async () => {
        const c = greetContract();
        bus.rpcServer.handle(c.subject, async () => ({ greet: 'wrong field' }));
        expect((await rejection(bus.rpcClient.request(c, { name: 'ann' }))).value).toBe('000099');
      });

      it('reports a handler slower than the timeout as "<owner> service did not answer"', async () => {
        const c = greetContract();
        const release = gate();
        bus.rpcServer.handleContract(c, async () => {
          await release.promise;
          return { greeting: 'late' };
        });
        const err = await rejection(bus.rpcClient.request(c, { name: 'ann' }, { timeoutMs: 200 }));
        release.open();
        expect(err.code).toBe(ErrorCode.FC_SYSTEM_ERROR);
        expect(err.failureDetails).toBe(`sso service did not answer (${c.subject})`);
      });

      it('reports a subject nobody serves the same way', async () => {
        const c = greetContract();
        const err = await rejection(bus.rpcClient.request(c, { name: 'ann' }, { timeoutMs: 2_000 }));
        expect(err.code).toBe(ErrorCode.FC_SYSTEM_ERROR);
        expect(err.failureDetails).toBe(`sso service did not answer (${c.subject})`);
      });

      it('passes untyped payloads through requestRaw as JSON', async () => {
        const subject = `dcp.gateway.test-${randomUUID()}`;
        bus.rpcServer.handle(subject, async (p) => ({ echo: p }));
        const at = new Date('2024-01-02T03:04:05.000Z');
        await expect(bus.rpcClient.requestRaw(subject, { at, skip: undefined, n: 1 })).resolves.toEqual({ echo: { at: at.toISOString(), n: 1 } });
      });
    });

    describe('events', () => {
      it('delivers a published event to a durable consumer', async () => {
        const got = envelopes();
        await bus.events.consume(consumerOpts([EVENTS.userDeleted.subject]), async (e) => got.push(e), noDeadLetters);
        const event = userDeleted(1);
        await bus.events.publish(event);
        const [received] = await got.until((xs) => xs.length === 1, 'the event');
        expect(received).toEqual(event);
      });

      it('delivers only the subjects the consumer asked for', async () => {
        const got = envelopes();
        await bus.events.consume(consumerOpts([EVENTS.deviceUnbound.subject]), async (e) => got.push(e), noDeadLetters);
        await bus.events.publish(userDeleted(1));
        const wanted = deviceUnbound(2);
        await bus.events.publish(wanted);
        await got.until((xs) => xs.some((x) => x.id === wanted.id), 'device.unbound');
        expect(got.items.map((e) => e.type)).toEqual([EVENTS.deviceUnbound.subject]);
      });

      it('delivers an event published while the consumer was stopped once it starts again', async () => {
        const opts = consumerOpts([EVENTS.userDeleted.subject]);
        const got = envelopes();
        const first = await bus.events.consume(opts, async (e) => got.push(e), noDeadLetters);
        const before = userDeleted(1);
        await bus.events.publish(before);
        await got.until((xs) => xs.length === 1, 'the first event');
        await first.stop();

        const whileStopped = userDeleted(2);
        await bus.events.publish(whileStopped);
        const again = envelopes();
        await bus.events.consume(opts, async (e) => again.push(e), noDeadLetters);
        await again.until((xs) => xs.length === 1, 'the event published while stopped');
        expect(again.items.map((e) => e.id)).toEqual([whileStopped.id]);
      });

      it('redelivers an event whose handler failed, and then acks it', async () => {
        const attempts = envelopes();
        await bus.events.consume(
          consumerOpts([EVENTS.userDeleted.subject]),
          async (e) => {
            attempts.push(e);
            if (attempts.items.length === 1) throw new Error('database briefly down');
          },
          noDeadLetters,
        );
        const event = userDeleted(3);
        await bus.events.publish(event);
        await attempts.until((xs) => xs.length === 2, 'the redelivery');
        const next = userDeleted(4);
        await bus.events.publish(next);
        // The next event arriving proves the failed one was acked after its second delivery, not retried again.
        await attempts.until((xs) => xs.some((x) => x.id === next.id), 'the following event');
        expect(attempts.items.map((e) => e.id)).toEqual([event.id, event.id, next.id]);
      });

      it('sends an event that always fails to the dead-letter sink after maxDeliver deliveries', async () => {
        const attempts = envelopes();
        const dead = deadLetters();
        const opts = consumerOpts([EVENTS.userDeleted.subject], { maxDeliver: 3 });
        await bus.events.consume(
          opts,
          async (e) => {
            attempts.push(e);
            throw new Error('handler bug');
          },
          async (dl) => dead.push(dl),
        );
        const event = userDeleted(5);
        await bus.events.publish(event);
        const [dl] = await dead.until((xs) => xs.length === 1, 'the dead letter');
        expect(dl).toEqual({ envelope: event, subject: EVENTS.userDeleted.subject, durable: opts.durable, deliveries: 3, error: 'handler bug' });
        expect(attempts.items).toHaveLength(3);
      });

      it('delivers an event published twice with the same id once', async () => {
        const got = envelopes();
        await bus.events.consume(consumerOpts([EVENTS.userDeleted.subject]), async (e) => got.push(e), noDeadLetters);
        const event = userDeleted(6);
        await bus.events.publish(event);
        await bus.events.publish({ ...event });
        const marker = userDeleted(7);
        await bus.events.publish(marker);
        await got.until((xs) => xs.some((x) => x.id === marker.id), 'the marker event');
        expect(got.items.map((e) => e.id)).toEqual([event.id, marker.id]);
      });

      it('refuses to publish an envelope whose payload breaks its schema', async () => {
        const bad = { ...userDeleted(8), data: { userId: -1 } } as unknown as EventEnvelope;
        await expect(bus.events.publish(bad)).rejects.toThrow();
      });

      it('gives ephemeral subscribers the events published after they subscribed', async () => {
        await bus.events.publish(userDeleted(9));
        const seen = envelopes();
        const sub = await bus.events.subscribe([EVENTS.userDeleted.subject], seen.push);
        const expectation = await expectEvent(bus, EVENTS.userDeleted.subject, (e) => e.data.userId === 10);
        const later = userDeleted(10);
        await bus.events.publish(later);
        await expect(expectation.arrived).resolves.toEqual(later);
        await seen.until((xs) => xs.length === 1, 'the subscribed event');
        expect(seen.items.map((e) => e.id)).toEqual([later.id]);
        await sub.stop();
      });

      it('expectEvent rejects when nothing matching arrives in time', async () => {
        const expectation = await expectEvent(bus, EVENTS.deviceBound.subject, () => true, 100);
        await expect(expectation.arrived).rejects.toThrow(/no dcp.device.device.bound.v1 event within 100 ms/);
      });

      it('answers ping while open', async () => {
        await expect(bus.events.ping()).resolves.toBeUndefined();
      });
    });
  });
}
