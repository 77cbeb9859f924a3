/**
 * The NATS connection's socket, writing what one turn of the event loop sends in one system call.
 *
 * nats.js flushes its outbound buffer on a microtask: under load every request or reply the process sends is
 * its own socket write, and on the edge those writes were a third of its CPU (docs/benchmarks.md). Corking the
 * socket at the first write of a turn and uncorking it on setImmediate hands Node everything written in that
 * turn at once (one writev). A frame waits at most until the end of the current turn; PING/PONG and every
 * other protocol message go the same way, in order. The library offers no option for this, only its
 * transport factory, which this plugs into.
 */
import { NatsConnectionImpl, type NatsConnection, type NodeConnectionOptions, setTransportFactory } from '@nats-io/transport-node';
// The Node transport class itself: the package exports only `connect`, which installs the plain transport.
import { NodeTransport, nodeResolveHost } from '@nats-io/transport-node/lib/node_transport';

export class CoalescingNodeTransport extends NodeTransport {
  private corked = false;

  override send(frame: Uint8Array): void {
    const socket = this.socket as NodeTransport['socket'] | undefined;
    if (socket && !this.corked && !socket.destroyed) {
      this.corked = true;
      socket.cork();
      setImmediate(() => {
        this.corked = false;
        socket.uncork();
      });
    }
    super.send(frame);
  }
}

/** `connect` of @nats-io/transport-node, on the coalescing transport. */
export function connectCoalescing(opts: NodeConnectionOptions): Promise<NatsConnection> {
  setTransportFactory({ factory: () => new CoalescingNodeTransport(), dnsResolveFn: nodeResolveHost });
  return NatsConnectionImpl.connect(opts);
}
