/**
 * The coalescing transport (coalescing-transport.ts): what separate callbacks of one event-loop turn send
 * leaves in one socket write, in order, where the library's own transport writes once per callback.
 */
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { Socket } from 'node:net';
import { describeWithInfra, TEST_NATS_URL, uniqueName } from '@dcp/testing';
import { connectCoalescing } from './coalescing-transport';

/** Counts the system-call-level writes of the connection's socket (one per _write or _writev). */
function countWrites(nc: NatsConnection): () => number {
  const socket = (nc as unknown as { protocol: { transport: { socket: Socket } } }).protocol.transport.socket as Socket & {
    _write: (...a: unknown[]) => void;
    _writev?: (...a: unknown[]) => void;
  };
  let writes = 0;
  const write = socket._write.bind(socket);
  socket._write = (...a: unknown[]) => {
    writes++;
    write(...a);
  };
  const writev = socket._writev?.bind(socket);
  if (writev) {
    socket._writev = (...a: unknown[]) => {
      writes++;
      writev(...a);
    };
  }
  return () => writes;
}

/** Publishes `n` messages, each from its own timer callback: all fire in one timers phase of one turn. */
async function publishFromSeparateCallbacks(nc: NatsConnection, subject: string, n: number): Promise<void> {
  await Promise.all(Array.from({ length: n }, (_, i) => new Promise<void>((resolve) => setTimeout(() => {
    nc.publish(subject, String(i));
    resolve();
  }, 0))));
  await nc.flush();
}

describeWithInfra(['nats'], 'NATS coalescing transport', () => {
  const open: NatsConnection[] = [];
  afterAll(async () => {
    await Promise.all(open.map((nc) => nc.close()));
  });

  async function received(subject: string, n: number, sender: NatsConnection): Promise<string[]> {
    const listener = await connect({ servers: TEST_NATS_URL });
    open.push(listener);
    const got: string[] = [];
    const done = new Promise<void>((resolve) => {
      listener.subscribe(subject, { max: n, callback: (_err, msg) => {
        got.push(msg.string());
        if (got.length === n) resolve();
      } });
    });
    await listener.flush();
    const writes = countWrites(sender);
    await publishFromSeparateCallbacks(sender, subject, n);
    await done;
    return [String(writes()), ...got];
  }

  it('sends what separate callbacks of one turn publish in one write, in order', async () => {
    const nc = await connectCoalescing({ servers: TEST_NATS_URL });
    open.push(nc);
    const [writes, ...got] = await received(uniqueName('coalesce'), 50, nc);
    expect(got).toEqual(Array.from({ length: 50 }, (_, i) => String(i)));
    // The 50 messages, then the flush's PING in a later turn.
    expect(Number(writes)).toBeLessThanOrEqual(3);
  });

  it('the library transport writes once per callback (what this replaces)', async () => {
    const nc = await connect({ servers: TEST_NATS_URL });
    open.push(nc);
    const [writes, ...got] = await received(uniqueName('plain'), 50, nc);
    expect(got).toHaveLength(50);
    expect(Number(writes)).toBeGreaterThanOrEqual(50);
  });

  it('answers request-reply across two coalescing connections', async () => {
    const [server, client] = await Promise.all([connectCoalescing({ servers: TEST_NATS_URL }), connectCoalescing({ servers: TEST_NATS_URL })]);
    open.push(server, client);
    const subject = uniqueName('echo');
    server.subscribe(subject, {
      callback: (_err, msg) => {
        msg.respond(msg.data);
      },
    });
    await server.flush();
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => client.request(subject, String(i), { timeout: 10_000 })));
    expect(replies.map((r) => r.string())).toEqual(Array.from({ length: 20 }, (_, i) => String(i)));
  });
});
