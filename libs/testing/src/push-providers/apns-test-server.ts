/**
 * A local stand-in for Apple's push notification service speaking the real provider API: HTTP/2 over TLS
 * (a self-signed certificate for localhost/127.0.0.1 made at start; `caPem` is what a client must trust),
 * `POST /3/device/<token>` with token-based authentication (ES256 provider JWTs checked against the signing keys
 * it made), Apple's status codes with `{"reason"}` bodies and the `apns-id` header. Specs read what arrived and
 * turn the knobs (unregistered devices, outages, injected failures, provider tokens declared expired). Arrivals
 * are awaited through listeners, never polled.
 */
import { createPublicKey, generateKeyPair, type KeyObject, randomBytes, randomUUID } from 'node:crypto';
import { type Http2SecureServer, type Http2Session, type IncomingHttpHeaders, type ServerHttp2Stream, constants, createSecureServer } from 'node:http2';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { generate } from 'selfsigned';
import { waitForArrivals } from './fcm-test-server';

/** APNs' limit for an alert notification's payload. */
const MAX_PAYLOAD_BYTES = 4096;
const MAX_REQUEST_BYTES = 64 * 1024;
/** APNs refuses provider tokens issued more than an hour ago. */
const PROVIDER_TOKEN_MAX_AGE_SECONDS = 3600;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DEVICE_TOKEN = /^[0-9a-fA-F]{64,}$/;
const PUSH_TYPES = new Set(['alert', 'background', 'location', 'voip', 'complication', 'fileprovider', 'mdm', 'liveactivity', 'pushtotalk', 'widgets', 'controls']);

/** A .p8 signing key of a team, as a merchant uploads it. */
export interface ApnsSigningKey {
  readonly teamId: string;
  readonly keyId: string;
  /** PKCS#8 PEM (EC P-256). */
  readonly privateKey: string;
}

/** A notification the server accepted, as it arrived. */
export interface ReceivedApnsNotification {
  readonly token: string;
  readonly topic: string;
  /** The apns-id answered (the request's, or one the server made). */
  readonly apnsId: string;
  /** Request headers (lower-case, pseudo-headers left out), authorization included. */
  readonly headers: Readonly<Record<string, string>>;
  readonly payload: Readonly<Record<string, unknown>>;
  readonly payloadBytes: number;
  /** The provider JWT that authorised it: its header kid and its iss/iat claims. */
  readonly providerToken: { readonly jwt: string; readonly keyId: string; readonly teamId: string; readonly issuedAt: number };
}

/** An answer instead of acceptance: `{"reason"}` with the status (and Retry-After when given). */
export interface ApnsFailure {
  readonly status: number;
  readonly reason: string;
  readonly retryAfterSeconds?: number;
}

export interface ApnsTestServerOptions {
  /** Time the server judges provider tokens' age by (default: the wall clock). */
  readonly clock?: { now(): number };
}

interface Key {
  readonly teamId: string;
  readonly publicKey: KeyObject;
  revoked: boolean;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    readonly extra: Record<string, unknown> = {},
    readonly retryAfterSeconds?: number,
  ) {
    super(reason);
  }
}

export class ApnsTestServer {
  private server: Http2SecureServer | undefined;
  private url = '';
  private pem = '';
  private readonly clock: { now(): number };
  private readonly keys = new Map<string, Key>();
  /** Topic → team allowed to push to it (undefined: any team). */
  private readonly topics = new Map<string, string | undefined>();
  private readonly devices = new Map<string, string>();
  private readonly unregistered = new Map<string, number>();
  private readonly seenTokens = new Set<string>();
  private readonly expiredTokens = new Set<string>();
  private readonly sessions = new Set<Http2Session>();
  private readonly listeners = new Set<() => void>();
  private failures: { remaining: number; failure: ApnsFailure }[] = [];
  private outage: ApnsFailure | null = null;
  private teamCounter = 0;

  /** Notifications accepted, in arrival order. */
  readonly notifications: ReceivedApnsNotification[] = [];
  /** HTTP/2 sessions (one per TLS connection), streams (requests), distinct provider tokens accepted, TLS handshakes that failed. */
  readonly counts = { sessions: 0, streams: 0, providerTokens: 0, tlsFailures: 0 };

