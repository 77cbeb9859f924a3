/**
 * push-service's FCM client (HTTP v1): one notification per POST to /v1/projects/{projectId}/messages:send,
 * authorised by an OAuth 2 access token that the merchant's service account obtains with a signed JWT (the
 * jwt-bearer grant). Every answer, failure and timeout comes back as a ProviderOutcome: `send` never throws,
 * and no message ever carries key material.
 */
import { SignJWT, importPKCS8 } from 'jose';
import { type Clock, type HttpAnswer, OutboundHttp, trustedAuthorities } from '@dcp/runtime';
import type { FcmCredentials, ProviderEndpoints, ProviderOutcome, ProviderPush } from './provider-push';
import { MAX_COLLAPSE_ID_BYTES, MAX_PROVIDER_RESPONSE_BYTES, keyFingerprint, quote, retryAfterMs } from './provider-common';

/** The only scope the send endpoint needs. */
export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** A cached access token is renewed this long before it expires, so no send goes out with one about to lapse. */
const TOKEN_RENEW_MARGIN_MS = 60_000;
/** FCM's longest ttl (28 days). */
const MAX_TTL_SECONDS = 28 * 24 * 3600;

const wallClock: Clock = { now: () => Date.now() };

type Retry = Extract<ProviderOutcome, { kind: 'retry' }>;
type Rejected = Extract<ProviderOutcome, { kind: 'rejected' }>;
interface AccessToken {
  readonly value: string;
  readonly expiresAtMs: number;
}
type TokenResult = { readonly kind: 'token'; readonly token: AccessToken } | Retry | Rejected;


/** The v1 message of one push (exported for specs; data values are strings on the wire). */
export function fcmMessage(push: ProviderPush, nowSeconds: number): { message: Record<string, unknown> } {
  const expiresAt = Math.floor(push.expiresAt);
  const ttl = Math.min(MAX_TTL_SECONDS, Math.max(0, expiresAt - Math.floor(nowSeconds)));
  const apnsHeaders: Record<string, string> = { 'apns-expiration': String(expiresAt) };
  // APNs refuses the whole notification for a longer collapse id (BadCollapseId); without one it still arrives.
  if (Buffer.byteLength(push.collapseId) <= MAX_COLLAPSE_ID_BYTES) apnsHeaders['apns-collapse-id'] = push.collapseId;
  return {
    message: {
      token: push.token,
      notification: { title: push.title, body: push.body, ...(push.imageUrl ? { image: push.imageUrl } : {}) },
      data: Object.fromEntries(Object.entries(push.data).map(([k, v]) => [k, String(v)])),
      android: { priority: 'HIGH', collapse_key: push.collapseId, ttl: `${ttl}s`, notification: { tag: push.collapseId } },
      apns: { headers: apnsHeaders },
    },
  };
}

