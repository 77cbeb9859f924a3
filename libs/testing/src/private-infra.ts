/**
 * What a spec of built apps as processes needs beside them: its own nats-server (which the spec may stop and
 * start again, never the machine's shared one), a throwaway PostgreSQL database and a data folder. `close()`
 * in afterAll removes all of it.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from './infra';
import { freePort, natsServerBinary, startNatsServer, stopNatsServer } from './nats-server';

export interface PrivateInfra {
  readonly natsPort: number;
  readonly natsUrl: string;
  readonly databaseUrl: string;
  readonly dataDir: string;
  /** DATABASE_URL, NATS_URL, DATA_DIR and SECRETS_KEY for an app of this infrastructure. */
  appEnv(): Record<string, string>;
  stopNats(): Promise<void>;
  startNats(): Promise<void>;
  close(): Promise<void>;
}

export interface PrivateInfraOptions {
  /** Prefix of the throwaway database's name. */
  database: string;
  /** Extra nats-server arguments (e.g. a monitoring port). */
  natsArgs?: string[];
  secretsKey?: string;
}

export async function startPrivateInfra(opts: PrivateInfraOptions): Promise<PrivateInfra> {
  const bin = natsServerBinary();
  if (!bin) throw new Error('nats-server is not installed (the integration specs need it, as CI has it)');
  const storeDir = mkdtempSync(join(tmpdir(), 'dcp-nats-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'dcp-data-'));
  const natsPort = await freePort();
  let nats: ChildProcess | undefined = await startNatsServer(bin, natsPort, storeDir, opts.natsArgs);
  const db = await createTestDatabase(opts.database);
  const natsUrl = `nats://127.0.0.1:${natsPort}`;
  const secretsKey = opts.secretsKey ?? 'a'.repeat(64);
  return {
    natsPort,
    natsUrl,
    databaseUrl: db.url,
    dataDir,
    appEnv: () => ({ DATABASE_URL: db.url, NATS_URL: natsUrl, DATA_DIR: dataDir, SECRETS_KEY: secretsKey }),
    stopNats: async () => {
      if (nats) await stopNatsServer(nats);
      nats = undefined;
    },
    startNats: async () => {
      nats ??= await startNatsServer(bin, natsPort, storeDir, opts.natsArgs);
    },
    close: async () => {
      if (nats) await stopNatsServer(nats);
      await db.drop();
      rmSync(storeDir, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