  constructor(options: ApnsTestServerOptions = {}) {
    this.clock = options.clock ?? { now: () => Date.now() };
  }

  /** Makes the certificate and listens on 127.0.0.1 (a free port); resolves with the origin (`https://127.0.0.1:<port>`). */
  async start(): Promise<string> {
    const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
      keyType: 'ec',
      curve: 'P-256',
      algorithm: 'sha256',
      notBeforeDate: new Date(Date.now() - 60_000),
      extensions: [
        { name: 'basicConstraints', cA: false },
        { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
        { name: 'extKeyUsage', serverAuth: true },
        { name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }] },
      ],
    });
    const server = createSecureServer({ key: pems.private, cert: pems.cert, allowHTTP1: false });
    server.on('session', (session) => {
      this.counts.sessions++;
      this.sessions.add(session);
      session.on('error', () => session.destroy());
      session.once('close', () => this.sessions.delete(session));
    });
    server.on('tlsClientError', () => this.counts.tlsFailures++);
    server.on('stream', (stream, headers) => this.handle(stream, headers));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.pem = pems.cert;
    this.url = `https://127.0.0.1:${(server.address() as { port: number }).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const session of this.sessions) session.destroy();
    this.sessions.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The origin for a sender's apnsSandboxUrl / apnsProductionUrl. */
  get origin(): string {
    if (!this.url) throw new Error('ApnsTestServer is not started');
    return this.url;
  }

  /** The server's certificate (PEM): the sender's extraCaPem. */
  get caPem(): string {
    if (!this.pem) throw new Error('ApnsTestServer is not started');
    return this.pem;
  }

  /** A new P-256 signing key of a team (a new team unless given), known to the server by its key id. */
  async signingKey(teamId = `T${String(++this.teamCounter).padStart(3, '0')}${randomBytes(3).toString('hex').toUpperCase()}`): Promise<ApnsSigningKey> {
    const { publicKey, privateKey } = await new Promise<{ publicKey: string; privateKey: string }>((resolve, reject) =>
      generateKeyPair('ec', { namedCurve: 'P-256', publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } }, (err, pub, priv) =>
        err ? reject(err) : resolve({ publicKey: pub, privateKey: priv }),
      ),
    );
    const keyId = randomBytes(5).toString('hex').toUpperCase();
    this.keys.set(keyId, { teamId, publicKey: createPublicKey(publicKey), revoked: false });
    return { teamId, keyId, privateKey };
  }

  /** The key was revoked in the developer account: its tokens get 403 InvalidProviderToken. */
  revokeSigningKey(keyId: string): void {
    const key = this.keys.get(keyId);
    if (key) key.revoked = true;
  }

  /** An app's bundle id the server accepts as apns-topic (only from `teamId`'s keys when given). */
  registerTopic(bundleId: string, teamId?: string): void {
    this.topics.set(bundleId, teamId);
  }

  /** The device token belongs to `bundleId`'s app: pushes to it for another topic get DeviceTokenNotForTopic. */
  registerDevice(token: string, bundleId: string): void {
    this.devices.set(token.toLowerCase(), bundleId);
  }

  /** The app was removed from the device: pushes get 410 Unregistered with the time (epoch ms) it happened. */
  unregister(token: string, atMs = this.clock.now()): void {
    this.unregistered.set(token.toLowerCase(), atMs);
  }

  /** Every request gets `status` (503 ServiceUnavailable, 429 TooManyRequests, 500 InternalServerError …) until `setOutage(null)`. */
  setOutage(status: number | null, options: { reason?: string; retryAfterSeconds?: number } = {}): void {
    this.outage = status === null ? null : { status, reason: options.reason ?? defaultReason(status), retryAfterSeconds: options.retryAfterSeconds };
  }

  /** The next `count` authenticated requests get `failure` instead of being accepted. */
  failNext(count: number, failure: ApnsFailure): void {
    this.failures.push({ remaining: count, failure });
  }

  /** Every provider token seen so far is answered 403 ExpiredProviderToken from now on (as if an hour had passed). */
  expireProviderTokens(): void {
    for (const jwt of this.seenTokens) this.expiredTokens.add(jwt);
  }

  /**
   * Sends GOAWAY on every open session (as APNs does before maintenance or after an idle while): the client must
   * open a new connection, and streams it opened meanwhile are refused (REFUSED_STREAM), not processed.
   */
  goAway(): void {
    for (const session of this.sessions) if (!session.closed && !session.destroyed) session.goaway(constants.NGHTTP2_NO_ERROR);
  }

  /**
   * Resolves with the accepted notifications once `count` have arrived (or `count` matching the predicate), at
   * once if they already have; rejects after `timeoutMs`.
   */
  waitForNotifications(count: number, timeoutMs?: number): Promise<ReceivedApnsNotification[]>;
  waitForNotifications(predicate: (n: ReceivedApnsNotification) => boolean, count?: number, timeoutMs?: number): Promise<ReceivedApnsNotification[]>;
  waitForNotifications(what: number | ((n: ReceivedApnsNotification) => boolean), a?: number, b?: number): Promise<ReceivedApnsNotification[]> {
    const predicate = typeof what === 'function' ? what : () => true;
    const count = typeof what === 'function' ? (a ?? 1) : what;
    const timeoutMs = (typeof what === 'function' ? b : a) ?? 5000;
    return waitForArrivals(this.listeners, () => this.notifications.filter(predicate), count, timeoutMs, 'APNs notifications');
  }

  private handle(stream: ServerHttp2Stream, headers: IncomingHttpHeaders): void {
    this.counts.streams++;
    stream.on('error', () => undefined);
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_REQUEST_BYTES) chunks.push(chunk);
    });
    stream.once('end', () => {
      this.accept(stream, headers, Buffer.concat(chunks), size).catch((err: unknown) => {
        if (!(err instanceof Refusal)) return stream.close(constants.NGHTTP2_INTERNAL_ERROR);
        const apnsId = typeof headers['apns-id'] === 'string' && UUID.test(headers['apns-id']) ? headers['apns-id'] : randomUUID();
        answer(stream, err.status, apnsId, { reason: err.reason, ...err.extra }, err.retryAfterSeconds);
      });
    });
  }

  private async accept(stream: ServerHttp2Stream, headers: IncomingHttpHeaders, body: Buffer, size: number): Promise<void> {
    if (this.outage) throw new Refusal(this.outage.status, this.outage.reason, {}, this.outage.retryAfterSeconds);
    if (headers[constants.HTTP2_HEADER_METHOD] !== 'POST') throw new Refusal(405, 'MethodNotAllowed');
    const path = /^\/3\/device\/([^/?]*)$/.exec(String(headers[constants.HTTP2_HEADER_PATH] ?? ''));
    if (!path) throw new Refusal(404, 'BadPath');
    const providerToken = await this.authenticate(headers);
    const injected = this.failures.find((f) => f.remaining > 0);
    if (injected) {
      injected.remaining--;
      throw new Refusal(injected.failure.status, injected.failure.reason, {}, injected.failure.retryAfterSeconds);
    }
    const topic = headers['apns-topic'];
    if (typeof topic !== 'string' || !topic) throw new Refusal(400, 'MissingTopic');
    if (!this.topics.has(topic)) throw new Refusal(400, 'BadTopic');
    const team = this.topics.get(topic);
    if (team !== undefined && team !== providerToken.teamId) throw new Refusal(400, 'TopicDisallowed');
    const pushType = headers['apns-push-type'];
    if (pushType !== undefined && !PUSH_TYPES.has(String(pushType))) throw new Refusal(400, 'InvalidPushType');
    const priority = headers['apns-priority'];
    if (priority !== undefined && !['1', '5', '10'].includes(String(priority))) throw new Refusal(400, 'BadPriority');
    const expiration = headers['apns-expiration'];
    if (expiration !== undefined && !/^\d+$/.test(String(expiration))) throw new Refusal(400, 'BadExpirationDate');
    const requestId = headers['apns-id'];
    if (requestId !== undefined && !UUID.test(String(requestId))) throw new Refusal(400, 'BadMessageId');
    const collapseId = headers['apns-collapse-id'];
    if (collapseId !== undefined && Buffer.byteLength(String(collapseId)) > 64) throw new Refusal(400, 'BadCollapseId');
    const token = path[1];
    if (!token) throw new Refusal(400, 'MissingDeviceToken');
    if (!DEVICE_TOKEN.test(token)) throw new Refusal(400, 'BadDeviceToken');
    const deviceTopic = this.devices.get(token.toLowerCase());
    if (deviceTopic !== undefined && deviceTopic !== topic) throw new Refusal(400, 'DeviceTokenNotForTopic');
    if (size === 0) throw new Refusal(400, 'PayloadEmpty');
    if (size > MAX_PAYLOAD_BYTES) throw new Refusal(413, 'PayloadTooLarge');
    let payload: unknown;
    try {
      payload = JSON.parse(body.toString('utf8'));
    } catch {
      throw new Refusal(400, 'BadPayload');
    }
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload) || typeof (payload as { aps?: unknown }).aps !== 'object') throw new Refusal(400, 'BadPayload');
    const unregisteredAt = this.unregistered.get(token.toLowerCase());
    if (unregisteredAt !== undefined) throw new Refusal(410, 'Unregistered', { timestamp: unregisteredAt });
    const apnsId = typeof requestId === 'string' ? requestId : randomUUID();
    const plain: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      if (!name.startsWith(':') && value !== undefined) plain[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    this.notifications.push({ token, topic, apnsId, headers: plain, payload: payload as Record<string, unknown>, payloadBytes: size, providerToken });
    answer(stream, 200, apnsId);
    for (const listener of [...this.listeners]) listener();
  }

  /** The provider token checks of APNs: present, signed by a known key of the claimed team, not older than an hour. */
  private async authenticate(headers: IncomingHttpHeaders): Promise<ReceivedApnsNotification['providerToken']> {
    const authorization = headers.authorization;
    if (typeof authorization !== 'string' || !authorization) throw new Refusal(403, 'MissingProviderToken');
    const bearer = /^bearer (\S+)$/i.exec(authorization);
    if (!bearer) throw new Refusal(403, 'InvalidProviderToken');
    const jwt = bearer[1];
    let keyId: string | undefined;
    try {
      const header = decodeProtectedHeader(jwt);
      keyId = typeof header.kid === 'string' && header.alg === 'ES256' ? header.kid : undefined;
    } catch {
      throw new Refusal(403, 'InvalidProviderToken');
    }
    const key = keyId === undefined ? undefined : this.keys.get(keyId);
    if (!keyId || !key || key.revoked) throw new Refusal(403, 'InvalidProviderToken');
    let claims;
    try {
      ({ payload: claims } = await jwtVerify(jwt, key.publicKey, { algorithms: ['ES256'], currentDate: new Date(this.clock.now()) }));
    } catch {
      throw new Refusal(403, 'InvalidProviderToken');
    }
    if (claims.iss !== key.teamId || typeof claims.iat !== 'number') throw new Refusal(403, 'InvalidProviderToken');
    const nowSeconds = Math.floor(this.clock.now() / 1000);
    if (claims.iat > nowSeconds + 300) throw new Refusal(403, 'InvalidProviderToken');
    if (nowSeconds - claims.iat > PROVIDER_TOKEN_MAX_AGE_SECONDS || this.expiredTokens.has(jwt)) throw new Refusal(403, 'ExpiredProviderToken');
    if (!this.seenTokens.has(jwt)) {
      this.seenTokens.add(jwt);
      this.counts.providerTokens++;
    }
    return { jwt, keyId, teamId: key.teamId, issuedAt: claims.iat };
  }
}

function defaultReason(status: number): string {
  if (status === 429) return 'TooManyRequests';
  if (status === 500) return 'InternalServerError';
  return 'ServiceUnavailable';
}

function answer(stream: ServerHttp2Stream, status: number, apnsId: string, body?: Record<string, unknown>, retryAfterSeconds?: number): void {
  if (stream.destroyed || stream.closed) return;
  const headers: Record<string, string | number> = { [constants.HTTP2_HEADER_STATUS]: status, 'apns-id': apnsId };
  if (retryAfterSeconds !== undefined) headers['retry-after'] = String(retryAfterSeconds);
  if (!body) {
    stream.respond(headers, { endStream: true });
    return;
  }
  const text = JSON.stringify(body);
  stream.respond({ ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  stream.end(text);
}
