/**
 * ADMIN_LOOKUP_RPC.currentService: a device's current service for operators, decided by the rules of
 * fcmall.get_current_service (gateway/current-service.ts). The edge has just read the device from
 * device-service (owner and supportStore), so it is not asked again here.
 */
import { Inject, Injectable } from '@nestjs/common';
import type { CurrentServiceView } from '@dcp/contracts';
import { RUNTIME_CLOCK, type Clock, ServesRpc } from '@dcp/runtime';
import { GrantRepository, type GrantStore } from '../grants/grant.repository';
import { decideCurrentService } from '../gateway/current-service';
import { ADMIN_LOOKUP_RPC } from '@dcp/contracts';

@Injectable()
export class CurrentServiceAdminUseCase {
  constructor(
    @Inject(GrantRepository) private readonly grants: GrantStore,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  @ServesRpc(ADMIN_LOOKUP_RPC.currentService, 'admin.current_service')
  async execute(request: { userId: number; macAddr: string; supportStore: boolean }): Promise<CurrentServiceView> {
    const inService = await this.grants.inServiceOf(request.userId, this.clock.now(), request.macAddr);
    return toView(decideCurrentService({ userId: request.userId, macAddr: request.macAddr, supportStore: request.supportStore, inService }));
  }
}

function toView(record: ReturnType<typeof decideCurrentService>): CurrentServiceView {
  return {
    name: record.name,
    description: record.description,
    startTime: record.startTime,
    endTime: record.endTime,
    validity: record.validity,
    status: record.status,
    flag: record.flag,
  };
}
