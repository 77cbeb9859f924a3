/**
 * push_endpoint.register (decisions PS8): where the user's alarms are pushed. The merchant must have set the
 * provider up (PS0412, so an app learns at once rather than by pushes that never come); a user has at most
 * PUSH_LIMITS.maxEndpointsPerUser endpoints (PS0409). Registering a token again changes its device set.
 */
import { Inject, Injectable } from '@nestjs/common';
import { type CallOf, ErrorCode, type GatewayResult, PUSH_LIMITS, PlatformError } from '@dcp/contracts';
import { RUNTIME_CLOCK, type Clock, ServesOperation } from '@dcp/runtime';
import { ProviderCredentials } from '../providers/provider-credentials';
import { toEndpointView } from './endpoint.mapper';
import { parseDeviceSet, parseProvider, parseToken } from './endpoint-params';
import { EndpointRepository } from './endpoint.repository';

@Injectable()
export class RegisterEndpointUseCase {
  constructor(
    private readonly endpoints: EndpointRepository,
    private readonly credentials: ProviderCredentials,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  @ServesOperation('registerPushEndpoint')
  async execute({ params, user }: CallOf<'registerPushEndpoint'>): Promise<GatewayResult> {
    const provider = parseProvider(params.provider);
    const token = parseToken(provider, params.token);
    const macAddrs = parseDeviceSet(params.devIds);
    if (!(await this.credentials.isSet(user.clientId, provider))) {
      throw new PlatformError(ErrorCode.PUSH_PROVIDER_NOT_CONFIGURED, `merchant ${user.clientId} has not set up ${provider} pushes`);
    }
    const registration = { userId: user.userId, clientId: user.clientId, userUuid: user.uuid, provider, token, macAddrs, at: new Date(this.clock.now()) };
    const endpoint = await this.endpoints.register(registration, PUSH_LIMITS.maxEndpointsPerUser);
    if (!endpoint) throw new PlatformError(ErrorCode.PUSH_ENDPOINT_LIMIT, `the user has ${PUSH_LIMITS.maxEndpointsPerUser} push endpoints: remove one first`);
    return { data: toEndpointView(endpoint) };
  }
}