interface GoogleError {
  readonly httpStatus: number;
  readonly status?: string;
  readonly message: string;
  /** The FcmError detail's errorCode (UNREGISTERED, SENDER_ID_MISMATCH …). */
  readonly errorCode?: string;
  readonly fieldViolations: readonly { field: string; description: string }[];
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function googleError(answer: HttpAnswer): GoogleError {
  const doc = parseJson(answer.body);
  const error = isObject(doc) && isObject(doc.error) ? doc.error : {};
  const details = Array.isArray(error.details) ? error.details.filter(isObject) : [];
  const fcm = details.find((d) => str(d['@type'])?.endsWith('google.firebase.fcm.v1.FcmError'));
  const violations = details
    .flatMap((d) => (Array.isArray(d.fieldViolations) ? d.fieldViolations.filter(isObject) : []))
    .map((v) => ({ field: str(v.field) ?? '', description: str(v.description) ?? '' }));
  return { httpStatus: answer.status, status: str(error.status), message: str(error.message) ?? '', errorCode: str(fcm?.errorCode), fieldViolations: violations };
}

function errorText(e: GoogleError): string {
  const code = e.errorCode ?? e.status ?? 'error';
  return `FCM answered ${e.httpStatus} ${code}${e.message ? `: ${quote(e.message)}` : ''}`;
}

/** INVALID_ARGUMENT covers any bad field; only one about the registration token means the endpoint is gone. */
function concernsToken(e: GoogleError): boolean {
  const aboutToken = (text: string) => /registration token/i.test(text);
  return aboutToken(e.message) || e.fieldViolations.some((v) => v.field === 'message.token' || aboutToken(v.description));
}

/** What a send answer means for the delivery (401 is handled by the caller, which refreshes the token once). */
function interpretSend(answer: HttpAnswer, nowMs: number): ProviderOutcome {
  const { status } = answer;
  if (status === 200) {
    const doc = parseJson(answer.body);
    const name = isObject(doc) ? str(doc.name) : undefined;
    return name ? { kind: 'sent', providerMessageId: name } : { kind: 'sent' };
  }
  const e = googleError(answer);
  const reason = errorText(e);
  if (status === 404 || e.errorCode === 'UNREGISTERED') return { kind: 'invalid-token', reason };
  if (e.errorCode === 'THIRD_PARTY_AUTH_ERROR') return { kind: 'rejected', reason };
  if (status === 400) return concernsToken(e) ? { kind: 'invalid-token', reason } : { kind: 'rejected', reason };
  if (status === 403) return e.errorCode === 'SENDER_ID_MISMATCH' ? { kind: 'invalid-token', reason } : { kind: 'rejected', reason };
  if (status === 401) return { kind: 'retry', reason: `${reason} (also with a fresh access token)` };
  const after = retryAfterMs(answer.headers['retry-after'], nowMs);
  return after === undefined ? { kind: 'retry', reason } : { kind: 'retry', reason, retryAfterMs: after };
}

export class FcmSender {
  private readonly http: OutboundHttp;
  private readonly tokens = new Map<string, AccessToken>();
  /** One token request per merchant at a time: concurrent sends wait for the same answer. */
  private readonly pendingTokens = new Map<string, Promise<TokenResult>>();
  private closed = false;

  constructor(
    private readonly endpoints: ProviderEndpoints,
    private readonly clock: Clock = wallClock,
  ) {
    // FCM's addresses are the operator's settings, not a merchant's: no SSRF guard (a test server may be local).
    this.http = new OutboundHttp({ timeoutMs: endpoints.timeoutMs, maxResponseBytes: MAX_PROVIDER_RESPONSE_BYTES, allowPrivateNetworks: true, ca: trustedAuthorities(endpoints.extraCaPem) });
  }

  async send(credentials: FcmCredentials, push: ProviderPush): Promise<ProviderOutcome> {
    if (this.closed) return { kind: 'retry', reason: 'FCM sender is closed' };
    let url: URL;
    try {
      url = new URL(`v1/projects/${encodeURIComponent(credentials.projectId)}/messages:send`, withSlash(this.endpoints.fcmBaseUrl));
    } catch {
      return { kind: 'rejected', reason: `FCM base URL ${this.endpoints.fcmBaseUrl} is not a URL` };
    }
    const cacheKey = `${credentials.clientEmail}\n${credentials.projectId}\n${keyFingerprint(credentials.privateKey)}`;
    const body = JSON.stringify(fcmMessage(push, this.clock.now() / 1000));
    for (let attempt = 1; ; attempt++) {
      const token = await this.accessToken(credentials, cacheKey);
      if (token.kind !== 'token') return token;
      let answer: HttpAnswer;
      try {
        answer = await this.http.post(url, { authorization: `Bearer ${token.token.value}`, 'content-type': 'application/json; charset=utf-8' }, Buffer.from(body, 'utf8'));
      } catch (err) {
        return { kind: 'retry', reason: `FCM send: ${(err as Error).message}` };
      }
      // 401 means the access token expired or was revoked early (THIRD_PARTY_AUTH_ERROR is about the app's APNs key instead).
      if (answer.status === 401 && attempt === 1 && googleError(answer).errorCode !== 'THIRD_PARTY_AUTH_ERROR') {
        this.forgetToken(cacheKey, token.token);
        continue;
      }
      return interpretSend(answer, this.clock.now());
    }
  }

