/**
 * The shapes of the abuse-limit settings (README: Configuration, "Abuse limits"; decisions AB1–AB9) and the
 * parsing of TRUST_PROXY. loadConfig (config.ts) reads the numbers; what is checked across variables is
 * checked there too.
 */
import { isIP } from 'node:net';

/** Which peers' X-Forwarded-For is believed: none (false), or peers at these addresses/ranges. */
export type TrustProxy = false | readonly string[];

/** Per-address and per-clientId request limits at the edge's public port; 0 disables a limit. */
export interface RateLimits {
  readonly perAddress: number;
  readonly perClient: number;
  readonly windowMs: number;
}

/**
 * Changing admin calls (POST, PUT, PATCH, DELETE by a known token) per token name and per source address, per
 * window, at the edge's admin port (decisions SDB2); 0 disables a limit.
 */
export interface AdminChangeLimits {
  readonly perToken: number;
  readonly perAddress: number;
  readonly windowMs: number;
}

/** Time limits of the edge's HTTP servers (public and admin); 0 = none, as in Node. */
export interface HttpTimeouts {
  /** Whole request, headers and body, from the first byte. */
  readonly requestMs: number;
  /** Request headers complete. */
  readonly headersMs: number;
  /** Idle keep-alive connection between requests. */
  readonly keepAliveMs: number;
  /** A socket with no activity at all. */
  readonly connectionMs: number;
}

/** Calls to merchant endpoints (spec 4.3): time limit, and per merchant a concurrency cap and a circuit breaker. */
export interface MerchantCallLimits {
  readonly timeoutMs: number;
  /** Calls in flight to one merchant; more are refused at once. */
  readonly maxConcurrent: number;
  /** Consecutive failures that open a merchant's breaker. */
  readonly breakerFailures: number;
  /** How long an open breaker refuses before it lets one trial call through. */
  readonly breakerResetMs: number;
}

/**
 * No proxy (decisions SDE2): every peer speaks for itself, whatever X-Forwarded-For it sends. Trusting the
 * private networks by default let any host on them (another pod, a developer's LAN neighbour) choose the
 * address it is limited by; an operator behind an ingress names the ingress's addresses (k8s/README.md).
 */
export const DEFAULT_TRUST_PROXY: TrustProxy = false;

/** Names proxy-addr (Fastify's trustProxy) knows besides addresses and CIDR ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset → DEFAULT_TRUST_PROXY (none); `false`/`none` → no proxy; else a comma-separated list of
 * addresses, CIDR ranges and the names loopback, linklocal, uniquelocal. Refused: `true` (believe anyone:
 * any client could choose the address it is limited by) and a hop count (it believes whichever peer
 * connects, so a client reaching the port directly could too; Fastify 5 no longer honours one). Returns the
 * reason when the value is invalid.
 */
export function parseTrustProxy(raw: string | undefined, name = 'TRUST_PROXY'): { value: TrustProxy } | { invalid: string } {
  const text = (raw ?? '').trim();
  if (text === '') return { value: DEFAULT_TRUST_PROXY };
  if (text === 'false' || text === 'none') return { value: false };
  if (text === 'true') return { invalid: `${name}=true would let any client choose its address; name the proxies' addresses or ranges` };
  if (/^\d+$/.test(text)) return { invalid: `${name} takes the proxies' addresses or ranges, not a hop count ("${raw}"): a hop count believes any peer` };
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  const bad = entries.find((e) => !isAddressOrRange(e));
  if (bad !== undefined) return { invalid: `${name} entry "${bad}" is not an IP address, a CIDR range, loopback, linklocal or uniquelocal` };
  return { value: entries };
}
