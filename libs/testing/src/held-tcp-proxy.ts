/**
 * A TCP proxy in front of a real server (PostgreSQL) that accepts connections but says nothing on them until
 * released: a database that is still starting, or one too slow to answer, as an app sees it. Once released,
 * held and new connections are piped to the target. Specs wait for `connected` (the app reached the database)
 * instead of sleeping.
 */
import { type Server, type Socket, connect, createServer } from 'node:net';

export interface HeldTcpProxy {
  readonly port: number;
  /** Resolves at the first connection an app opened through the proxy. */
  readonly connected: Promise<void>;
  /** From now on every connection, held or new, reaches the target. */
  release(): void;
  close(): Promise<void>;
}

export async function startHeldTcpProxy(target: { host: string; port: number }): Promise<HeldTcpProxy> {
  const sockets = new Set<Socket>();
  let held: Socket[] = [];
  let released = false;
  let firstConnection!: () => void;
  const connected = new Promise<void>((resolve) => (firstConnection = resolve));

  const forward = (client: Socket) => {
    if (client.destroyed) return;
    const upstream = connect(target.port, target.host);
    sockets.add(upstream);
    upstream.once('close', () => sockets.delete(upstream));
    // What the client sent while held waits in its paused stream and flows on once piped.
    client.pipe(upstream).on('error', () => client.destroy());
    upstream.pipe(client).on('error', () => upstream.destroy());
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
    client.resume();
  };

  const server: Server = createServer((client) => {
    sockets.add(client);
    client.once('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    firstConnection();
    if (released) return forward(client);
    client.pause();
    held.push(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as { port: number }).port,
    connected,
    release: () => {
      released = true;
      const waiting = held;
      held = [];
      for (const client of waiting) forward(client);
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
