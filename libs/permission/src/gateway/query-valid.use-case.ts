/**
 * permission.query_user_ipcs_valid: the user's grants in service on any of their devices (active, not
 * revoked, period not over), as spec 2.5 records, and sysDate (epoch ms).
 */
import { Inject, Injectable } from '@nestjs/common';
import { RUNTIME_CLOCK, type Clock, ServesOperation } from '@dcp/runtime';
import type { CallOf, GatewayResult } from '@dcp/contracts';
import { toAuthorizationRecord } from '../grants/grant.mapper';
import { GrantRepository, type GrantStore } from '../grants/grant.repository';

@Injectable()
export class QueryValidUseCase {
  constructor(
    @Inject(GrantRepository) private readonly grants: GrantStore,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  @ServesOperation('queryUserIpcsValid')
  async execute({ user }: CallOf<'queryUserIpcsValid'>): Promise<GatewayResult> {
    const now = this.clock.now();
    const active = await this.grants.inServiceOf(user.userId, now);
    return { data: active.map(toAuthorizationRecord), extra: { sysDate: now } };
  }
}
