/**
 * One push to one endpoint through its merchant's provider (decisions PS10, PS11): the merchant's credentials
 * (none set: refused for good — an operator sets them and replays), the provider's client, and a circuit breaker
 * per merchant and provider (cockatiel), so a provider or merchant server that keeps failing is left alone for
 * PUSH_BREAKER_RESET_MS instead of being called for every delivery while other merchants' pushes go on.
 */
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { BrokenCircuitError, CircuitState, ConsecutiveBreaker, type CircuitBreakerPolicy, circuitBreaker, handleType } from 'cockatiel';
import type { PushProviderName } from '@dcp/contracts';
import type { RpcClient } from '@dcp/messaging';
import { RUNTIME_CONFIG, RUNTIME_RPC_CLIENT } from '@dcp/runtime';
import type { PushConfig } from '../push-config';
import { ProviderCredentials } from '../providers/provider-credentials';
import { ApnsSender } from './providers/apns-sender';
import { FcmSender } from './providers/fcm-sender';
import type { ProviderOutcome, ProviderPush } from './providers/provider-push';
import { WebhookSender } from './providers/webhook-sender';

/** A `retry` outcome, thrown inside the breaker so that it counts as a failure. */
class RetryOutcome extends Error {
  constructor(readonly outcome: ProviderOutcome) {
    super('retry');
  }
}

export type BreakerState = 'closed' | 'open' | 'half-open';

@Injectable()
export class ProviderSenders implements OnModuleDestroy {
  private readonly fcm: FcmSender;
  private readonly apns: ApnsSender;
  private readonly webhook: WebhookSender;
  private readonly breakers = new Map<string, CircuitBreakerPolicy>();
  private readonly logger = new Logger('push-delivery');

  constructor(
    @Inject(RUNTIME_CONFIG) private readonly config: Pick<PushConfig, 'pushDelivery' | 'merchantAllowPrivateNetworks'>,
    @Inject(RUNTIME_RPC_CLIENT) rpcClient: Pick<RpcClient, 'request'>,
    private readonly credentials: ProviderCredentials,
  ) {
    const endpoints = config.pushDelivery;
    this.fcm = new FcmSender(endpoints);
    this.apns = new ApnsSender(endpoints);
    this.webhook = new WebhookSender(rpcClient, { timeoutMs: endpoints.timeoutMs, allowPrivateNetworks: config.merchantAllowPrivateNetworks });
  }

  async send(clientId: string, provider: PushProviderName, push: ProviderPush, userUuid: string): Promise<ProviderOutcome> {
    try {
      return await this.breakerOf(clientId, provider).execute(async () => {
        const outcome = await this.sendNow(clientId, provider, push, userUuid);
        if (outcome.kind === 'retry') throw new RetryOutcome(outcome);
        return outcome;
      });
    } catch (err) {
      if (err instanceof RetryOutcome) return err.outcome;
      if (err instanceof BrokenCircuitError) {
        const { breakerFailures, breakerResetMs } = this.config.pushDelivery;
        return { kind: 'retry', reason: `${provider} of merchant ${clientId} paused after ${breakerFailures} failures in a row`, retryAfterMs: breakerResetMs };
      }
      throw err;
    }
  }

  /** The breaker of a merchant's provider on this replica. */
  breakerState(clientId: string, provider: PushProviderName): BreakerState {
    const state = this.breakers.get(`${clientId}:${provider}`)?.state;
    return state === CircuitState.Open || state === CircuitState.Isolated ? 'open' : state === CircuitState.HalfOpen ? 'half-open' : 'closed';
  }

  async onModuleDestroy(): Promise<void> {
    this.fcm.close();
    this.webhook.close();
    await this.apns.close();
  }

  private async sendNow(clientId: string, provider: PushProviderName, push: ProviderPush, userUuid: string): Promise<ProviderOutcome> {
    switch (provider) {
      case 'fcm': {
        const credentials = await this.credentials.get(clientId, 'fcm');
        return credentials ? this.fcm.send(credentials, push) : notSet(clientId, provider);
      }
      case 'apns': {
        const credentials = await this.credentials.get(clientId, 'apns');
        return credentials ? this.apns.send(credentials, push) : notSet(clientId, provider);
      }
      case 'webhook': {
        const credentials = await this.credentials.get(clientId, 'webhook');
        return credentials ? this.webhook.send({ clientId, url: credentials.url, userUuid }, push) : notSet(clientId, provider);
      }
    }
  }

  private breakerOf(clientId: string, provider: PushProviderName): CircuitBreakerPolicy {
    const key = `${clientId}:${provider}`;
    let breaker = this.breakers.get(key);
    if (!breaker) {
      const { breakerFailures, breakerResetMs } = this.config.pushDelivery;
      breaker = circuitBreaker(handleType(RetryOutcome), { halfOpenAfter: breakerResetMs, breaker: new ConsecutiveBreaker(breakerFailures) });
      breaker.onBreak((reason) => this.logger.warn(`${provider} of merchant ${clientId}: paused for ${breakerResetMs} ms after ${breakerFailures} failures in a row (last: ${'error' in reason && reason.error instanceof RetryOutcome && reason.error.outcome.kind === 'retry' ? reason.error.outcome.reason : 'failed'})`));
      breaker.onReset(() => this.logger.log(`${provider} of merchant ${clientId}: answering again, deliveries resumed`));
      this.breakers.set(key, breaker);
    }
    return breaker;
  }
}

function notSet(clientId: string, provider: PushProviderName): ProviderOutcome {
  return { kind: 'rejected', reason: `merchant ${clientId} has no ${provider} credentials: set them in the admin API, then replay` };
}
