/**
 * Calls the merchant's two endpoints (spec 4.3): token validation and user query by uuid. Requests are GET
 * with the parameter added to the merchant's URL, signed with the merchant's current secret using the
 * headers of spec 5.1 (merchants may verify us). Answers: the user (HTTP 200, empty errorCode, valid user
 * object), a refusal (HTTP 401 or a non-empty errorCode), or SSO_MERCHANT_UNAVAILABLE for anything else.
 */
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { ErrorCode, type MerchantCallHealth, PlatformError } from '@dcp/contracts';
import { RUNTIME_CLOCK, RUNTIME_CONFIG, type Clock } from '@dcp/runtime';
import { signedHeaders } from '@dcp/signing';
import type { Merchant } from '../merchants/merchant';
import { MerchantSecrets } from '../merchants/merchant-secrets';
import { SsoMetrics } from '../common/sso-metrics';
import type { SsoConfig } from '../sso-config';
import { MerchantCallGuard } from './merchant-call-guard';
import { MerchantCallHealthWindow } from './merchant-call-health';
import { OutboundHttp, UnreachableError } from '@dcp/runtime';
import { type MerchantAnswer, merchantUserSchema } from './merchant-user';

export const MERCHANT_MAX_RESPONSE_BYTES = 64 * 1024;

const clip = (text: string, max = 200) => (text.length > max ? `${text.slice(0, max)}…` : text);

@Injectable()
export class MerchantClient implements OnModuleDestroy {
  private readonly http: OutboundHttp;
  private readonly guard: MerchantCallGuard;
  private readonly recent: MerchantCallHealthWindow;
  private readonly logger = new Logger('sso-merchants');

  constructor(
    @Inject(RUNTIME_CONFIG) config: Pick<SsoConfig, 'merchantCalls' | 'merchantAllowPrivateNetworks'>,
    private readonly secrets: MerchantSecrets,
    private readonly metrics: SsoMetrics,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {
    this.http = new OutboundHttp({
      // MERCHANT_TIMEOUT_MS, below RPC_TIMEOUT_MS, so a hanging merchant answers OP0052 rather than 000099.
      timeoutMs: config.merchantCalls.timeoutMs,
      maxResponseBytes: MERCHANT_MAX_RESPONSE_BYTES,
      allowPrivateNetworks: config.merchantAllowPrivateNetworks,
    });
    this.recent = new MerchantCallHealthWindow(() => this.clock.now());
    const { breakerFailures, breakerResetMs } = config.merchantCalls;
    this.guard = new MerchantCallGuard(config.merchantCalls, {
      opened: (clientId, lastFailure) => {
        this.metrics.breaker(clientId, 'open');
        this.logger.warn(`merchant ${clientId}: calls paused for ${breakerResetMs} ms after ${breakerFailures} failures in a row (last: ${lastFailure})`);
      },
      closed: (clientId) => {
        this.metrics.breaker(clientId, 'closed');
        this.logger.log(`merchant ${clientId}: calls resumed, its endpoint answers again`);
      },
    });
  }

  /** is_valid_token: who the merchant's token belongs to. */
  validateToken(merchant: Merchant, token: string): Promise<MerchantAnswer> {
    return this.call(merchant, 'is_valid_token', merchant.tokenValidationUrl, 'token', token);
  }

  /** get_user_profile: the merchant's current data for a user. */
  getUserProfile(merchant: Merchant, uuid: string): Promise<MerchantAnswer> {
    return this.call(merchant, 'get_user_profile', merchant.userProfileUrl, 'uuid', uuid);
  }

  /** The merchant's calls in the last hour and its breaker, as this replica saw them (the merchant list, the overview). */
  callHealth(clientId: string): MerchantCallHealth {
    return this.recent.health(clientId, this.guard.breakerState(clientId));
  }

  /** Merchants this replica called in the last hour. */
  recentlyCalled(): string[] {
    return this.recent.known();
  }

  onModuleDestroy(): void {
    this.http.close();
  }

  private async call(merchant: Merchant, endpoint: string, base: string, name: string, value: string): Promise<MerchantAnswer> {
    const url = new URL(base);
    url.searchParams.set(name, value);
    // Every query parameter the merchant receives is signed, including any its configured URL carries.
    const params = Object.fromEntries(url.searchParams);
    const headers = signedHeaders({ method: 'GET', path: url.pathname, params, clientId: merchant.clientId, clientSecret: this.secrets.current(merchant), now: this.clock.now() });
    let answer: MerchantAnswer;
    const started = performance.now();
    try {
      answer = await this.guard.run(merchant.clientId, async () => {
        const { status, body } = await this.http.get(url, { ...headers });
        return interpret(status, body);
      });
    } catch (err) {
      this.metrics.merchantCall(merchant.clientId, endpoint, 'unavailable', started);
      this.recent.record(merchant.clientId, `${endpoint}: ${err instanceof Error ? err.message : String(err)}`);
      if (err instanceof UnreachableError) throw unavailable(endpoint, err.message);
      throw err;
    }
    this.metrics.merchantCall(merchant.clientId, endpoint, answer.kind, started);
    this.recent.record(merchant.clientId);
    return answer;
  }
}

function unavailable(endpoint: string, reason: string): PlatformError {
  return new PlatformError(ErrorCode.SSO_MERCHANT_UNAVAILABLE, `merchant endpoint ${endpoint} unavailable: ${reason}`);
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Pure: an HTTP answer of a merchant endpoint → user / refusal; throws UnreachableError otherwise. */
export function interpret(status: number, body: Buffer): MerchantAnswer {
  const json = parseJson(body) as { errorCode?: unknown; failureDetails?: unknown; user?: unknown } | undefined;
  const refusal = (): MerchantAnswer => ({
    kind: 'refused',
    errorCode: typeof json?.errorCode === 'string' ? clip(json.errorCode, 32) : '',
    failureDetails: typeof json?.failureDetails === 'string' ? clip(json.failureDetails) : `HTTP ${status}`,
  });
  if (status === 401) return refusal();
  if (status !== 200) throw new UnreachableError(`merchant answered HTTP ${status}${status >= 300 && status < 400 ? ' (redirects are not followed)' : ''}`);
  if (json === undefined || json === null || typeof json !== 'object' || Array.isArray(json)) throw new UnreachableError('merchant answered with a body that is not a JSON object');
  if (json.errorCode !== undefined && json.errorCode !== null && json.errorCode !== '') return refusal();
  const user = merchantUserSchema.safeParse(json.user);
  if (!user.success) {
    const issue = user.error.issues[0];
    throw new UnreachableError(`merchant returned an invalid user: user${issue.path.length ? '.' + issue.path.join('.') : ''} ${issue.message}`);
  }
  return { kind: 'user', user: user.data };
}
