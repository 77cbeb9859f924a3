/**
 * Bus.stopIntake on NATS, the `intake` phase of shutdown (docs/decisions.md HS2, HS4): a request the replica
 * already holds is answered even when close() follows at once, new requests no longer reach it, publishing still
 * works until close(), and readiness answers from the connection state once it is closed.
 */
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { describeWithInfra, TEST_NATS_URL, uniqueName } from '@dcp/testing';
import type { Bus } from '../api';
import { buildEvent } from '../build-event';
import { createBus } from '../create-bus';
import { gate, recordingLogger } from '../test/helpers';

describeWithInfra(['nats'], 'NATS bus: stopIntake', () => {
  const streams: string[] = [];

  async function pair(): Promise<[Bus, Bus]> {
    const prefix = uniqueName('INTAKE');
    streams.push(prefix);
    const open = () => createBus({ kind: 'nats', url: TEST_NATS_URL, stream: prefix, subjectPrefix: prefix, requestTimeoutMs: 15_000, logger: recordingLogger() });
    return [await open(), await open()];
  }

  afterAll(async () => {
    const nc = await connect({ servers: TEST_NATS_URL });
    const jsm = await jetstreamManager(nc);
    for (const s of streams) await jsm.streams.delete(s).catch(() => false);
    await nc.close();
  });

  it('answers the request it holds before the connection closes; new requests no longer reach it', async () => {
    const [replica, caller] = await pair();
    try {
      const started = gate();
      const release = gate();
      replica.rpcServer.handle('dcp.rpc.sso.slow', async () => {
        started.open();
        await release.promise;
        return 'done';
      });
      // The caller is another connection: a round trip on the replica's own connection (the server handles one
      // connection's protocol in order) proves the server holds the subscription before the caller sends.
      await replica.events.ping();
      const held = caller.rpcClient.requestRaw('dcp.rpc.sso.slow', {});
      await started.promise;

      const stopped = replica.stopIntake().then(() => replica.close());
      // stopIntake sent UNSUB synchronously; the same round trip proves the server has dropped the subscription.
      await replica.events.ping();
      // Once the subscription is gone at the server, a new request finds no responder: only then let the held
      // handler finish, so close() would have run already if stopIntake did not wait for it.
      await expect(caller.rpcClient.requestRaw('dcp.rpc.sso.slow', {})).rejects.toMatchObject({ value: '000099' });
      release.open();

      await expect(held).resolves.toBe('done');
      await stopped;
    } finally {
      await Promise.all([replica.close(), caller.close()]);
    }
  });

  it('keeps publishing after stopIntake (the outbox flushes after it), and readiness fails at once after close', async () => {
    const [replica, caller] = await pair();
    try {
      await replica.stopIntake();
      await expect(replica.events.publish(buildEvent('userDeleted', { userId: 1, openId: 'open-1', clientId: 'client-1', uuid: 'uuid-1' }))).resolves.toBeUndefined();
      await expect(replica.events.ping()).resolves.toBeUndefined();
      await replica.close();
      await expect(replica.events.ping()).rejects.toThrow('the NATS connection is closed');
    } finally {
      await Promise.all([replica.close(), caller.close()]);
    }
  });
});
