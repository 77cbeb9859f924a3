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
