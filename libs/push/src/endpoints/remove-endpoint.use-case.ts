/** push_endpoint.remove (decisions PS8): by endpointId, or by provider and token; only the user's own. */
import { Injectable } from '@nestjs/common';
import { type CallOf, ErrorCode, type GatewayResult, PlatformError } from '@dcp/contracts';
import { ServesOperation } from '@dcp/runtime';
import { parseProvider, parseToken } from './endpoint-params';
import { EndpointRepository } from './endpoint.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class RemoveEndpointUseCase {
  constructor(private readonly endpoints: EndpointRepository) {}

  @ServesOperation('removePushEndpoint')
  async execute({ params, user }: CallOf<'removePushEndpoint'>): Promise<GatewayResult> {
    if (params.endpointId !== undefined) {
      if (!UUID.test(params.endpointId)) throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, 'invalid parameter endpointId: is not an endpoint id');
      return { data: { removed: await this.endpoints.removeById(user.userId, params.endpointId.toLowerCase()) } };
    }
    if (params.provider === undefined || params.token === undefined) {
      throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, `invalid parameter ${params.provider === undefined ? 'provider' : 'token'}: endpointId, or provider and token, are required`);
    }
    const provider = parseProvider(params.provider);
    return { data: { removed: await this.endpoints.removeByToken(user.userId, provider, parseToken(provider, params.token)) } };
  }
}
