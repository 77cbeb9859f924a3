/**
 * push-service's APNs client: the provider API over HTTP/2 and TLS, token-based authentication (an ES256 JWT
 * signed with the merchant's .p8 key). One HTTP/2 session per APNs origin carries every merchant's requests,
 * as Apple asks (a connection per notification is treated as a denial-of-service attack). Every answer,
 * failure and timeout comes back as a ProviderOutcome: `send` never throws, and no message carries key material.
 */
import { type ClientHttp2Session, type IncomingHttpHeaders, type OutgoingHttpHeaders, connect, constants } from 'node:http2';
import { SignJWT, importPKCS8 } from 'jose';
import { type Clock, UnreachableError, describeNetworkFailure, trustedAuthorities } from '@dcp/runtime';
import type { ApnsCredentials, ProviderEndpoints, ProviderOutcome, ProviderPush } from './provider-push';
import { MAX_COLLAPSE_ID_BYTES, MAX_PROVIDER_RESPONSE_BYTES, keyFingerprint, quote, retryAfterMs } from './provider-common';

/** APNs' limit for an alert notification's payload. */
export const MAX_APNS_PAYLOAD_BYTES = 4096;
/**
 * A provider token is renewed after 30 minutes: APNs refuses tokens older than an hour and answers
 * TooManyProviderTokenUpdates to renewals more often than every 20 minutes.
 */
export const PROVIDER_TOKEN_RENEWAL_MS = 30 * 60_000;
/** The data fields the app needs to open the message; the others go first when the payload is too large. */
const ESSENTIAL_DATA = new Set(['messageId', 'devId', 'type', 'time']);
/** Device tokens are hex (32 bytes today; Apple says the length may change). Checked here because it goes into the path. */
const DEVICE_TOKEN = /^[0-9a-fA-F]{64,512}$/;

const wallClock: Clock = { now: () => Date.now() };

type Rejected = Extract<ProviderOutcome, { kind: 'rejected' }>;

interface ProviderToken {
  readonly jwt: Promise<string | Rejected>;
  readonly issuedAtMs: number;
  /** The signed token once ready: a refusal as expired drops the entry only if it still holds that token. */
  value?: string;
}

interface ApnsAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/**
 * The JSON payload of one push: the alert, then the app's data at the top level. When it exceeds 4096 bytes,
 * the data fields the app can do without are dropped; still too large is a refusal.
 */
export function apnsPayload(push: ProviderPush): { readonly json: string; readonly trimmed: boolean } | Rejected {
  const aps = {
    alert: { title: push.title, body: push.body },
    sound: 'default',
    // Lets the app's notification service extension fetch the picture.
    ...(push.imageUrl ? { 'mutable-content': 1 } : {}),
  };
  const build = (data: Record<string, string>) => JSON.stringify({ ...data, aps, ...(push.imageUrl ? { imageUrl: push.imageUrl } : {}) });
  const data = Object.fromEntries(Object.entries(push.data).filter(([k]) => k !== 'aps'));
  const full = build(data);
  if (Buffer.byteLength(full) <= MAX_APNS_PAYLOAD_BYTES) return { json: full, trimmed: false };
  const trimmed = build(Object.fromEntries(Object.entries(data).filter(([k]) => ESSENTIAL_DATA.has(k))));
  const size = Buffer.byteLength(trimmed);
  if (size <= MAX_APNS_PAYLOAD_BYTES) return { json: trimmed, trimmed: true };
  return { kind: 'rejected', reason: `APNs payload is ${size} bytes even without optional data (limit ${MAX_APNS_PAYLOAD_BYTES})` };
}

function answerReason(answer: ApnsAnswer): { reason: string; timestamp?: number } {
  try {
    const doc = JSON.parse(answer.body.toString('utf8')) as { reason?: unknown; timestamp?: unknown };
    return { reason: typeof doc.reason === 'string' ? quote(doc.reason, 80) : `HTTP ${answer.status}`, timestamp: typeof doc.timestamp === 'number' ? doc.timestamp : undefined };
  } catch {
    return { reason: `HTTP ${answer.status}` };
  }
}

