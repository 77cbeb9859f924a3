/**
 * A private PostgreSQL server (own data folder and port) for specs that take the database away under running
 * apps and bring it back. Uses Debian's PostgreSQL binaries (the package CI installs); as root it runs them as
 * the `postgres` user, as initdb and postgres require.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The folder of Debian's PostgreSQL binaries (the newest installed major version), or undefined. */
export function postgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'postgres'))).sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : undefined;
}

export interface PostgresServer {
  readonly url: string;
  start(): Promise<void>;
  /** Fast shutdown (SIGINT): open connections are closed, as when a database fails over or restarts. */
  stop(): Promise<void>;
  /** Stops it and removes its data folder. */
  remove(): Promise<void>;
}

export async function startPostgresServer(port: number): Promise<PostgresServer> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql (Debian: apt-get install postgresql)');
  const dir = mkdtempSync(join(tmpdir(), 'dcp-pg-'));
  // initdb and postgres refuse to run as root: as root, run them as the `postgres` user (spawn's uid/gid, so
  // signals reach postgres itself).
  const owner = process.getuid?.() === 0 ? { uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })) } : {};
  if (owner.uid !== undefined) chownSync(dir, owner.uid, owner.gid!);
  const data = join(dir, 'data');
  execFileSync(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8'], { stdio: 'ignore', ...owner });

  let child: ChildProcess | undefined;
  const server: PostgresServer = {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    start: async () => {
      if (child) return;
      const args = ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'];
      const started = spawn(join(bin, 'postgres'), args, { stdio: ['ignore', 'ignore', 'pipe'], ...owner });
      child = started;
      await new Promise<void>((resolve, reject) => {
        let output = '';
        const timer = setTimeout(() => reject(new Error(`postgres did not start: ${output}`)), 30_000);
        started.stderr?.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('ready to accept connections')) {
            clearTimeout(timer);
            resolve();
          }
        });
        started.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`postgres exited with ${code}: ${output}`));
        });
      });
    },
    stop: async () => {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        running.kill('SIGINT');
      });
    },
    remove: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}
