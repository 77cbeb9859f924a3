/**
 * Configuration from the environment (README: Configuration). Parsed once at start-up; a bad value stops
 * the process with a message naming the variable.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_POOL_SIZE } from '@dcp/database';
import { DEFAULT_ACK_WAIT_MS, DEFAULT_MAX_DELIVER } from '@dcp/messaging';
import { InvalidLogLevelError, type LogLevelName, parseLogLevel } from '@dcp/observability';
import { type AdminChangeLimits, type HttpTimeouts, type MerchantCallLimits, type RateLimits, type TrustProxy, parseTrustProxy } from './abuse-limits-config';
import { type AdminAuthLimits, isLoopbackAddress, parseAllowedHosts, parseListenHost } from './admin-access-config';
import { type AdminTokenConfig, AdminTokensError, DEV_ADMIN_TOKEN, combineAdminTokens, parseAdminToken, parseAdminTokens } from './admin-tokens-config';

export interface PlatformConfig {
  readonly mode: 'embedded' | 'distributed';
  readonly production: boolean;
  readonly port: number;
  readonly adminPort: number;
  /** HOST: the address the public port (and a standalone service's health port) listens on; loopback unless set (SDA1). */
  readonly host: string;
  /** ADMIN_HOST: the address the admin port listens on; loopback unless set (SDA1). */
  readonly adminHost: string;
  /** ADMIN_ALLOWED_HOSTS: Host names the admin port answers beside the loopback names and IP literals (`*.domain` patterns; SDA3). */
  readonly adminAllowedHosts: readonly string[];
  /** Failed admin authentications per source address and window before AD0429 (SDA5). */
  readonly adminAuthLimits: AdminAuthLimits;
  /**
   * The admin API's tokens, each with its name and role: ADMIN_TOKEN (named `admin`, full access) and the
   * entries of ADMIN_TOKENS (docs/decisions.md AU1). Empty when none is set and the development default does
   * not apply: a process serving the admin API then refuses to start (requireAdminTokens; SDA2).
   */
  readonly adminTokens: readonly AdminTokenConfig[];
  /** True when neither ADMIN_TOKEN nor ADMIN_TOKENS is set and the development default (DEV_ADMIN_TOKEN) is in force: only then is the token printed. */
  readonly adminTokenIsDevDefault: boolean;
  /** LOG_LEVEL: fatal, error, warn, info (default), debug, trace or silent (libs/observability logging). */
  readonly logLevel: LogLevelName;
  readonly publicBaseUrl: string;
  readonly publicStoreUrl: string;
  readonly dataDir: string;
  readonly databaseUrl?: string;
  readonly natsUrl?: string;
  /** 32-byte key for AES-256-GCM encryption of merchant secrets and manufacturer delKeys. */
  readonly secretsKey: Buffer;
  /** Keys SECRETS_KEY replaced: secrets still under them decrypt, and are re-encrypted under SECRETS_KEY at start. */
  readonly secretsKeyPrevious: readonly Buffer[];
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
  /** Copies of the event stream DCP_EVENTS on the NATS cluster (EVENT_STREAM_REPLICAS; 3 in k8s prod). */
  readonly eventStreamReplicas: number;
  /** Longest an ordered shutdown may take before the process exits non-zero (below Kubernetes' grace period). */
  readonly shutdownTimeoutMs: number;
  /** Days an admin audit entry is kept (AUDIT_RETENTION_DAYS); sso-service purges older ones. */
  readonly auditRetentionDays: number;
  /** Abuse limits (README: "Abuse limits"): merchant calls, edge rate limits, HTTP time limits, trusted proxies. */
  readonly merchantCalls: MerchantCallLimits;
  readonly rateLimits: RateLimits;
  /** Changing admin calls per token and per source address (ADMIN_CHANGES_*; decisions SDB2). */
  readonly adminChangeLimits: AdminChangeLimits;
  readonly httpTimeouts: HttpTimeouts;
  readonly trustProxy: TrustProxy;
  /**
   * Peers whose X-Forwarded-For the admin port believes (ADMIN_TRUST_PROXY, default none): apart from
   * TRUST_PROXY, because the public port's ingress network is no proxy of the admin port, and a pod there must
   * not choose the address its wrong tokens and changes are counted by (SDA6).
   */
  readonly adminTrustProxy: TrustProxy;
}

