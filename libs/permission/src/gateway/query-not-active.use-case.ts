/**
 * permission.query_user_not_active: the user's grants waiting for activation (spec 2.5 records) and sysDate
 * (epoch ms). supportBpi 0 leaves out grants of plans that need a BPI-capable client.
 */
import { Inject, Injectable } from '@nestjs/common';
import { RUNTIME_CLOCK, type Clock, ServesOperation } from '@dcp/runtime';
import type { CallOf, GatewayResult } from '@dcp/contracts';
import { visibleToClient } from '../grants/grant-rules';
import { toAuthorizationRecord } from '../grants/grant.mapper';
import { GrantRepository, type GrantStore } from '../grants/grant.repository';

@Injectable()
export class QueryNotActiveUseCase {
  constructor(
    @Inject(GrantRepository) private readonly grants: GrantStore,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  @ServesOperation('queryUserNotActive')
  async execute({ params, user }: CallOf<'queryUserNotActive'>): Promise<GatewayResult> {
    const supportBpi = params.supportBpi === 1;
    const waiting = await this.grants.waitingOf(user.userId);
    const data = waiting.filter((g) => visibleToClient(g, supportBpi)).map(toAuthorizationRecord);
    return { data, extra: { sysDate: this.clock.now() } };
  }
}
