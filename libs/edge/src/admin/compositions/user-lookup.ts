/**
 * `GET /admin/v1/users/{openId}`: one user as operators see them. sso-service's user is the root (unknown:
 * ADMIN_NOT_FOUND); then, at once, one page of their devices (device-service) and of their grants
 * (permission-service), each a part that may carry its own error instead.
 */
import { ADMIN_LOOKUP_RPC, PERMISSION_RPC, type UserLookupView, pageRequestSchema, parseAdminBody, userLookupViewSchema } from '@dcp/contracts';
import { z } from 'zod';
import { type AdminRpc, composition, part } from '../admin-composition';

export interface UserLookupRequest {
  openId: string;
  /** The page of both lists. */
  limit?: unknown;
  offset?: unknown;
}

const lookupQuerySchema = pageRequestSchema.extend({ openId: z.string().trim().min(1).max(40) });

export async function lookUpUser(request: UserLookupRequest, rpc: AdminRpc): Promise<UserLookupView> {
  const { openId, ...page } = parseAdminBody(lookupQuerySchema, request);
  const user = await rpc.request(ADMIN_LOOKUP_RPC.getUser, { openId });
  const [devices, grants] = await Promise.all([
    part(() => rpc.request(ADMIN_LOOKUP_RPC.listUserDevices, { userId: user.userId, ...page })),
    part(() => rpc.request(PERMISSION_RPC.listGrants, { openId: user.openId, ...page })),
  ]);
  return { user, devices, grants };
}

export const USER_LOOKUP = composition(userLookupViewSchema, lookUpUser);
