/**
 * A private nats-server (own port and JetStream store) for specs that stop and restart the broker under a
 * running service. Uses Debian's nats-server binary, the same one CI starts on 4222.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

export function natsServerBinary(): string | undefined {
  const found = spawnSync('sh', ['-c', 'command -v nats-server'], { encoding: 'utf8' });
  if (found.status === 0) return found.stdout.trim();
  return existsSync('/usr/sbin/nats-server') ? '/usr/sbin/nats-server' : undefined;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts nats-server with JetStream and resolves once it logs that it is ready (`extraArgs`: e.g. `-m <port>` for monitoring). */
export function startNatsServer(bin: string, port: number, storeDir: string, extraArgs: string[] = []): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir, ...extraArgs], { stdio: ['ignore', 'ignore', 'pipe'] });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`nats-server did not start: ${output}`)), 15_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Server is ready')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`nats-server exited with ${code}: ${output}`));
    });
  });
}

export function stopNatsServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
