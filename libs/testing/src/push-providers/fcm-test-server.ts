/**
 * A local stand-in for Google's side of FCM HTTP v1, speaking the real wire protocol over real HTTP: the OAuth 2
 * token endpoint of service accounts (`POST /token`, the jwt-bearer grant with an RS256 assertion) and the send
 * endpoint (`POST /v1/projects/{projectId}/messages:send`) with Google's error documents. Specs point a sender's
 * fcmBaseUrl at `baseUrl` and fcmTokenUrl at `tokenUrl`, then read what arrived and turn the knobs (unregistered
 * tokens, injected failures, outages, revoked access tokens). Arrivals are awaited through listeners, never polled.
 */
import { generateKeyPair, randomBytes, type KeyObject, createPublicKey } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import { decodeJwt, jwtVerify } from 'jose';

export const FCM_TEST_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const FCM_ERROR_TYPE = 'type.googleapis.com/google.firebase.fcm.v1.FcmError';
const BAD_REQUEST_TYPE = 'type.googleapis.com/google.rpc.BadRequest';
const MAX_REQUEST_BYTES = 256 * 1024;
/** What FCM allows of a message's data (keys and values). */
const MAX_DATA_BYTES = 4096;

/** The fields of a service-account key file a sender uses. */
export interface FcmServiceAccount {
  readonly projectId: string;
  readonly clientEmail: string;
  /** PKCS#8 PEM (RSA 2048). */
  readonly privateKey: string;
}

/** An error the send endpoint answers instead of accepting (Google's error document, FcmError detail). */
export interface FcmFailure {
  readonly status: number;
  /**
   * FcmError errorCode (UNREGISTERED, INVALID_ARGUMENT, SENDER_ID_MISMATCH, QUOTA_EXCEEDED, UNAVAILABLE, INTERNAL,
   * THIRD_PARTY_AUTH_ERROR); a default per status when absent; null for a plain Google error without the FCM detail
   * (as a refused access token gets: 401 UNAUTHENTICATED).
   */
  readonly errorCode?: string | null;
  readonly message?: string;
  /** Retry-After header: seconds, or an HTTP date. */
  readonly retryAfter?: number | string;
}

/** A message the send endpoint accepted, as it arrived. */
export interface ReceivedFcmMessage {
  readonly projectId: string;
  /** The service account whose access token authorised the send. */
  readonly clientEmail: string;
  readonly accessToken: string;
  /** The name FCM answered (`projects/{projectId}/messages/{id}`). */
  readonly name: string;
  /** `message` of the request body. */
  readonly message: FcmWireMessage;
  /** When the send request's body had arrived: epoch ms with a fraction (`performance.timeOrigin + performance.now()`), comparable across processes of one machine. */
  readonly receivedAt: number;
}

/** The parts of a v1 message the platform sends (checked by the server; anything else is refused). */
export interface FcmWireMessage {
  readonly token: string;
  readonly notification?: { readonly title?: string; readonly body?: string; readonly image?: string };
  readonly data?: Readonly<Record<string, string>>;
  readonly android?: {
    readonly priority?: string;
    readonly collapse_key?: string;
    readonly ttl?: string;
    readonly notification?: { readonly tag?: string } & Readonly<Record<string, unknown>>;
  } & Readonly<Record<string, unknown>>;
  readonly apns?: { readonly headers?: Readonly<Record<string, string>>; readonly payload?: unknown };
}

export interface FcmTestServerOptions {
  /** Time the server judges assertions and access-token lifetimes by (default: the wall clock). */
  readonly clock?: { now(): number };
  /** expires_in of issued access tokens (default 3599, as Google answers). */
  readonly accessTokenLifetimeSeconds?: number;
}

interface Account {
  readonly projectId: string;
  readonly clientEmail: string;
  readonly publicKey: KeyObject;
  revoked: boolean;
}

interface IssuedToken {
  readonly projectId: string;
  readonly clientEmail: string;
  readonly expiresAtMs: number;
  revoked: boolean;
}

const GOOGLE_STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};
const DEFAULT_ERROR_CODE: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'THIRD_PARTY_AUTH_ERROR',
  403: 'SENDER_ID_MISMATCH',
  404: 'UNREGISTERED',
  429: 'QUOTA_EXCEEDED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};