export class ConfigError extends Error {}

/**
 * ADMIN_TOKEN and ADMIN_TOKENS (in production each at least 32 characters and not the development default).
 * With neither, the development default — only outside production, in embedded mode, with the admin port on
 * loopback (SDA2) — or none: a process that serves no admin API needs no token.
 */
function adminTokens(env: NodeJS.ProcessEnv, production: boolean, devDefaultApplies: boolean): AdminTokenConfig[] {
  try {
    const named = parseAdminTokens(env.ADMIN_TOKENS ?? '', production);
    const chosen = env.ADMIN_TOKEN ? parseAdminToken(env.ADMIN_TOKEN, production) : undefined;
    const adminToken = chosen ?? (devDefaultApplies && named.length === 0 ? DEV_ADMIN_TOKEN : undefined);
    return combineAdminTokens(adminToken, named);
  } catch (err) {
    if (err instanceof AdminTokensError) throw new ConfigError(err.message);
    throw err;
  }
}

const ADMIN_TOKEN_REQUIRED = 'ADMIN_TOKEN is required when NODE_ENV=production';

/** Where the development token may exist at all: outside production, embedded, the admin port on loopback (SDA2). */
function developmentTokenPlace(config: Pick<PlatformConfig, 'production' | 'mode' | 'adminHost'>): boolean {
  return !config.production && config.mode === 'embedded' && isLoopbackAddress(config.adminHost);
}

/**
 * Refuses to serve the admin API without a token (SDA2): called by every process that serves it (the platform,
 * gateway-edge) before it connects to anything, and by startEdgeServers. `devDefaultAllowed`: whether this
 * process may run on the development default (only the embedded platform, `npm start`).
 */
export function requireAdminTokens(config: Pick<PlatformConfig, 'production' | 'mode' | 'adminHost' | 'adminTokens' | 'adminTokenIsDevDefault'>, opts: { devDefaultAllowed: boolean }): void {
  // The development token is public (README, this code): set by hand it opens the admin API to anyone who can
  // reach it, so it is refused wherever the default would not be given (SDA2). Named by the token's name only.
  const devDefaultHere = opts.devDefaultAllowed && developmentTokenPlace(config);
  const publicToken = config.adminTokenIsDevDefault ? undefined : config.adminTokens.find((t) => t.token === DEV_ADMIN_TOKEN);
  if (publicToken && !devDefaultHere) {
    throw new ConfigError(
      `the admin token named "${publicToken.name}" (ADMIN_TOKEN / ADMIN_TOKENS) is the public development token: it is accepted only by the embedded platform (npm start) with ADMIN_HOST on loopback; choose another`,
    );
  }
  if (config.adminTokens.length > 0 && (opts.devDefaultAllowed || !config.adminTokenIsDevDefault)) return;
  if (config.production) throw new ConfigError(`${ADMIN_TOKEN_REQUIRED}, unless ADMIN_TOKENS names at least one token`);
  const why = !opts.devDefaultAllowed
    ? 'this process serves the admin API alone'
    : config.mode === 'distributed'
      ? 'this process runs in distributed mode'
      : `ADMIN_HOST (${config.adminHost}) is not a loopback address`;
  throw new ConfigError(
    `ADMIN_TOKEN or ADMIN_TOKENS is required to serve the admin API: the development token exists only in the embedded platform (npm start) with ADMIN_HOST on loopback, and ${why}`,
  );
}

function listenHost(env: NodeJS.ProcessEnv, name: 'HOST' | 'ADMIN_HOST'): string {
  const parsed = parseListenHost(name, env[name]);
  if ('invalid' in parsed) throw new ConfigError(parsed.invalid);
  return parsed.value;
}

