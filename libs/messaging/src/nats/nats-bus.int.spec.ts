import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { describeWithInfra, TEST_NATS_URL, uniqueName } from '@dcp/testing';
import { createBus } from '../create-bus';
import { busContractSuite } from '../test/bus-contract';

describeWithInfra(['nats'], 'NATS bus', () => {
  busContractSuite('nats', () => {
    const streams: string[] = [];
    return {
      create: (logger) => {
        const stream = uniqueName('MSG_TEST');
        streams.push(stream);
        return createBus({ kind: 'nats', url: TEST_NATS_URL, stream, subjectPrefix: stream, logger });
      },
      cleanup: async () => {
        const nc = await connect({ servers: TEST_NATS_URL });
        const jsm = await jetstreamManager(nc);
        for (const s of streams) await jsm.streams.delete(s).catch(() => false);
        await nc.close();
      },
    };
  });
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