const DEFAULT_MESSAGE: Record<string, string> = {
  UNREGISTERED: 'Requested entity was not found.',
  INVALID_ARGUMENT: 'Request contains an invalid argument.',
  SENDER_ID_MISMATCH: 'SenderId mismatch',
  QUOTA_EXCEEDED: 'Quota exceeded for quota metric of service fcm.googleapis.com.',
  UNAVAILABLE: 'The service is currently unavailable.',
  INTERNAL: 'Internal error encountered.',
  THIRD_PARTY_AUTH_ERROR: 'Auth error from APNS or Web Push Service',
};
const UNAUTHENTICATED_MESSAGE = 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.';
/** What FCM registration tokens look like (long, URL-safe base64 with a colon). */
const REGISTRATION_TOKEN = /^[A-Za-z0-9_:-]{20,4096}$/;
const MESSAGE_FIELDS = new Set(['token', 'notification', 'data', 'android', 'apns', 'webpush', 'fcm_options', 'fcmOptions', 'name']);

class BadRequest extends Error {
  constructor(
    message: string,
    readonly field?: string,
    readonly tokenProblem = false,
  ) {
    super(message);
  }
}

export class FcmTestServer {
  private server: Server | undefined;
  private url = '';
  private readonly clock: { now(): number };
  private readonly lifetimeSeconds: number;
  private readonly accounts = new Map<string, Account>();
  private readonly issued = new Map<string, IssuedToken>();
  private readonly unregistered = new Set<string>();
  private failures: { remaining: number; failure: FcmFailure }[] = [];
  private tokenFailures: { remaining: number; status: number }[] = [];
  private outage: { status: number; retryAfterSeconds?: number } | null = null;
  private stalled = false;
  private readonly held = new Set<ServerResponse>();
  private readonly listeners = new Set<() => void>();
  private nextId = 1;
  private projectCounter = 0;

  /** Messages the send endpoint accepted, in arrival order. */
  readonly messages: ReceivedFcmMessage[] = [];
  /** Claims of the assertions the token endpoint accepted (iss, scope, aud, iat, exp). */
  readonly assertions: Readonly<Record<string, unknown>>[] = [];
  /** Requests per endpoint: every POST /token, the access tokens issued, every send request (accepted or not). */
  readonly counts = { tokenRequests: 0, tokensIssued: 0, sendRequests: 0 };

  constructor(options: FcmTestServerOptions = {}) {
    this.clock = options.clock ?? { now: () => Date.now() };
    this.lifetimeSeconds = options.accessTokenLifetimeSeconds ?? 3599;
  }

  /** Listens on 127.0.0.1 (a free port); resolves with the base URL (`http://127.0.0.1:<port>`). */
  async start(): Promise<string> {
    const server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const res of this.held) res.destroy();
    this.held.clear();
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The fcmBaseUrl for a sender. */
  get baseUrl(): string {
    if (!this.url) throw new Error('FcmTestServer is not started');
    return this.url;
  }

  /** The fcmTokenUrl for a sender (also the `aud` the server requires of assertions). */
  get tokenUrl(): string {
    return `${this.baseUrl}/token`;
  }

  /** A new service account the token endpoint knows: an RSA 2048 key pair, the public half kept here. */
  async serviceAccount(projectId = `test-project-${++this.projectCounter}-${randomBytes(3).toString('hex')}`): Promise<FcmServiceAccount> {
    const { publicKey, privateKey } = await new Promise<{ publicKey: string; privateKey: string }>((resolve, reject) =>
      generateKeyPair('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } }, (err, pub, priv) =>
        err ? reject(err) : resolve({ publicKey: pub, privateKey: priv }),
      ),
    );
    const clientEmail = `push-${randomBytes(4).toString('hex')}@${projectId}.iam.gserviceaccount.com`;
    this.accounts.set(clientEmail, { projectId, clientEmail, publicKey: createPublicKey(publicKey), revoked: false });
    return { projectId, clientEmail, privateKey };
  }

  /** The account's key is deleted on Google's side: its assertions get invalid_grant. */
  revokeServiceAccount(clientEmail: string): void {
    const account = this.accounts.get(clientEmail);
    if (account) account.revoked = true;
  }

  /** The app was uninstalled: sends to the token get 404 UNREGISTERED. */
  unregister(token: string): void {
    this.unregistered.add(token);
  }

  /** The next `count` authenticated send requests get `failure` instead of being accepted. */
  failNext(count: number, failure: FcmFailure): void {
    this.failures.push({ remaining: count, failure });
  }

  /** The next `count` token requests get `status` (Google's error document; 400 is invalid_grant). */
  failNextTokenRequests(count: number, status: number): void {
    this.tokenFailures.push({ remaining: count, status });
  }

