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
 * Proxies on private networks (what an ingress controller or load balancer in the cluster is): a client on
 * the internet cannot make its own X-Forwarded-For believed, and a request through the ingress is limited by
 * the client's address rather than the ingress's.
 */
export const DEFAULT_TRUST_PROXY: readonly string[] = ['loopback', 'linklocal', 'uniquelocal'];

/** Names proxy-addr (Fastify's trustProxy) knows besides addresses and CIDR ranges. */
const RANGE_NAMES = new Set(DEFAULT_TRUST_PROXY);

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
 * TRUST_PROXY: unset → DEFAULT_TRUST_PROXY; `false`/`none` → no proxy; else a comma-separated list of
 * addresses, CIDR ranges and the names loopback, linklocal, uniquelocal. Refused: `true` (believe anyone:
 * any client could choose the address it is limited by) and a hop count (it believes whichever peer
 * connects, so a client reaching the port directly could too; Fastify 5 no longer honours one). Returns the
 * reason when the value is invalid.
 */
export function parseTrustProxy(raw: string | undefined): { value: TrustProxy } | { invalid: string } {
  const text = (raw ?? '').trim();
  if (text === '') return { value: DEFAULT_TRUST_PROXY };
  if (text === 'false' || text === 'none') return { value: false };
  if (text === 'true') return { invalid: 'TRUST_PROXY=true would let any client choose its address; give the hop count or the proxies\' addresses' };
  if (/^\d+$/.test(text)) return { invalid: `TRUST_PROXY takes the proxies' addresses or ranges, not a hop count ("${raw}"): a hop count believes any peer` };
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  const bad = entries.find((e) => !isAddressOrRange(e));
  if (bad !== undefined) return { invalid: `TRUST_PROXY entry "${bad}" is not an IP address, a CIDR range, loopback, linklocal or uniquelocal` };
  return { value: entries };
}
