/**
 * The grant.revoked events of a reaction statement (decisions OB3): one per grant in `from` (a CTE of the
 * revoked rows: id, user_id, ipc_mac, permission_id), oldest grant first, with the permission's code.
 */
import { outboxEventsCte } from '@dcp/runtime';
import type { RevokeReason } from '../grants/grant';

export function grantRevokedEventsCte(from: string, head: `$${number}`, reason: RevokeReason): string {
  return outboxEventsCte('permission', 'grantRevoked', {
    head,
    from: `${from} AS r JOIN "permission"."permission" AS p ON p.id = r.permission_id`,
    data: `jsonb_build_object('grantId', r.id, 'userId', r.user_id, 'ipcMac', r.ipc_mac, 'permissionCode', p.permission_code, 'reason', '${reason}')`,
    order: 'r.id',
  });
}
