/**
 * Fastify options of both edge servers that bound what a client can hold open or pretend to be (decisions
 * AB4, AB8): time limits on a request, its headers, idle keep-alive and silent sockets (HTTP_*_TIMEOUT_MS),
 * and which proxies' X-Forwarded-For is believed (TRUST_PROXY) — so 1,000 sockets trickling bodies are
 * closed and a client cannot choose the address it is rate-limited by.
 */
import type { PlatformConfig, TrustProxy } from '@dcp/runtime';
import type { FastifyServerOptions } from 'fastify';
import { answerClientError } from './client-error';

/** Node checks request and headers time limits on an interval (30 s unless told): check often enough to honour them. */
function checkingIntervalMs(requestMs: number, headersMs: number): number {
  const shortest = Math.min(...[requestMs, headersMs].filter((ms) => ms > 0));
  return Math.max(10, Math.min(1000, Math.floor(shortest / 2)));
}

/** TRUST_PROXY as Fastify takes it (a mutable array). */
function trustProxyOption(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  return trust === false ? false : [...trust];
}

export type EdgeServerOptions = Pick<FastifyServerOptions, 'trustProxy' | 'requestTimeout' | 'keepAliveTimeout' | 'connectionTimeout' | 'clientErrorHandler'> & {
  /** Passed by Fastify to http.createServer. */
  http: { headersTimeout: number; connectionsCheckingInterval: number };
};

/**
 * `port`: the admin port believes X-Forwarded-For only from ADMIN_TRUST_PROXY (SDA6), the public port from
 * TRUST_PROXY: an ingress in front of the public port is no proxy of the admin port.
 */
export function edgeServerOptions(config: Pick<PlatformConfig, 'httpTimeouts' | 'trustProxy' | 'adminTrustProxy'>, port: 'public' | 'admin' = 'public'): EdgeServerOptions {
  const { requestMs, headersMs, keepAliveMs, connectionMs } = config.httpTimeouts;
  return {
    trustProxy: trustProxyOption(port === 'admin' ? config.adminTrustProxy : config.trustProxy),
    requestTimeout: requestMs,
    keepAliveTimeout: keepAliveMs,
    connectionTimeout: connectionMs,
    // Requests Node's parser refuses are answered in the envelope too (S14).
    clientErrorHandler: answerClientError,
    http: { headersTimeout: headersMs, connectionsCheckingInterval: checkingIntervalMs(requestMs, headersMs) },
  };
}
