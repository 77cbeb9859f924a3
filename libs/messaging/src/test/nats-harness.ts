/** A BusHarness over the machine's NATS: each bus gets its own stream and subject prefix, deleted afterwards. */
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { TEST_NATS_URL, uniqueName } from '@dcp/testing';
import { createBus } from '../create-bus';
import type { BusHarness } from './bus-contract';

export function natsBusHarness(streamPrefix: string): BusHarness {
  const streams: string[] = [];
  return {
    create: (logger) => {
      const stream = uniqueName(streamPrefix);
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
}
