/**
 * center.getServerInfo (spec 4.4, 2.7, 7.3): the user's sub-service information — unless the operator put
 * the platform into maintenance: 000066 while upgrading (apps poll again in about 5 minutes), 000077 with
 * `server_url` after an address change.
 */
import { Injectable } from '@nestjs/common';
import { type CallOf, ErrorCode, type GatewayResult, PlatformError } from '@dcp/contracts';
import { ServiceStatusRepository } from './service-status.repository';
import { SubServiceRepository } from './sub-service.repository';
import { ServesOperation } from '@dcp/runtime';

@Injectable()
export class GetServerInfoUseCase {
  constructor(
    private readonly status: ServiceStatusRepository,
    private readonly subServices: SubServiceRepository,
  ) {}

  @ServesOperation('getServerInfo')
  async execute({ params, user }: CallOf<'getServerInfo'>): Promise<GatewayResult> {
    const { mode, serverUrl } = await this.status.current();
    if (mode === 'upgrade') throw new PlatformError(ErrorCode.FC_SYSTEM_UPGRADE);
    if (mode === 'address-change') throw new PlatformError(ErrorCode.FC_SYSTEM_ADDRESS_CHANGE, `the service moved to ${serverUrl}`, { server_url: serverUrl });
    const info = await this.subServices.findOrCreate(user.userId, params.oemCode || null);
    // The edge authenticated the user a moment ago; gone now means it was deleted in between.
    if (!info) throw new PlatformError(ErrorCode.FC_AUTH_OPENID_NOT_EXISTS);
    return { data: info };
  }
}
