/** One grant.revoked per revoked grant, enqueued in the reaction's transaction (published after it commits). */
import type { ServiceEvents } from '@dcp/runtime';
import type { RevokedGrant, RevokeReason } from '../grants/grant';
import type { PermissionTransaction } from '../permission-database.types';

export async function enqueueRevoked(events: ServiceEvents<PermissionTransaction>, tx: PermissionTransaction, revoked: readonly RevokedGrant[], reason: RevokeReason): Promise<void> {
  for (const g of revoked) await events.enqueue(tx, 'grantRevoked', { ...g, reason });
}
