/** A shadow user as operators see it (never tokens or the subtoken). */
import type { AdminUserView } from '@dcp/contracts';
import type { UserWithMerchant } from './admin-user.reads';

export function toAdminUserView(u: UserWithMerchant): AdminUserView {
  return {
    userId: u.id,
    openId: u.openId,
    uuid: u.uuid,
    username: u.username,
    name: u.name,
    merchant: { clientId: u.merchant.clientId, name: u.merchant.name },
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
    lastSignInAt: u.lastSignInAt === null ? null : u.lastSignInAt.toISOString(),
  };
}
