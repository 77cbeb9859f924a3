import { jetstreamManager } from '@nats-io/jetstream';
import { connect, headers } from '@nats-io/transport-node';
import { currentCallContext } from '@dcp/observability';
import { describeWithInfra, TEST_NATS_URL, uniqueName } from '@dcp/testing';
import { createBus } from '../create-bus';
import { callContextSuite } from '../test/call-context-contract';
import { natsBusHarness } from '../test/nats-harness';
import { decodeJson, encodeJson } from '../json';

describeWithInfra(['nats'], 'NATS bus', () => {
  callContextSuite('nats', () => natsBusHarness('CTX_TEST'));
});

describeWithInfra(['nats'], 'NATS bus: call context headers from any client', () => {
  it('ignores a malformed traceparent (and its tracestate) and an unsafe request id', async () => {
    const prefix = uniqueName('CTX_RAW');
    const bus = await createBus({ kind: 'nats', url: TEST_NATS_URL, stream: prefix, subjectPrefix: prefix });
    const nc = await connect({ servers: TEST_NATS_URL });
    try {
      bus.rpcServer.handle('dcp.rpc.sso.context', async () => ({ ...currentCallContext() }));
      // Answered through the bus's own connection: the server has the subscription before the other client asks.
      await bus.rpcClient.requestRaw('dcp.rpc.sso.context', {});
      const h = headers();
      h.set('traceparent', '00-4bf92f3577b34da6a3ce929d0e0e4736-zz-01');
      h.set('tracestate', 'vendor=abc');
      h.set('x-request-id', 'not safe {"level":60}');
      const reply = await nc.request(`${prefix}.dcp.rpc.sso.context`, encodeJson({}), { timeout: 5_000, headers: h });
      expect(decodeJson(reply.data)).toEqual({ ok: true, data: {} });
    } finally {
      await bus.close();
      await (await jetstreamManager(nc)).streams.delete(prefix).catch(() => false);
      await nc.close();
    }
  });
});
