/**
 * permission.query_user_ipcs_valid: the user's grants in service on any of their devices (active, not
 * revoked, period not over), as spec 2.5 records with their devices' camera streams (CU3), and sysDate (epoch ms).
 */
import { Inject, Injectable } from '@nestjs/common';
import { RUNTIME_CLOCK, type Clock, ServesOperation } from '@dcp/runtime';
import type { CallOf, GatewayResult } from '@dcp/contracts';
import { toAuthorizationRecord } from '../grants/grant.mapper';
import { GrantRepository, type GrantStore } from '../grants/grant.repository';
import { CameraStreams, type StreamDirectory } from '../streams/camera-streams';

@Injectable()
export class QueryValidUseCase {
  constructor(
    @Inject(GrantRepository) private readonly grants: GrantStore,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    @Inject(CameraStreams) private readonly streams: StreamDirectory,
  ) {}

  @ServesOperation('queryUserIpcsValid')
  async execute({ user }: CallOf<'queryUserIpcsValid'>): Promise<GatewayResult> {
    const now = this.clock.now();
    const active = await this.grants.inServiceOf(user.userId, now);
    const streams = await this.streams.liveOf(user.userId, active.flatMap((g) => (g.ipcMac ? [g.ipcMac] : [])));
    return { data: active.map((g) => toAuthorizationRecord(g, g.ipcMac ? streams.get(g.ipcMac) : undefined)), extra: { sysDate: now } };
  }
}
