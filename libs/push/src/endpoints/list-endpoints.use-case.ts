/** push_endpoint.list (decisions PS8): the user's endpoints, newest first, tokens shortened to their tails. */
import { Injectable } from '@nestjs/common';
import type { CallOf, GatewayResult } from '@dcp/contracts';
import { ServesOperation } from '@dcp/runtime';
import { toEndpointView } from './endpoint.mapper';
import { EndpointRepository } from './endpoint.repository';

@Injectable()
export class ListEndpointsUseCase {
  constructor(private readonly endpoints: EndpointRepository) {}

  @ServesOperation('listPushEndpoints')
  async execute({ user }: CallOf<'listPushEndpoints'>): Promise<GatewayResult> {
    return { data: { list: (await this.endpoints.list(user.userId)).map(toEndpointView) } };
  }
}
