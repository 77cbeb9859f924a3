import { describeWithInfra, TEST_NATS_URL, uniqueName } from '@dcp/testing';
import { createBus } from '../create-bus';
import { busContractSuite } from '../test/bus-contract';
import { natsBusHarness } from '../test/nats-harness';
import { EVENTS } from '@dcp/contracts';
import { buildEvent } from '../build-event';
import { Collector, gate, recordingLogger } from '../test/helpers';

describeWithInfra(['nats'], 'NATS bus', () => {
  busContractSuite('nats', () => natsBusHarness('MSG_TEST'));
});

describeWithInfra(['nats'], 'NATS bus: subject prefixes', () => {
  it('keeps request-reply of two prefixed buses apart on one server (each answers only its own callers)', async () => {
    const [a, b] = await Promise.all(['ISO_A', 'ISO_B'].map((p) => createBus({ kind: 'nats', url: TEST_NATS_URL, stream: uniqueName(p), subjectPrefix: uniqueName(p) })));
    try {
      a.rpcServer.handle('dcp.rpc.sso.whoami', async () => 'a');
      b.rpcServer.handle('dcp.rpc.sso.whoami', async () => 'b');
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? b : a).rpcClient.requestRaw('dcp.rpc.sso.whoami', {})));
      expect(answers).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 ? 'b' : 'a')));
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describeWithInfra(['nats'], 'NATS bus: messages above the server\'s max_payload', () => {
  it('refuses an oversized request at once, and answers an oversized reply with the reason instead of silence', async () => {
    const prefix = uniqueName('BIG');
    const logger = recordingLogger();
    const bus = await createBus({ kind: 'nats', url: TEST_NATS_URL, stream: prefix, subjectPrefix: prefix, logger });
    try {
      const big = 'x'.repeat(2 * 1024 * 1024);
      bus.rpcServer.handle('dcp.rpc.storage.echo-size', async (payload) => ({ size: String(payload).length }));
      bus.rpcServer.handle('dcp.rpc.storage.too-big', async () => big);
      await expect(bus.rpcClient.requestRaw('dcp.rpc.storage.echo-size', big)).rejects.toMatchObject({ value: '000099', failureDetails: expect.stringMatching(/more than the NATS server's max_payload of \d+ bytes/) });
      await expect(bus.rpcClient.requestRaw('dcp.rpc.storage.too-big', {})).rejects.toMatchObject({ value: '000099', failureDetails: expect.stringMatching(/^the reply on dcp.rpc.storage.too-big is \d+ bytes/) });
      expect(logger.errors).toEqual([expect.stringMatching(/^reply on dcp.rpc.storage.too-big is \d+ bytes/)]);
    } finally {
      await bus.close();
    }
  });
});

describeWithInfra(['nats'], 'NATS bus: a durable consumer applies several users at once, each user in order (E10)', () => {
  it('runs another user\'s event while one waits, and holds a user\'s next event until its previous one is done', async () => {
    const prefix = uniqueName('PAR');
    const bus = await createBus({ kind: 'nats', url: TEST_NATS_URL, stream: prefix, subjectPrefix: prefix, logger: recordingLogger() });
    try {
      const release = gate();
      const log = new Collector<string>();
      const userDeleted = (userId: number) => buildEvent('userDeleted', { userId, openId: `o${userId}`, clientId: 'c', uuid: `u${userId}` });
      const first = userDeleted(1);
      await bus.events.consume(
        { durable: 'par', subjects: [EVENTS.userDeleted.subject] },
        async (e) => {
          const user = (e.data as { userId: number }).userId;
          log.push(`start ${user} ${e.id === first.id ? 'first' : 'second'}`);
          // User 1's first event waits until the test opens the gate.
          if (e.id === first.id) await release.promise;
          log.push(`end ${user} ${e.id === first.id ? 'first' : 'second'}`);
        },
        async () => {
          throw new Error('unexpected dead letter');
        },
      );
      await bus.events.publish(first);
      await log.until((xs) => xs.includes('start 1 first'), 'user 1 waiting');
      await bus.events.publish(userDeleted(1)); // the same user again: must wait
      await bus.events.publish(userDeleted(2)); // another user: runs meanwhile
      await log.until((xs) => xs.includes('end 2 second'), 'user 2 applied while user 1 waits');
      expect(log.items).not.toContain('start 1 second');
      release.open();
      await log.until((xs) => xs.includes('end 1 second'), 'user 1 second event');
      const user1 = log.items.filter((x) => x.includes(' 1 '));
      expect(user1).toEqual(['start 1 first', 'end 1 first', 'start 1 second', 'end 1 second']);
    } finally {
      await bus.close();
    }
  });
});
