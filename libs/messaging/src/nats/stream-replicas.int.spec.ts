import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { describeWithInfra, TEST_NATS_URL, uniqueName } from '@dcp/testing';
import { recordingLogger } from '../test/helpers';
import { ensureStream } from './stream';

// The test server is a single NATS server: it keeps one replica and refuses more, which is what a
// misconfigured EVENT_STREAM_REPLICAS meets at start-up (docs/decisions.md K8-8). A cluster changes the
// count in place; stream.spec.ts pins that ensureStream asks it to.
describeWithInfra(['nats'], 'event stream replicas on a single NATS server', () => {
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  const streams: string[] = [];
  const settings = (replicas: number) => {
    const name = uniqueName('REPLICAS');
    streams.push(name);
    return { name, subjects: [`${name.toLowerCase()}.>`], replicas };
  };

  beforeAll(async () => {
    nc = await connect({ servers: TEST_NATS_URL });
    jsm = await jetstreamManager(nc);
  });

  afterAll(async () => {
    for (const s of streams) await jsm.streams.delete(s).catch(() => false);
    await nc.close();
  });

  it('creates the stream with one replica', async () => {
    const info = await ensureStream(jsm, settings(1), recordingLogger());
    expect(info.config.num_replicas).toBe(1);
  });

  it('refuses three replicas with the server\'s own reason, creating nothing', async () => {
    const s = settings(3);
    await expect(ensureStream(jsm, s, recordingLogger())).rejects.toThrow(/replicas/i);
    await expect(jsm.streams.info(s.name)).rejects.toThrow();
  });
});
