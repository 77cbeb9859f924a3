/**
 * Pushes to the merchant's own push server (decisions PS10): `POST <url>` with the push as a form
 * (application/x-www-form-urlencoded), signed with the spec 5.1 headers under the merchant's current secret —
 * sso-service signs (SSO_RPC.ssoSignMerchantCall), so the merchant verifies it as it verifies the platform's
 * other calls. `deliveryId` is the same on every attempt of a delivery: the merchant's idempotency key.
 *
 * Answers: 2xx sent; 404 or 410 the recipient is unknown (the endpoint is removed); 408, 429, 5xx and no answer
 * are retried (Retry-After honoured); any other status is refused for good. The SSRF guard applies unless
 * MERCHANT_ALLOW_PRIVATE_NETWORKS.
 */
import { ErrorCode, PlatformError, SSO_RPC } from '@dcp/contracts';
import type { RpcClient } from '@dcp/messaging';
import { OutboundHttp, UnreachableError } from '@dcp/runtime';
import type { ProviderOutcome, ProviderPush } from './provider-push';
import { retryAfterMs } from './provider-common';

export interface WebhookRecipient {
  clientId: string;
  url: string;
  /** The merchant's own id of the user. */
  userUuid: string;
}

const MAX_ANSWER_BYTES = 16 * 1024;

export class WebhookSender {
  private readonly http: OutboundHttp;

  constructor(
    private readonly rpcClient: Pick<RpcClient, 'request'>,
    opts: { timeoutMs: number; allowPrivateNetworks: boolean },
  ) {
    this.http = new OutboundHttp({ timeoutMs: opts.timeoutMs, maxResponseBytes: MAX_ANSWER_BYTES, allowPrivateNetworks: opts.allowPrivateNetworks });
  }

  async send(to: WebhookRecipient, push: ProviderPush): Promise<ProviderOutcome> {
    const url = new URL(to.url);
    const form: Record<string, string> = {
      deliveryId: push.deliveryId,
      uuid: to.userUuid,
      token: push.token,
      title: push.title,
      body: push.body,
      expiresAt: String(push.expiresAt),
      ...push.data,
    };
    // Every parameter the merchant receives is signed: its URL's query and the form.
    const params = { ...Object.fromEntries(url.searchParams), ...form };
    let headers: Record<string, string>;
    try {
      ({ headers } = await this.rpcClient.request(SSO_RPC.ssoSignMerchantCall, { clientId: to.clientId, method: 'POST', path: url.pathname, params }));
    } catch (err) {
      const refusal = PlatformError.from(err);
      if (refusal.code === ErrorCode.SSO_MERCHANT_DISABLED || refusal.code === ErrorCode.SSO_SIGNATURE_CLIENT_UNKNOWN) return { kind: 'rejected', reason: refusal.message };
      return { kind: 'retry', reason: `the call could not be signed: ${refusal.message}` };
    }
    try {
      const answer = await this.http.postForm(url, headers, form);
      const status = answer.status;
      if (status >= 200 && status < 300) return { kind: 'sent' };
      if (status === 404 || status === 410) return { kind: 'invalid-token', reason: `the merchant's push server answered HTTP ${status}: recipient unknown` };
      if (status === 408 || status === 429 || status >= 500) return { kind: 'retry', reason: `the merchant's push server answered HTTP ${status}`, retryAfterMs: retryAfterMs(answer.headers['retry-after']) };
      return { kind: 'rejected', reason: `the merchant's push server answered HTTP ${status}` };
    } catch (err) {
      if (err instanceof UnreachableError) return { kind: 'retry', reason: err.message };
      throw err;
    }
  }

  close(): void {
    this.http.close();
  }
}