function allowedHosts(env: NodeJS.ProcessEnv): string[] {
  const parsed = parseAllowedHosts(env.ADMIN_ALLOWED_HOSTS);
  if ('invalid' in parsed) throw new ConfigError(parsed.invalid);
  return parsed.value;
}

function logLevel(env: NodeJS.ProcessEnv): LogLevelName {
  try {
    return parseLogLevel(env.LOG_LEVEL);
  } catch (err) {
    if (err instanceof InvalidLogLevelError) throw new ConfigError(err.message);
    throw err;
  }
}

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

function secretsKey(env: NodeJS.ProcessEnv, production: boolean, dataDir: string): Buffer {
  const raw = env.SECRETS_KEY;
  if (raw) return parseKey('SECRETS_KEY', raw);
  if (production) throw new ConfigError('SECRETS_KEY is required when NODE_ENV=production');
  // Development: a random key kept beside the embedded data, so encrypted secrets survive restarts.
  const file = join(dataDir, 'secrets.key');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('hex') + '\n', { mode: 0o600 });
  return key;
}

/** A merchant call must end before the RPC carrying it does, or the caller sees 000099 instead of OP0052 (AB5). */
function merchantCallLimits(env: NodeJS.ProcessEnv, rpcTimeoutMs: number): MerchantCallLimits {
  const timeoutMs = int(env, 'MERCHANT_TIMEOUT_MS', 3000, 50, 120000);
  if (timeoutMs >= rpcTimeoutMs) throw new ConfigError(`MERCHANT_TIMEOUT_MS (${timeoutMs}) must be below RPC_TIMEOUT_MS (${rpcTimeoutMs})`);
  return {
    timeoutMs,
    maxConcurrent: int(env, 'MERCHANT_MAX_CONCURRENT', 50, 1, 10000),
    breakerFailures: int(env, 'MERCHANT_BREAKER_FAILURES', 5, 1, 1000),
    breakerResetMs: int(env, 'MERCHANT_BREAKER_RESET_MS', 30_000, 100, 3_600_000),
  };
}

function rateLimits(env: NodeJS.ProcessEnv): RateLimits {
  return {
    perAddress: int(env, 'RATE_LIMIT_PER_ADDRESS', 6000, 0, 10_000_000),
    perClient: int(env, 'RATE_LIMIT_PER_CLIENT', 60_000, 0, 10_000_000),
    windowMs: int(env, 'RATE_LIMIT_WINDOW_MS', 60_000, 100, 3_600_000),
  };
}

/**
 * Generous: an operator by hand or a console never comes near them (a few changes a minute), a flood from one
 * token or one host stops within a window (decisions SDB2).
 */
function adminChangeLimits(env: NodeJS.ProcessEnv): AdminChangeLimits {
  return {
    perToken: int(env, 'ADMIN_CHANGES_PER_TOKEN', 300, 0, 10_000_000),
    perAddress: int(env, 'ADMIN_CHANGES_PER_ADDRESS', 600, 0, 10_000_000),
    windowMs: int(env, 'ADMIN_CHANGES_WINDOW_MS', 60_000, 100, 3_600_000),
  };
}

