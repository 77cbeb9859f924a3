/**
 * The one way the platform reaches a merchant's server (sso-service's token and profile calls, push-service's
 * webhook): GET, or POST of a form, a total time limit, no redirects followed,
 * a cap on the response size, and (unless private networks are allowed) the SSRF guard on every address.
 * Failures come back as MerchantUnreachableError with a reason fit for failureDetails.
 */
import { Agent as HttpAgent, type IncomingMessage, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { AddressNotAllowedError, assertAddressAllowed, guardedLookup } from './address-guard';

export interface MerchantHttpOptions {
  timeoutMs: number;
  maxResponseBytes: number;
  allowPrivateNetworks: boolean;
}

export interface HttpAnswer {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export class MerchantUnreachableError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'MerchantUnreachableError';
  }
}

function describe(err: unknown, url: URL, opts: MerchantHttpOptions): string {
  if (err instanceof MerchantUnreachableError || err instanceof AddressNotAllowedError) return err.message;
  const e = err as NodeJS.ErrnoException;
  switch (e?.code) {
    case 'ECONNREFUSED':
      return `connection to ${url.host} refused`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `host ${url.hostname} could not be resolved`;
    case 'ECONNRESET':
      return `connection to ${url.host} was reset`;
    case 'ETIMEDOUT':
      return `no answer from ${url.host} within ${opts.timeoutMs} ms`;
    default:
      return `request to ${url.host} failed: ${e?.code ?? e?.message ?? 'unknown error'}`;
  }
}

export class MerchantHttp {
  private readonly httpAgent = new HttpAgent({ keepAlive: true, maxSockets: 64 });
  private readonly httpsAgent = new HttpsAgent({ keepAlive: true, maxSockets: 64 });

  constructor(private readonly opts: MerchantHttpOptions) {}

  async get(url: URL, headers: Record<string, string>): Promise<HttpAnswer> {
    try {
      return await this.send('GET', url, headers);
    } catch (err) {
      throw new MerchantUnreachableError(describe(err, url, this.opts));
    }
  }

  /** POSTs `form` as application/x-www-form-urlencoded. */
  async postForm(url: URL, headers: Record<string, string>, form: Record<string, string>): Promise<HttpAnswer> {
    try {
      return await this.send('POST', url, headers, Buffer.from(new URLSearchParams(form).toString(), 'utf8'));
    } catch (err) {
      throw new MerchantUnreachableError(describe(err, url, this.opts));
    }
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  private send(method: 'GET' | 'POST', url: URL, headers: Record<string, string>, body?: Buffer): Promise<HttpAnswer> {
    const https = url.protocol === 'https:';
    if (!https && url.protocol !== 'http:') throw new MerchantUnreachableError(`merchant URL scheme ${url.protocol} is not http(s)`);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // An IP literal is never looked up, so it is checked here; host names are checked in the lookup.
    if (!this.opts.allowPrivateNetworks && isIP(host)) assertAddressAllowed(host);
    const { timeoutMs, maxResponseBytes } = this.opts;
    return new Promise<HttpAnswer>((resolve, reject) => {
      const req = (https ? httpsRequest : httpRequest)(url, {
        method,
        headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(body.length) } : {}), ...headers },
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
        settle(() => reject(new MerchantUnreachableError(reason)));
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
