/**
 * Configuration from the environment (README: Configuration). Parsed once at start-up; a bad value stops
 * the process with a message naming the variable.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_POOL_SIZE } from '@dcp/database';
import { DEFAULT_ACK_WAIT_MS, DEFAULT_MAX_DELIVER } from '@dcp/messaging';

export interface PlatformConfig {
  readonly mode: 'embedded' | 'distributed';
  readonly production: boolean;
  readonly port: number;
  readonly adminPort: number;
  readonly adminToken: string;
  readonly publicBaseUrl: string;
  readonly publicStoreUrl: string;
  readonly dataDir: string;
  readonly databaseUrl?: string;
  readonly natsUrl?: string;
  /** 32-byte key for AES-256-GCM encryption of merchant secrets and manufacturer delKeys. */
  readonly secretsKey: Buffer;
  readonly merchantAllowPrivateNetworks: boolean;
  /** Timeout of one request-reply call between services. */
  readonly rpcTimeoutMs: number;
  /** Port of a standalone service's health/metrics server (distributed mode). */
  readonly healthPort: number;
  /** PostgreSQL connections per service database in this process (distributed mode). */
  readonly databasePoolSize: number;
  /**
   * Addresses of sub-services this platform does not run (push, voice assistant), handed to apps in
   * center.getServerInfo; '' when the operator offers none.
   */
  readonly pushQueryUrl: string;
  readonly pushSendUrl: string;
  readonly voiceAssistantUrl: string;
  /** Deliveries of one event to a consumer before it becomes a dead letter. */
  readonly eventMaxDeliver: number;
  /** Delay before a failed event is delivered again. */
  readonly eventRetryDelayMs: number;
  /** Longest a consumer may work on one event before it counts as failed and is delivered again. */
  readonly eventAckWaitMs: number;
}

export class ConfigError extends Error {}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0, max = 65535): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  return n;
}

function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function url(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name] || fallback;
  try {
    return new URL(raw).toString().replace(/\/$/, '');
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, got "${raw}"`);
  }
}

function optionalUrl(env: NodeJS.ProcessEnv, name: string): string {
  return env[name] ? url(env, name, '') : '';
}

function secretsKey(env: NodeJS.ProcessEnv, production: boolean, dataDir: string): Buffer {
  const raw = env.SECRETS_KEY;
  if (raw) {
    const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
    if (key.length !== 32) throw new ConfigError('SECRETS_KEY must be 32 bytes, as 64 hex characters or base64');
    return key;
  }
  if (production) throw new ConfigError('SECRETS_KEY is required when NODE_ENV=production');
  // Development: a random key kept beside the embedded data, so encrypted secrets survive restarts.
  const file = join(dataDir, 'secrets.key');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('hex') + '\n', { mode: 0o600 });
  return key;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  const production = env.NODE_ENV === 'production';
  const databaseUrl = env.DATABASE_URL || undefined;
  const natsUrl = env.NATS_URL || undefined;
  if (!!databaseUrl !== !!natsUrl) {
    throw new ConfigError('DATABASE_URL and NATS_URL go together: set both (distributed) or neither (embedded)');
  }
  const mode = databaseUrl ? 'distributed' : 'embedded';
  const port = int(env, 'PORT', 3000);
  const adminPort = int(env, 'ADMIN_PORT', 3001);
  const adminToken = env.ADMIN_TOKEN || (production ? '' : 'dev-admin-token');
  if (!adminToken) throw new ConfigError('ADMIN_TOKEN is required when NODE_ENV=production');
  const dataDir = resolve(env.DATA_DIR || '.data');
  const publicBaseUrl = url(env, 'PUBLIC_BASE_URL', `http://localhost:${port}`);
  return {
    mode,
    production,
    port,
    adminPort,
    adminToken,
    publicBaseUrl,
    publicStoreUrl: url(env, 'PUBLIC_STORE_URL', publicBaseUrl),
    dataDir,
    databaseUrl,
    natsUrl,
    secretsKey: secretsKey(env, production, dataDir),
    merchantAllowPrivateNetworks: bool(env, 'MERCHANT_ALLOW_PRIVATE_NETWORKS', mode === 'embedded'),
    rpcTimeoutMs: int(env, 'RPC_TIMEOUT_MS', 5000, 100, 120000),
    healthPort: int(env, 'HEALTH_PORT', 9000),
    databasePoolSize: int(env, 'DATABASE_POOL_SIZE', DEFAULT_POOL_SIZE, 1, 100),
    pushQueryUrl: optionalUrl(env, 'PUSH_QUERY_URL'),
    pushSendUrl: optionalUrl(env, 'PUSH_SEND_URL'),
    voiceAssistantUrl: optionalUrl(env, 'VOICE_ASSISTANT_URL'),
    eventMaxDeliver: int(env, 'EVENT_MAX_DELIVER', DEFAULT_MAX_DELIVER, 1, 1000),
    eventRetryDelayMs: int(env, 'EVENT_RETRY_DELAY_MS', 5_000, 10, 3_600_000),
    eventAckWaitMs: int(env, 'EVENT_ACK_WAIT_MS', DEFAULT_ACK_WAIT_MS, 1_000, 3_600_000),
  };
}
