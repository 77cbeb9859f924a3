/**
 * The edge's settings (gateway-edge, or the platform hosting it): read with every process's configuration so
 * that a bad value stops any start with a message naming the variable, but typed apart — the services never
 * read them (libs/edge reads them as its EdgeConfig).
 */
import { type AdminChangeLimits, type HttpTimeouts, type RateLimits, type TrustProxy, parseTrustProxy } from './abuse-limits-config';
import { type AdminAuthLimits, isLoopbackAddress, parseAllowedHosts } from './admin-access-config';
import { type AdminTokenConfig, AdminTokensError, DEV_ADMIN_TOKEN, combineAdminTokens, parseAdminToken, parseAdminTokens } from './admin-tokens-config';
import { ConfigError, int, listenHost } from './env-values';

/** Where the process runs: what decides whether the development admin token may exist (SDA2). */
interface ProcessMode {
  readonly production: boolean;
  readonly mode: 'embedded' | 'distributed';
}

/**
 * What only the edge reads (gateway-edge, or the platform hosting it): its ports, the admin API's tokens and
 * access rules, rate and time limits, trusted proxies. Services never read these.
 */
export interface EdgeSettings {
  readonly port: number;
  readonly adminPort: number;
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
  /** Edge rate limits per address and per clientId (README: "Abuse limits"). */
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
function developmentTokenPlace(config: ProcessMode & Pick<EdgeSettings, 'adminHost'>): boolean {
  return !config.production && config.mode === 'embedded' && isLoopbackAddress(config.adminHost);
}

/**
 * Refuses to serve the admin API without a token (SDA2): called by every process that serves it (the platform,
 * gateway-edge) before it connects to anything, and by startEdgeServers. `devDefaultAllowed`: whether this
 * process may run on the development default (only the embedded platform, `npm start`).
 */
export function requireAdminTokens(config: ProcessMode & Pick<EdgeSettings, 'adminHost' | 'adminTokens' | 'adminTokenIsDevDefault'>, opts: { devDefaultAllowed: boolean }): void {
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

function allowedHosts(env: NodeJS.ProcessEnv): string[] {
  const parsed = parseAllowedHosts(env.ADMIN_ALLOWED_HOSTS);
  if ('invalid' in parsed) throw new ConfigError(parsed.invalid);
  return parsed.value;
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

export function loadEdgeSettings(env: NodeJS.ProcessEnv, process: ProcessMode): EdgeSettings {
  const { production, mode } = process;
  const adminHost = listenHost(env, 'ADMIN_HOST');
  const tokens = adminTokens(env, production, developmentTokenPlace({ production, mode, adminHost }));
  return {
    port: int(env, 'PORT', 3000),
    adminPort: int(env, 'ADMIN_PORT', 3001),
    adminHost,
    adminAllowedHosts: allowedHosts(env),
    adminAuthLimits: {
      failuresPerAddress: int(env, 'ADMIN_AUTH_FAILURES_PER_ADDRESS', 20, 1, 1_000_000),
      windowMs: int(env, 'ADMIN_AUTH_FAILURE_WINDOW_MS', 60_000, 1_000, 86_400_000),
    },
    adminTokens: tokens,
    adminTokenIsDevDefault: !env.ADMIN_TOKEN && !(env.ADMIN_TOKENS ?? '').trim() && tokens[0]?.token === DEV_ADMIN_TOKEN,
    rateLimits: rateLimits(env),
    adminChangeLimits: adminChangeLimits(env),
    httpTimeouts: httpTimeouts(env),
    trustProxy: trustProxy(env.TRUST_PROXY, 'TRUST_PROXY'),
    adminTrustProxy: trustProxy(env.ADMIN_TRUST_PROXY, 'ADMIN_TRUST_PROXY'),
  };
}