  close(): void {
    this.closed = true;
    this.tokens.clear();
    this.http.close();
  }

  private accessToken(credentials: FcmCredentials, cacheKey: string): Promise<TokenResult> {
    const cached = this.tokens.get(cacheKey);
    if (cached && this.clock.now() < cached.expiresAtMs - TOKEN_RENEW_MARGIN_MS) return Promise.resolve({ kind: 'token', token: cached });
    let pending = this.pendingTokens.get(cacheKey);
    if (!pending) {
      pending = this.requestToken(credentials)
        .then((result) => {
          if (result.kind === 'token' && !this.closed) this.tokens.set(cacheKey, result.token);
          return result;
        })
        .finally(() => this.pendingTokens.delete(cacheKey));
      this.pendingTokens.set(cacheKey, pending);
    }
    return pending;
  }

  /** Drops the token a send was refused with, unless a concurrent send already replaced it. */
  private forgetToken(cacheKey: string, token: AccessToken): void {
    if (this.tokens.get(cacheKey)?.value === token.value) this.tokens.delete(cacheKey);
  }

  private async requestToken(credentials: FcmCredentials): Promise<TokenResult> {
    const { clientEmail } = credentials;
    const tokenUrl = this.endpoints.fcmTokenUrl;
    let assertion: string;
    try {
      assertion = await this.assertion(credentials, tokenUrl);
    } catch {
      // jose's error is not quoted: whatever it says about the key stays out of delivery records.
      return { kind: 'rejected', reason: `FCM service account ${clientEmail}: private_key is not a usable RSA private key (PKCS#8 PEM, 2048 bits or more)` };
    }
    let url: URL;
    try {
      url = new URL(tokenUrl);
    } catch {
      return { kind: 'rejected', reason: `FCM token URL ${tokenUrl} is not a URL` };
    }
    let answer: HttpAnswer;
    try {
      answer = await this.http.postForm(url, {}, { grant_type: JWT_BEARER_GRANT, assertion });
    } catch (err) {
      return { kind: 'retry', reason: `FCM access token: ${(err as Error).message}` };
    }
    const doc = parseJson(answer.body);
    const fields = isObject(doc) ? doc : {};
    if (answer.status === 200) {
      const value = str(fields.access_token);
      const expiresIn = Number(fields.expires_in);
      if (!value || !Number.isFinite(expiresIn) || expiresIn <= 0 || (str(fields.token_type) ?? 'Bearer').toLowerCase() !== 'bearer') {
        return { kind: 'retry', reason: 'FCM token endpoint answered 200 without a usable bearer access token' };
      }
      return { kind: 'token', token: { value, expiresAtMs: this.clock.now() + expiresIn * 1000 } };
    }
    const error = str(fields.error) ?? `HTTP ${answer.status}`;
    const description = str(fields.error_description);
    const reason = `FCM token endpoint refused service account ${clientEmail}: ${answer.status} ${quote(error, 60)}${description ? ` (${quote(description)})` : ''}`;
    // 400/401 (invalid_grant, invalid_client …) are about the credentials; retrying the same assertion cannot help.
    if (answer.status === 400 || answer.status === 401) return { kind: 'rejected', reason };
    const after = retryAfterMs(answer.headers['retry-after'], this.clock.now());
    return after === undefined ? { kind: 'retry', reason } : { kind: 'retry', reason, retryAfterMs: after };
  }

  private async assertion(credentials: FcmCredentials, audience: string): Promise<string> {
    const key = await importPKCS8(credentials.privateKey, 'RS256');
    const iat = Math.floor(this.clock.now() / 1000);
    return new SignJWT({ scope: FCM_SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(credentials.clientEmail)
      .setAudience(audience)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 3600)
      .sign(key);
  }


}

function withSlash(base: string): string {
  return base.endsWith('/') ? base : `${base}/`;
}
