/**
 * The one way the platform calls another HTTP server (sso-service's token and profile calls to merchants,
 * push-service's webhook and FCM): GET or POST, a total time limit, no redirects followed,
 * a cap on the response size, and (unless private networks are allowed) the SSRF guard on every address.
 * Failures come back as UnreachableError with a reason fit for failureDetails.
 */
import { Agent as HttpAgent, type IncomingMessage, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { rootCertificates } from 'node:tls';
import { AddressNotAllowedError, assertAddressAllowed, guardedLookup } from './address-guard';

export interface OutboundHttpOptions {
  timeoutMs: number;
  maxResponseBytes: number;
  allowPrivateNetworks: boolean;
  /** The certificate authorities trusted for TLS (default: Node's, the system roots); see `trustedAuthorities`. */
  ca?: string[];
}

/** System roots plus extra authorities (a PEM); undefined keeps Node's default, the same system roots. */
export function trustedAuthorities(extraCaPem: string | undefined): string[] | undefined {
  return extraCaPem ? [...rootCertificates, extraCaPem] : undefined;
}

const TLS_TRUST_ERRORS = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/**
 * A failed call's reason, fit for failureDetails or a delivery's record: refused, unresolvable, reset, timed out,
 * a TLS certificate not trusted. HTTP/2 cancels the streams of a session that failed to connect with the
 * session's error as the cause, which is what is described then.
 */
export function describeNetworkFailure(err: unknown, host: string, timeoutMs: number): string {
  if (err instanceof UnreachableError || err instanceof AddressNotAllowedError) return err.message;
  const cause = (err as { code?: string; cause?: unknown })?.code === 'ERR_HTTP2_STREAM_CANCEL' ? (err as { cause?: unknown }).cause : undefined;
  const e = (cause ?? err) as NodeJS.ErrnoException;
  const code = e?.code ?? '';
  if (TLS_TRUST_ERRORS.has(code)) return `TLS certificate of ${host} is not trusted (${code})`;
  switch (code) {
    case 'ECONNREFUSED':
      return `connection to ${host} refused`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `host ${host.replace(/:\d+$/, '')} could not be resolved`;
    case 'ECONNRESET':
      return `connection to ${host} was reset`;
    case 'ETIMEDOUT':
      return `no answer from ${host} within ${timeoutMs} ms`;
    default:
      return `request to ${host} failed: ${code || e?.message || 'unknown error'}`;
  }
}

export interface HttpAnswer {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export class UnreachableError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'UnreachableError';
  }
}

function describe(err: unknown, url: URL, opts: OutboundHttpOptions): string {
  return describeNetworkFailure(err, url.host, opts.timeoutMs);
}

export class OutboundHttp {
  private readonly httpAgent = new HttpAgent({ keepAlive: true, maxSockets: 64 });
  private readonly httpsAgent: HttpsAgent;

  constructor(private readonly opts: OutboundHttpOptions) {
    this.httpsAgent = new HttpsAgent({ keepAlive: true, maxSockets: 64, ...(opts.ca ? { ca: opts.ca } : {}) });
  }

  async get(url: URL, headers: Record<string, string>): Promise<HttpAnswer> {
    try {
      return await this.send('GET', url, headers);
    } catch (err) {
      throw new UnreachableError(describe(err, url, this.opts));
    }
  }

  /** POSTs `form` as application/x-www-form-urlencoded. */
  postForm(url: URL, headers: Record<string, string>, form: Record<string, string>): Promise<HttpAnswer> {
    return this.post(url, { 'content-type': 'application/x-www-form-urlencoded', ...headers }, Buffer.from(new URLSearchParams(form).toString(), 'utf8'));
  }

  /** POSTs `body` (its content-type among `headers`). */
  async post(url: URL, headers: Record<string, string>, body: Buffer): Promise<HttpAnswer> {
    try {
      return await this.send('POST', url, headers, body);
    } catch (err) {
      throw new UnreachableError(describe(err, url, this.opts));
    }
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  private send(method: 'GET' | 'POST', url: URL, headers: Record<string, string>, body?: Buffer): Promise<HttpAnswer> {
    const https = url.protocol === 'https:';
    if (!https && url.protocol !== 'http:') throw new UnreachableError(`merchant URL scheme ${url.protocol} is not http(s)`);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // An IP literal is never looked up, so it is checked here; host names are checked in the lookup.
    if (!this.opts.allowPrivateNetworks && isIP(host)) assertAddressAllowed(host);
    const { timeoutMs, maxResponseBytes } = this.opts;
    return new Promise<HttpAnswer>((resolve, reject) => {
      const req = (https ? httpsRequest : httpRequest)(url, {
        method,
        headers: { accept: 'application/json', ...(body ? { 'content-length': String(body.length) } : {}), ...headers },
        agent: https ? this.httpsAgent : this.httpAgent,
        ...(this.opts.allowPrivateNetworks ? {} : { lookup: guardedLookup }),
      });
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        outcome();
      };
      const abort = (reason: string) => {
        settle(() => reject(new UnreachableError(reason)));
        req.destroy();
      };
      const timer = setTimeout(() => abort(`no answer from ${url.host} within ${timeoutMs} ms`), timeoutMs);
      // `on`, not `once`: a destroyed request may report a second error, which must not go unhandled.
      req.on('error', (err) => settle(() => reject(err)));
      req.once('response', (res: IncomingMessage) => {
        const tooLarge = `merchant response is larger than ${maxResponseBytes} bytes`;
        if (Number(res.headers['content-length']) > maxResponseBytes) return abort(tooLarge);
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxResponseBytes) abort(tooLarge);
          else chunks.push(chunk);
        });
        res.on('error', (err) => settle(() => reject(err)));
        res.once('end', () => settle(() => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) })));
      });
      req.end(body);
    });
  }
}
