/**
 * `GET /admin/v1/users/{openId}`: one user as operators see them. sso-service's user is the root (unknown:
 * ADMIN_NOT_FOUND); then, at once, one page of their devices (device-service) and of their grants
 * (permission-service), each a part that may carry its own error instead. Each list pages on by its own cursor
 * (`devicesCursor`, `grantsCursor`: the nextCursor its part answered); a cursor or page a service refuses as
 * invalid (AD0400) is the answer, not a part's error: the request was wrong, not the service.
 */
import { ADMIN_LOOKUP_RPC, PERMISSION_RPC, type UserLookupView, listPageRequestSchema, parseAdminBody, userLookupViewSchema } from '@dcp/contracts';
import { z } from 'zod';
import { type AdminRpc, composition, part, refusedRequest } from '../admin-composition';

export interface UserLookupRequest {
  openId: string;
  /** The page size of both lists. */
  limit?: unknown;
  offset?: unknown;
  devicesCursor?: unknown;
  grantsCursor?: unknown;
}

const lookupQuerySchema = listPageRequestSchema.omit({ cursor: true }).extend({
  openId: z.string().trim().min(1).max(40),
  devicesCursor: listPageRequestSchema.shape.cursor,
  grantsCursor: listPageRequestSchema.shape.cursor,
});

export async function lookUpUser(request: UserLookupRequest, rpc: AdminRpc): Promise<UserLookupView> {
  const { openId, devicesCursor, grantsCursor, ...page } = parseAdminBody(lookupQuerySchema, request);
  const user = await rpc.request(ADMIN_LOOKUP_RPC.getUser, { openId });
  const [devices, grants] = await Promise.all([
    part(() => rpc.request(ADMIN_LOOKUP_RPC.listUserDevices, { userId: user.userId, ...page, cursor: devicesCursor })),
    part(() => rpc.request(PERMISSION_RPC.listGrants, { openId: user.openId, ...page, cursor: grantsCursor })),
  ]);
  refusedRequest({ devicesCursor: devices, grantsCursor: grants });
  return { user, devices, grants };
}

export const USER_LOOKUP = composition(userLookupViewSchema, lookUpUser);
