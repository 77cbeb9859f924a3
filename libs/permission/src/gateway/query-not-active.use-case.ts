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
import { CameraStreams, type StreamDirectory } from '../streams/camera-streams';

@Injectable()
export class QueryNotActiveUseCase {
  constructor(
    @Inject(GrantRepository) private readonly grants: GrantStore,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    @Inject(CameraStreams) private readonly streams: StreamDirectory,
  ) {}

  @ServesOperation('queryUserNotActive')
  async execute({ params, user }: CallOf<'queryUserNotActive'>): Promise<GatewayResult> {
    const supportBpi = params.supportBpi === 1;
    const waiting = await this.grants.waitingOf(user.userId);
    const visible = waiting.filter((g) => visibleToClient(g, supportBpi));
    const streams = await this.streams.liveOf(user.userId, visible.flatMap((g) => (g.ipcMac ? [g.ipcMac] : [])));
    const data = visible.map((g) => toAuthorizationRecord(g, g.ipcMac ? streams.get(g.ipcMac) : undefined));
    return { data, extra: { sysDate: this.clock.now() } };
  }
}
