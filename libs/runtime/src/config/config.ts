/**
 * Configuration from the environment (README: Configuration). Parsed once at start-up; a bad value stops
 * the process with a message naming the variable. In three parts: what every process reads (here), what only
 * the edge reads (edge-settings.ts) and what the services read (service-settings.ts); each lib injects what
 * it reads, typed as its own `<Lib>Config`.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_POOL_SIZE } from '@dcp/database';
import { InvalidLogLevelError, type LogLevelName, parseLogLevel } from '@dcp/observability';
import { type EdgeSettings, loadEdgeSettings } from './edge-settings';
import { ConfigError, int, listenHost } from './env-values';
import { type NatsSettings, loadNatsSettings } from './nats-settings';
import { type ServiceSettings, loadServiceSettings } from './service-settings';

export { ConfigError } from './env-values';
export { type EdgeSettings, requireAdminTokens } from './edge-settings';
export type { ServiceSettings } from './service-settings';
export type { NatsSettings } from './nats-settings';

/** What every process reads: where it runs, its database and bus, its logging, secrets, ports of its own and shutdown. */
export interface ProcessSettings {
  readonly mode: 'embedded' | 'distributed';
  readonly production: boolean;
  /** HOST: the address the public port (and a standalone service's health port) listens on; loopback unless set (SDA1). */
  readonly host: string;
  /** LOG_LEVEL: fatal, error, warn, info (default), debug, trace or silent (libs/observability logging). */
  readonly logLevel: LogLevelName;
  readonly dataDir: string;
  readonly databaseUrl?: string;
  readonly natsUrl?: string;
  /** NATS_USER, NATS_PASSWORD, NATS_TLS_CA_FILE: authentication and TLS of the NATS connection (nats-settings.ts). */
  readonly nats: NatsSettings;
  /**
   * 32-byte key for AES-256-GCM encryption of merchant secrets and manufacturer delKeys. In production without
   * SECRETS_KEY, reading it throws the ConfigError: only the processes that encrypt or sign need the key (its
   * Deployments alone get the Secret; tools/deploy-check/k8s-secrets.spec.ts), and those refuse to start.
   */
  readonly secretsKey: Buffer;
  /** Keys SECRETS_KEY replaced: secrets still under them decrypt, and are re-encrypted under SECRETS_KEY at start. */
  readonly secretsKeyPrevious: readonly Buffer[];
  /** Timeout of one request-reply call between services. */
  readonly rpcTimeoutMs: number;
  /** Port of a standalone service's health/metrics server (distributed mode). */
  readonly healthPort: number;
  /** PostgreSQL connections per service database in this process (distributed mode). */
  readonly databasePoolSize: number;
  /** Copies of the event stream DCP_EVENTS on the NATS cluster (EVENT_STREAM_REPLICAS; 3 in k8s prod). */
  readonly eventStreamReplicas: number;
  /** Longest an ordered shutdown may take before the process exits non-zero (below Kubernetes' grace period). */
  readonly shutdownTimeoutMs: number;
}

/** The whole configuration of a process (one may host the edge and every service: apps/platform). */
export type PlatformConfig = ProcessSettings & EdgeSettings & ServiceSettings;

function logLevel(env: NodeJS.ProcessEnv): LogLevelName {
  try {
    return parseLogLevel(env.LOG_LEVEL);
  } catch (err) {
    if (err instanceof InvalidLogLevelError) throw new ConfigError(err.message);
    throw err;
  }
}

function parseKey(name: string, raw: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) throw new ConfigError(`${name} must be 32 bytes, as 64 hex characters or base64`);
  return key;
}

/** SECRETS_KEY_PREVIOUS: comma-separated keys in SECRETS_KEY's format (docs/decisions.md SK1). */
function previousKeys(env: NodeJS.ProcessEnv): Buffer[] {
  const raw = env.SECRETS_KEY_PREVIOUS ?? '';
  return raw
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k !== '')
    .map((k) => parseKey('SECRETS_KEY_PREVIOUS', k));
}

const SECRETS_KEY_REQUIRED = 'SECRETS_KEY is required when NODE_ENV=production';

/** The key, or undefined in production without one (loadConfig: reading it then throws SECRETS_KEY_REQUIRED). */
function secretsKey(env: NodeJS.ProcessEnv, production: boolean, dataDir: string): Buffer | undefined {
  const raw = env.SECRETS_KEY;
  if (raw) return parseKey('SECRETS_KEY', raw);
  if (production) return undefined;
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
  const dataDir = resolve(env.DATA_DIR || '.data');
  const rpcTimeoutMs = int(env, 'RPC_TIMEOUT_MS', 5000, 100, 120000);
  const edge = loadEdgeSettings(env, { production, mode });
  const processSettings: ProcessSettings = {
    mode,
    production,
    host: listenHost(env, 'HOST'),
    logLevel: logLevel(env),
    dataDir,
    databaseUrl,
    natsUrl,
    nats: loadNatsSettings(env),
    secretsKey: secretsKey(env, production, dataDir) ?? Buffer.alloc(0),
    secretsKeyPrevious: previousKeys(env),
    rpcTimeoutMs,
    healthPort: int(env, 'HEALTH_PORT', 9000),
    databasePoolSize: int(env, 'DATABASE_POOL_SIZE', DEFAULT_POOL_SIZE, 1, 100),
    // JetStream keeps at most 5 copies; more than the cluster's servers is refused when the stream is created.
    eventStreamReplicas: int(env, 'EVENT_STREAM_REPLICAS', 1, 1, 5),
    shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_MS', 25_000, 1_000, 600_000),
  };
  const config: PlatformConfig = { ...processSettings, ...edge, ...loadServiceSettings(env, { mode, rpcTimeoutMs, publicPort: edge.port }) };
  if (config.secretsKey.length === 0) {
    Object.defineProperty(config, 'secretsKey', {
      enumerable: true,
      get: () => {
        throw new ConfigError(SECRETS_KEY_REQUIRED);
      },
    });
  }
  return config;
}