  /** Every send request gets `status` (503 UNAVAILABLE, 429 QUOTA_EXCEEDED, 500 INTERNAL …) until `setOutage(null)`. */
  setOutage(status: number | null, retryAfterSeconds?: number): void {
    this.outage = status === null ? null : { status, retryAfterSeconds };
  }

  /** Requests get no answer at all (a provider that hangs) until `stall(false)` or stop. */
  stall(on: boolean): void {
    this.stalled = on;
    if (!on) {
      for (const res of this.held) res.destroy();
      this.held.clear();
    }
  }

  /** Every access token issued so far stops working: sends with one get 401 UNAUTHENTICATED. */
  expireAccessTokens(): void {
    for (const token of this.issued.values()) token.revoked = true;
  }

  /**
   * Resolves with the accepted messages once `count` have arrived (or `count` matching the predicate), at once
   * if they already have; rejects after `timeoutMs`.
   */
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedFcmMessage[]>;
  waitForMessages(predicate: (m: ReceivedFcmMessage) => boolean, count?: number, timeoutMs?: number): Promise<ReceivedFcmMessage[]>;
  waitForMessages(what: number | ((m: ReceivedFcmMessage) => boolean), a?: number, b?: number): Promise<ReceivedFcmMessage[]> {
    const predicate = typeof what === 'function' ? what : () => true;
    const count = typeof what === 'function' ? (a ?? 1) : what;
    const timeoutMs = (typeof what === 'function' ? b : a) ?? 5000;
    return waitForArrivals(this.listeners, () => this.messages.filter(predicate), count, timeoutMs, 'FCM messages');
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      const body = await readBody(req);
      const receivedAt = performance.timeOrigin + performance.now();
      if (this.stalled) {
        this.held.add(res);
        res.once('close', () => this.held.delete(res));
        return;
      }
      if (path === '/token') return this.token(req, res, body);
      const send = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(path);
      if (send) return this.send(req, res, decodeURIComponent(send[1]), body, receivedAt);
      return googleError(res, 404, 'NOT_FOUND', `The requested URL ${path} was not found on this server.`);
    } catch (err) {
      if (!res.headersSent) googleError(res, 400, 'INVALID_ARGUMENT', (err as Error).message);
    }
  }

  private async token(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    this.counts.tokenRequests++;
    const oauthError = (status: number, error: string, description: string) => json(res, status, { error, error_description: description });
    const injected = this.tokenFailures.find((f) => f.remaining > 0);
    if (injected) {
      injected.remaining--;
      return injected.status === 400 ? oauthError(400, 'invalid_grant', 'Invalid grant: account not found') : oauthError(injected.status, 'internal_failure', 'Backend Error');
    }
    if (req.method !== 'POST') return oauthError(405, 'invalid_request', 'Method not allowed');
    if (!String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return oauthError(400, 'invalid_request', 'Unsupported content type');
    const form = new URLSearchParams(body.toString('utf8'));
    if (form.get('grant_type') !== JWT_BEARER_GRANT) return oauthError(400, 'unsupported_grant_type', `Invalid grant_type: ${form.get('grant_type') ?? ''}`);
    const assertion = form.get('assertion') ?? '';
    let iss: unknown;
    try {
      iss = decodeJwt(assertion).iss;
    } catch {
      return oauthError(400, 'invalid_grant', 'Invalid JWT: the assertion is not a JWT.');
    }
    const account = typeof iss === 'string' ? this.accounts.get(iss) : undefined;
    if (!account || account.revoked) return oauthError(400, 'invalid_grant', 'Invalid grant: account not found');
    const now = this.clock.now();
    let claims;
    try {
      ({ payload: claims } = await jwtVerify(assertion, account.publicKey, { algorithms: ['RS256'], currentDate: new Date(now), clockTolerance: 60 }));
    } catch {
      return oauthError(400, 'invalid_grant', 'Invalid JWT Signature.');
    }
    const shortLived = 'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.';
    if (typeof claims.iat !== 'number' || typeof claims.exp !== 'number' || claims.exp - claims.iat > 3600 || claims.exp <= claims.iat) return oauthError(400, 'invalid_grant', shortLived);
    if (claims.aud !== this.tokenUrl) return oauthError(400, 'invalid_grant', 'Invalid JWT: Failed audience check.');
    const scopes = typeof claims.scope === 'string' ? claims.scope.split(' ') : [];
    if (!scopes.includes(FCM_TEST_SCOPE)) return oauthError(400, 'invalid_scope', 'Invalid OAuth scope or ID token audience provided.');
    this.assertions.push({ ...claims });
    const accessToken = `ya29.test-${randomBytes(24).toString('base64url')}`;
    this.issued.set(accessToken, { projectId: account.projectId, clientEmail: account.clientEmail, expiresAtMs: now + this.lifetimeSeconds * 1000, revoked: false });
    this.counts.tokensIssued++;
    return json(res, 200, { access_token: accessToken, expires_in: this.lifetimeSeconds, token_type: 'Bearer' });
  }

  private send(req: IncomingMessage, res: ServerResponse, projectId: string, body: Buffer, receivedAt: number): void {
    this.counts.sendRequests++;
    if (this.outage) return fcmError(res, { status: this.outage.status, retryAfter: this.outage.retryAfterSeconds });
    if (req.method !== 'POST') return googleError(res, 405, 'METHOD_NOT_ALLOWED', 'Method not allowed');
    const bearer = /^Bearer (\S+)$/.exec(String(req.headers.authorization ?? ''));
    const issued = bearer ? this.issued.get(bearer[1]) : undefined;
    if (!bearer || !issued || issued.revoked || issued.expiresAtMs <= this.clock.now()) return googleError(res, 401, 'UNAUTHENTICATED', UNAUTHENTICATED_MESSAGE);
    if (issued.projectId !== projectId) return googleError(res, 403, 'PERMISSION_DENIED', `Permission 'cloudmessaging.messages.create' denied on resource '//cloudresourcemanager.googleapis.com/projects/${projectId}' (or it may not exist).`);
    const injected = this.failures.find((f) => f.remaining > 0);
    if (injected) {
      injected.remaining--;
      return fcmError(res, injected.failure);
    }
    let message: FcmWireMessage;
    try {
      message = validate(body);
    } catch (err) {
      if (!(err instanceof BadRequest)) throw err;
      const details = err.tokenProblem || !err.field ? [{ '@type': FCM_ERROR_TYPE, errorCode: 'INVALID_ARGUMENT' }] : [{ '@type': BAD_REQUEST_TYPE, fieldViolations: [{ field: err.field, description: err.message }] }];
      return json(res, 400, { error: { code: 400, message: err.message, status: 'INVALID_ARGUMENT', details } });
    }
    if (this.unregistered.has(message.token)) return fcmError(res, { status: 404, errorCode: 'UNREGISTERED' });
    const name = `projects/${projectId}/messages/0:${Date.now()}${String(this.nextId++).padStart(6, '0')}%${randomBytes(8).toString('hex')}`;
    this.messages.push({ projectId, clientEmail: issued.clientEmail, accessToken: bearer[1], name, message, receivedAt });
    json(res, 200, { name });
    for (const listener of [...this.listeners]) listener();
  }
}