function interpret(answer: ApnsAnswer, nowMs: number): ProviderOutcome {
  const { status } = answer;
  if (status === 200) {
    const id = answer.headers['apns-id'];
    return typeof id === 'string' ? { kind: 'sent', providerMessageId: id } : { kind: 'sent' };
  }
  const { reason, timestamp } = answerReason(answer);
  const text = `APNs answered ${status} ${reason}`;
  if (status === 410) {
    const since = timestamp !== undefined && Number.isFinite(new Date(timestamp).getTime()) ? ` (token invalid since ${new Date(timestamp).toISOString()})` : '';
    return { kind: 'invalid-token', reason: `${text}${since}` };
  }
  if (status === 400 && (reason === 'BadDeviceToken' || reason === 'DeviceTokenNotForTopic')) return { kind: 'invalid-token', reason: text };
  if (status === 403 && reason === 'ExpiredProviderToken') return { kind: 'retry', reason: `${text} also for a freshly signed token (clock skew?)` };
  if (status === 400 || status === 403 || status === 413) return { kind: 'rejected', reason: text };
  const after = retryAfterMs(answer.headers['retry-after'], nowMs);
  return after === undefined ? { kind: 'retry', reason: text } : { kind: 'retry', reason: text, retryAfterMs: after };
}

export class ApnsSender {
  private readonly sessions = new Map<string, ClientHttp2Session>();
  private readonly providerTokens = new Map<string, ProviderToken>();
  private readonly ca: string[] | undefined;
  private closed = false;

  constructor(
    private readonly endpoints: ProviderEndpoints,
    private readonly clock: Clock = wallClock,
  ) {
    this.ca = trustedAuthorities(endpoints.extraCaPem);
  }

  async send(credentials: ApnsCredentials, push: ProviderPush): Promise<ProviderOutcome> {
    if (this.closed) return { kind: 'retry', reason: 'APNs sender is closed' };
    if (!DEVICE_TOKEN.test(push.token)) return { kind: 'invalid-token', reason: 'APNs device token is not a hexadecimal device token' };
    const payload = apnsPayload(push);
    if ('kind' in payload) return payload;
    const origin = credentials.environment === 'production' ? this.endpoints.apnsProductionUrl : this.endpoints.apnsSandboxUrl;
    const headers: OutgoingHttpHeaders = {
      [constants.HTTP2_HEADER_METHOD]: 'POST',
      [constants.HTTP2_HEADER_PATH]: `/3/device/${push.token}`,
      'apns-topic': credentials.bundleId,
      'apns-push-type': 'alert',
      'apns-priority': '10',
      'apns-expiration': String(Math.floor(push.expiresAt)),
      'apns-id': push.deliveryId,
      ...(Buffer.byteLength(push.collapseId) <= MAX_COLLAPSE_ID_BYTES ? { 'apns-collapse-id': push.collapseId } : {}),
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(payload.json),
    };
    const cacheKey = `${credentials.teamId}\n${credentials.keyId}\n${keyFingerprint(credentials.privateKey)}`;
    let renewedToken = false;
    let reconnected = false;
    for (;;) {
      const jwt = await this.providerToken(credentials, cacheKey);
      if (typeof jwt !== 'string') return jwt;
      let answer: ApnsAnswer;
      try {
        answer = await this.post(origin, { ...headers, authorization: `bearer ${jwt}` }, payload.json);
      } catch (err) {
        // A refused stream was never processed (the connection was going away): safe to send again on a new one.
        if (err instanceof RefusedStreamError && !reconnected) {
          reconnected = true;
          continue;
        }
        return { kind: 'retry', reason: `APNs: ${describeNetworkFailure(err, hostOf(origin), this.endpoints.timeoutMs)}` };
      }
      if (answer.status === 403 && !renewedToken && answerReason(answer).reason === 'ExpiredProviderToken') {
        renewedToken = true;
        this.forgetProviderToken(cacheKey, jwt);
        continue;
      }
      return interpret(answer, this.clock.now());
    }
  }

  /** Closes the sessions once their streams are done (destroys them after timeoutMs). */
  async close(): Promise<void> {
    this.closed = true;
    const sessions = [...this.sessions.values()];
    this.sessions.clear();
    this.providerTokens.clear();
    await Promise.all(sessions.map((session) => closeSession(session, this.endpoints.timeoutMs)));
  }

