/**
 * permission.query_user_ipcs_valid: the user's grants in service on any of their devices (active, not
 * revoked, period not over), as spec 2.5 records with their devices' camera streams (CU3), and sysDate (epoch ms).
 * Read in one statement (RecordsInService, decisions PF6): a user may hold a thousand of them.
 */
import { Inject, Injectable } from '@nestjs/common';
import { RUNTIME_CLOCK, type Clock, ServesOperation } from '@dcp/runtime';
import type { CallOf, GatewayResult } from '@dcp/contracts';
import type { AuthorizationRecord } from '../grants/grant.mapper';
import { type RecordInService, RecordsInService, type RecordsInServiceSource } from '../grants/records-in-service';

@Injectable()
export class QueryValidUseCase {
  constructor(
    @Inject(RecordsInService) private readonly records: RecordsInServiceSource,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  @ServesOperation('queryUserIpcsValid')
  async execute({ user }: CallOf<'queryUserIpcsValid'>): Promise<GatewayResult> {
    const now = this.clock.now();
    const records = await this.records.of(user.userId, now);
    return { data: records.map(toRecord), extra: { sysDate: now } };
  }
}

/**
 * Spec 2.5, field for field and in toAuthorizationRecord's order (grant.mapper.ts: P12–P14), so the answer is the
 * same bytes it was when the records were mapped from Grant rows: userTag "" and no streamId without a stream.
 * Two literals rather than a spread of the stream's fields: each record is built in one step.
 */
function toRecord(r: RecordInService): AuthorizationRecord {
  const ipcMac = r.ipcMac ?? '';
  if (r.stream === null) {
    return {
      grantId: r.grantId,
      ipcMac,
      permissionCode: r.permissionCode,
      permissionName: r.permissionName,
      permissionType: r.permissionType,
      permissionValue: r.durationDays,
      grantStatus: r.grantStatus,
      userTag: '',
      belongServer: r.belongServer,
      initTime: r.initTime,
      channelCount: r.channelCount,
    };
  }
  return {
    grantId: r.grantId,
    ipcMac,
    permissionCode: r.permissionCode,
    permissionName: r.permissionName,
    permissionType: r.permissionType,
    permissionValue: r.durationDays,
    grantStatus: r.grantStatus,
    userTag: r.stream.userTag,
    streamId: r.stream.streamId,
    belongServer: r.belongServer,
    initTime: r.initTime,
    channelCount: r.channelCount,
  };
}
