/**
 * permission-service on device.unbound (consumer `permission-service`): the user's grants in service on that
 * device end (revoked, 'device-unbound', each publishing grant.revoked); grants waiting for that device are
 * released (ipcMac cleared) so they can be activated on another device; the device's camera stream for that
 * user is revoked. One statement with the inbox row
 * (decisions OB3), so an event delivered again changes nothing.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EventPayload } from '@dcp/contracts';
import { RUNTIME_CLOCK, eventHeadJson, reactionStatement, type Clock, type StatementOutcome, type StatementReaction, EventReactionEntry } from '@dcp/runtime';
import { PermissionMetrics } from '../common/permission-metrics';
import { GRANT_STATUS } from '../grants/grant';
import { grantRevokedEventsCte } from './grant-revoked';

interface Outcome extends StatementOutcome {
  revoked: number;
  released: number;
  /** The device's camera stream for that owner, revoked: the next binding gets a new streamId (decisions CU3, CU4). */
  streams: number;
}

/**
 * $2 user id, $3 canonical MAC, $4 the time, $5 the grant.revoked head. The two updates touch disjoint rows
 * (active against waiting), as two changes of one row in one statement would not be allowed.
 */
const RELEASE_DEVICE = reactionStatement<Outcome>({
  service: 'permission',
  name: 'device-unbound',
  ctes: `revoked AS (
       UPDATE "permission"."grant" AS g SET revoked_at = $4::timestamptz, revoke_reason = 'device-unbound'
       FROM inbox
       WHERE g.user_id = $2 AND g.ipc_mac = $3 AND g.grant_status = ${GRANT_STATUS.active} AND g.revoked_at IS NULL AND g.end_time > $4::timestamptz
       RETURNING g.id, g.user_id, g.ipc_mac, g.permission_id
     ), released AS (
       UPDATE "permission"."grant" AS g SET ipc_mac = NULL
       FROM inbox
       WHERE g.user_id = $2 AND g.ipc_mac = $3 AND g.grant_status = ${GRANT_STATUS.waiting} AND g.revoked_at IS NULL
       RETURNING g.id
     ), streams AS (
       UPDATE "permission"."camera_stream" AS s SET revoked_at = $4::timestamptz
       FROM inbox WHERE s.user_id = $2 AND s.ipc_mac = $3 AND s.revoked_at IS NULL
       RETURNING s.id
     ), events AS (${grantRevokedEventsCte('revoked', '$5', 'device-unbound')})`,
  select: `(SELECT count(*)::int FROM events) AS enqueued, (SELECT count(*)::int FROM revoked) AS revoked, (SELECT count(*)::int FROM released) AS released, (SELECT count(*)::int FROM streams) AS streams`,
});

@Injectable()
@EventReactionEntry()
export class DeviceUnboundReaction implements StatementReaction<'deviceUnbound', Outcome> {
  readonly event = 'deviceUnbound';
  readonly statement = RELEASE_DEVICE;
  private readonly logger = new Logger('permission-device-unbound');

  constructor(
    private readonly metrics: PermissionMetrics,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  params(data: EventPayload<'deviceUnbound'>): readonly unknown[] {
    // Canonical already: the event schema normalises every MAC on arrival and refuses anything else (E5).
    return [data.userId, data.macAddr, new Date(this.clock.now()), eventHeadJson('grantRevoked')];
  }

  applied(row: Outcome, data: EventPayload<'deviceUnbound'>): void {
    this.metrics.reaction('device.unbound', 'revoked', row.revoked);
    this.metrics.reaction('device.unbound', 'released', row.released);
    if (row.revoked + row.released > 0) this.logger.log(`device ${data.macAddr} unbound from user ${data.userId} (${data.reason}): ${row.revoked} grant(s) ended, ${row.released} released`);
  }
}