function httpTimeouts(env: NodeJS.ProcessEnv): HttpTimeouts {
  const requestMs = int(env, 'HTTP_REQUEST_TIMEOUT_MS', 30_000, 0, 3_600_000);
  const headersMs = int(env, 'HTTP_HEADERS_TIMEOUT_MS', 10_000, 1, 3_600_000);
  // Node refuses a headers limit above a request limit: the headers are part of the request.
  if (requestMs > 0 && headersMs > requestMs) throw new ConfigError(`HTTP_HEADERS_TIMEOUT_MS (${headersMs}) must not exceed HTTP_REQUEST_TIMEOUT_MS (${requestMs})`);
  return {
    requestMs,
    headersMs,
    keepAliveMs: int(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', 72_000, 1, 3_600_000),
    connectionMs: int(env, 'HTTP_CONNECTION_TIMEOUT_MS', 60_000, 0, 3_600_000),
  };
}

/** TRUST_PROXY or ADMIN_TRUST_PROXY, as read (literally: tools/deploy-check finds the variables the code reads). */
function trustProxy(raw: string | undefined, name: 'TRUST_PROXY' | 'ADMIN_TRUST_PROXY'): TrustProxy {
  const parsed = parseTrustProxy(raw, name);
  if ('invalid' in parsed) throw new ConfigError(parsed.invalid);
  return parsed.value;
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
  const adminHost = listenHost(env, 'ADMIN_HOST');
  const tokens = adminTokens(env, production, developmentTokenPlace({ production, mode, adminHost }));
  const dataDir = resolve(env.DATA_DIR || '.data');
  const publicBaseUrl = url(env, 'PUBLIC_BASE_URL', `http://localhost:${port}`);
  const rpcTimeoutMs = int(env, 'RPC_TIMEOUT_MS', 5000, 100, 120000);
  return {
    mode,
    production,
    port,
    adminPort,
    host: listenHost(env, 'HOST'),
    adminHost,
    adminAllowedHosts: allowedHosts(env),
    adminAuthLimits: {
      failuresPerAddress: int(env, 'ADMIN_AUTH_FAILURES_PER_ADDRESS', 20, 1, 1_000_000),
      windowMs: int(env, 'ADMIN_AUTH_FAILURE_WINDOW_MS', 60_000, 1_000, 86_400_000),
    },
    adminTokens: tokens,
    adminTokenIsDevDefault: !env.ADMIN_TOKEN && !(env.ADMIN_TOKENS ?? '').trim() && tokens[0]?.token === DEV_ADMIN_TOKEN,
    logLevel: logLevel(env),
    publicBaseUrl,
    publicStoreUrl: url(env, 'PUBLIC_STORE_URL', publicBaseUrl),
    dataDir,
    databaseUrl,
    natsUrl,
    secretsKey: secretsKey(env, production, dataDir),
    secretsKeyPrevious: previousKeys(env),
    merchantAllowPrivateNetworks: bool(env, 'MERCHANT_ALLOW_PRIVATE_NETWORKS', mode === 'embedded'),
    rpcTimeoutMs,
    merchantCalls: merchantCallLimits(env, rpcTimeoutMs),
    rateLimits: rateLimits(env),
    adminChangeLimits: adminChangeLimits(env),
    httpTimeouts: httpTimeouts(env),
    trustProxy: trustProxy(env.TRUST_PROXY, 'TRUST_PROXY'),
    adminTrustProxy: trustProxy(env.ADMIN_TRUST_PROXY, 'ADMIN_TRUST_PROXY'),
    healthPort: int(env, 'HEALTH_PORT', 9000),
    databasePoolSize: int(env, 'DATABASE_POOL_SIZE', DEFAULT_POOL_SIZE, 1, 100),
    pushQueryUrl: optionalUrl(env, 'PUSH_QUERY_URL'),
    pushSendUrl: optionalUrl(env, 'PUSH_SEND_URL'),
    voiceAssistantUrl: optionalUrl(env, 'VOICE_ASSISTANT_URL'),
    eventMaxDeliver: int(env, 'EVENT_MAX_DELIVER', DEFAULT_MAX_DELIVER, 1, 1000),
    eventRetryDelayMs: int(env, 'EVENT_RETRY_DELAY_MS', 5_000, 10, 3_600_000),
    eventAckWaitMs: int(env, 'EVENT_ACK_WAIT_MS', DEFAULT_ACK_WAIT_MS, 1_000, 3_600_000),
    // JetStream keeps at most 5 copies; more than the cluster's servers is refused when the stream is created.
    eventStreamReplicas: int(env, 'EVENT_STREAM_REPLICAS', 1, 1, 5),
    shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_MS', 25_000, 1_000, 600_000),
    auditRetentionDays: int(env, 'AUDIT_RETENTION_DAYS', 365, 1, 36_500),
  };
}