/** The request body's `message`, checked the way FCM checks the parts the platform uses. */
function validate(body: Buffer): FcmWireMessage {
  let doc: unknown;
  try {
    doc = JSON.parse(body.toString('utf8'));
  } catch {
    throw new BadRequest('Invalid JSON payload received.');
  }
  const message = (doc as { message?: unknown })?.message;
  if (!isObject(message)) throw new BadRequest('Invalid JSON payload received. Missing message.', 'message');
  for (const key of Object.keys(message)) {
    if (!MESSAGE_FIELDS.has(key)) throw new BadRequest(`Invalid JSON payload received. Unknown name "${key}" at 'message': Cannot find field.`, 'message');
  }
  if (typeof message.token !== 'string' || !REGISTRATION_TOKEN.test(message.token)) throw new BadRequest('The registration token is not a valid FCM registration token', 'message.token', true);
  const notification = message.notification;
  if (notification !== undefined) {
    if (!isObject(notification)) throw new BadRequest("Invalid value at 'message.notification'", 'message.notification');
    for (const key of ['title', 'body', 'image']) {
      if (notification[key] !== undefined && typeof notification[key] !== 'string') throw new BadRequest(`Invalid value at 'message.notification.${key}' (TYPE_STRING)`, `message.notification.${key}`);
    }
  }
  if (message.data !== undefined) {
    if (!isObject(message.data)) throw new BadRequest("Invalid value at 'message.data'", 'message.data');
    let size = 0;
    for (const [i, [key, value]] of Object.entries(message.data).entries()) {
      if (typeof value !== 'string') throw new BadRequest(`Invalid value at 'message.data[${i}].value' (TYPE_STRING), ${JSON.stringify(value)}`, `message.data[${i}].value`);
      if (key === 'from' || key === 'gcm' || key.startsWith('google')) throw new BadRequest(`Invalid data payload key: ${key}`, `message.data`);
      size += Buffer.byteLength(key) + Buffer.byteLength(value);
    }
    if (size > MAX_DATA_BYTES) throw new BadRequest('Android message is too big', 'message.data');
  }
  const android = message.android;
  if (android !== undefined) {
    if (!isObject(android)) throw new BadRequest("Invalid value at 'message.android'", 'message.android');
    if (android.priority !== undefined && android.priority !== 'HIGH' && android.priority !== 'NORMAL') throw new BadRequest(`Invalid value at 'message.android.priority' (TYPE_ENUM), "${String(android.priority)}"`, 'message.android.priority');
    if (android.ttl !== undefined && (typeof android.ttl !== 'string' || !/^\d+(\.\d{1,9})?s$/.test(android.ttl))) throw new BadRequest(`Invalid value at 'message.android.ttl' (type.googleapis.com/google.protobuf.Duration), ${JSON.stringify(android.ttl)}`, 'message.android.ttl');
    if (android.collapse_key !== undefined && typeof android.collapse_key !== 'string') throw new BadRequest("Invalid value at 'message.android.collapse_key' (TYPE_STRING)", 'message.android.collapse_key');
    if (android.notification !== undefined && !isObject(android.notification)) throw new BadRequest("Invalid value at 'message.android.notification'", 'message.android.notification');
  }
  const apns = message.apns;
  if (apns !== undefined) {
    if (!isObject(apns)) throw new BadRequest("Invalid value at 'message.apns'", 'message.apns');
    if (apns.headers !== undefined) {
      if (!isObject(apns.headers)) throw new BadRequest("Invalid value at 'message.apns.headers'", 'message.apns.headers');
      for (const [key, value] of Object.entries(apns.headers)) {
        if (typeof value !== 'string') throw new BadRequest(`Invalid value at 'message.apns.headers[${key}]' (TYPE_STRING)`, `message.apns.headers`);
      }
      const collapse = apns.headers['apns-collapse-id'];
      if (typeof collapse === 'string' && Buffer.byteLength(collapse) > 64) throw new BadRequest('apns-collapse-id is longer than 64 bytes', 'message.apns.headers');
    }
  }
  return message as unknown as FcmWireMessage;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function json(res: ServerResponse, status: number, doc: unknown, headers: Record<string, string> = {}): void {
  const body = JSON.stringify(doc);
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

function googleError(res: ServerResponse, status: number, googleStatus: string, message: string): void {
  json(res, status, { error: { code: status, message, status: googleStatus } });
}

function fcmError(res: ServerResponse, failure: FcmFailure): void {
  const errorCode = failure.errorCode === null ? null : (failure.errorCode ?? DEFAULT_ERROR_CODE[failure.status] ?? 'UNSPECIFIED_ERROR');
  const headers: Record<string, string> = failure.retryAfter === undefined ? {} : { 'retry-after': String(failure.retryAfter) };
  const message = failure.message ?? (errorCode ? DEFAULT_MESSAGE[errorCode] : failure.status === 401 ? UNAUTHENTICATED_MESSAGE : undefined) ?? 'Error';
  const error = { code: failure.status, message, status: GOOGLE_STATUS[failure.status] ?? 'UNKNOWN' };
  json(res, failure.status, { error: errorCode ? { ...error, details: [{ '@type': FCM_ERROR_TYPE, errorCode }] } : error }, headers);
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) req.destroy(new Error('request too large'));
      else chunks.push(chunk);
    });
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

/** Resolves when `matching()` holds `count` items, re-checked by every arrival's listener call; rejects after timeoutMs. */
export function waitForArrivals<T>(listeners: Set<() => void>, matching: () => T[], count: number, timeoutMs: number, what: string): Promise<T[]> {
  return new Promise<T[]>((resolve, reject) => {
    const check = () => {
      const found = matching();
      if (found.length < count) return false;
      listeners.delete(check);
      clearTimeout(timer);
      resolve(found);
      return true;
    };
    const timer = setTimeout(() => {
      listeners.delete(check);
      reject(new Error(`expected ${count} ${what} within ${timeoutMs} ms, got ${matching().length}`));
    }, timeoutMs);
    listeners.add(check);
    check();
  });
}