  /** The cached provider token, or one signed now (shared by concurrent sends of the same key). */
  private providerToken(credentials: ApnsCredentials, cacheKey: string): Promise<string | Rejected> {
    const now = this.clock.now();
    const cached = this.providerTokens.get(cacheKey);
    if (cached && now - cached.issuedAtMs < PROVIDER_TOKEN_RENEWAL_MS) return cached.jwt;
    const entry: ProviderToken = { jwt: this.sign(credentials, now), issuedAtMs: now };
    this.providerTokens.set(cacheKey, entry);
    void entry.jwt.then((jwt) => {
      if (typeof jwt === 'string') entry.value = jwt;
      else if (this.providerTokens.get(cacheKey) === entry) this.providerTokens.delete(cacheKey);
    });
    return entry.jwt;
  }

  private forgetProviderToken(cacheKey: string, jwt: string): void {
    if (this.providerTokens.get(cacheKey)?.value === jwt) this.providerTokens.delete(cacheKey);
  }

  private async sign(credentials: ApnsCredentials, nowMs: number): Promise<string | Rejected> {
    try {
      const key = await importPKCS8(credentials.privateKey, 'ES256');
      return await new SignJWT({})
        .setProtectedHeader({ alg: 'ES256', kid: credentials.keyId })
        .setIssuer(credentials.teamId)
        .setIssuedAt(Math.floor(nowMs / 1000))
        .sign(key);
    } catch {
      // jose's error is not quoted: whatever it says about the key stays out of delivery records.
      return { kind: 'rejected', reason: `APNs signing key ${credentials.keyId} of team ${credentials.teamId} is not a usable P-256 private key (PKCS#8 PEM, the .p8 file)` };
    }
  }

  /** The origin's open session, or a new one; a closed, failed or departing (GOAWAY) session is forgotten at once. */
  private session(origin: string): ClientHttp2Session {
    const existing = this.sessions.get(origin);
    if (existing && !existing.closed && !existing.destroyed) return existing;
    const session = connect(origin, { ca: this.ca });
    const forget = () => {
      if (this.sessions.get(origin) === session) this.sessions.delete(origin);
    };
    // The error also reaches the session's streams, where it becomes the send's outcome.
    session.on('error', forget);
    session.once('goaway', forget);
    session.once('close', forget);
    this.sessions.set(origin, session);
    return session;
  }

  private post(origin: string, headers: OutgoingHttpHeaders, body: string): Promise<ApnsAnswer> {
    const { timeoutMs } = this.endpoints;
    const host = hostOf(origin);
    return new Promise<ApnsAnswer>((resolve, reject) => {
      let stream;
      try {
        stream = this.session(origin).request(headers);
      } catch {
        // The session went away between the check and the request (nothing was sent): one fresh session.
        this.sessions.delete(origin);
        try {
          stream = this.session(origin).request(headers);
        } catch (err) {
          return reject(err);
        }
      }
      const req = stream;
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        outcome();
      };
      const abort = (reason: string) => {
        settle(() => reject(new UnreachableError(reason)));
        if (!req.closed) req.close(constants.NGHTTP2_CANCEL);
      };
      const timer = setTimeout(() => abort(`no answer from ${host} within ${timeoutMs} ms`), timeoutMs);
      let status = 0;
      let answerHeaders: IncomingHttpHeaders = {};
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('response', (h) => {
        status = Number(h[constants.HTTP2_HEADER_STATUS]);
        answerHeaders = h;
      });
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_PROVIDER_RESPONSE_BYTES) abort(`answer of ${host} is larger than ${MAX_PROVIDER_RESPONSE_BYTES} bytes`);
        else chunks.push(chunk);
      });
      req.on('end', () => settle(() => resolve({ status, headers: answerHeaders, body: Buffer.concat(chunks) })));
      const failed = (err: Error) => settle(() => reject(status === 0 && req.rstCode === constants.NGHTTP2_REFUSED_STREAM ? new RefusedStreamError(host) : err));
      req.on('error', failed);
      req.once('close', () => failed(new UnreachableError(`stream to ${host} closed without an answer (HTTP/2 code ${req.rstCode})`)));
      req.end(body);
    });
  }
}

/** The server refused the stream unprocessed (REFUSED_STREAM, e.g. after its GOAWAY). */
class RefusedStreamError extends UnreachableError {
  constructor(host: string) {
    super(`${host} refused the stream unprocessed (its connection was going away)`);
  }
}

function closeSession(session: ClientHttp2Session, timeoutMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    if (session.destroyed) return resolve();
    const timer = setTimeout(() => {
      session.destroy();
      resolve();
    }, timeoutMs);
    session.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
    session.close();
  });
}

function hostOf(origin: string): string {
  try {
    return new URL(origin).host;
  } catch {
    return origin;
  }
}
