/**
 * permission-service on user.deleted (consumer `permission-service`): every grant of the user is revoked
 * ('user-deleted'), each publishing grant.revoked, and the user's camera streams with them. One statement with the inbox row (decisions OB3), so an
 * event delivered again changes nothing.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EventPayload } from '@dcp/contracts';
import { RUNTIME_CLOCK, eventHeadJson, reactionStatement, type Clock, type StatementOutcome, type StatementReaction, EventReactionEntry } from '@dcp/runtime';
import { PermissionMetrics } from '../common/permission-metrics';
import { grantRevokedEventsCte } from './grant-revoked';

interface Outcome extends StatementOutcome {
  revoked: number;
  /** Camera streams revoked: the user's cameras stop uploading at their next segment (decisions CU4). */
  streams: number;
}

/** $2 user id, $3 the revocation time, $4 the grant.revoked head. */
const REVOKE_ALL = reactionStatement<Outcome>({
  service: 'permission',
  name: 'user-deleted',
  ctes: `revoked AS (
       UPDATE "permission"."grant" AS g SET revoked_at = $3::timestamptz, revoke_reason = 'user-deleted'
       FROM inbox WHERE g.user_id = $2 AND g.revoked_at IS NULL
       RETURNING g.id, g.user_id, g.ipc_mac, g.permission_id
     ), streams AS (
       UPDATE "permission"."camera_stream" AS s SET revoked_at = $3::timestamptz
       FROM inbox WHERE s.user_id = $2 AND s.revoked_at IS NULL
       RETURNING s.id
     ), events AS (${grantRevokedEventsCte('revoked', '$4', 'user-deleted')})`,
  select: `(SELECT count(*)::int FROM events) AS enqueued, (SELECT count(*)::int FROM revoked) AS revoked, (SELECT count(*)::int FROM streams) AS streams`,
});

@Injectable()
@EventReactionEntry()
export class UserDeletedReaction implements StatementReaction<'userDeleted', Outcome> {
  readonly event = 'userDeleted';
  readonly statement = REVOKE_ALL;
  private readonly logger = new Logger('permission-user-deleted');

  constructor(
    private readonly metrics: PermissionMetrics,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  params(data: EventPayload<'userDeleted'>): readonly unknown[] {
    return [data.userId, new Date(this.clock.now()), eventHeadJson('grantRevoked')];
  }

  applied(row: Outcome, data: EventPayload<'userDeleted'>): void {
    this.metrics.reaction('user.deleted', 'revoked', row.revoked);
    if (row.revoked + row.streams > 0) this.logger.log(`user ${data.userId} deleted: ${row.revoked} grant(s) and ${row.streams} camera stream(s) revoked`);
  }
}
