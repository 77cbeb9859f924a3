import { describeWithInfra, TEST_NATS_URL, uniqueName } from '@dcp/testing';
import { createBus } from '../create-bus';
import { busContractSuite } from '../test/bus-contract';
import { natsBusHarness } from '../test/nats-harness';
import { recordingLogger } from '../test/helpers';

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
