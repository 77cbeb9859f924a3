import { z } from 'zod';
import type { ServiceName } from './gateway-catalog';

/**
 * Request-reply contracts between the edge and the owning services (NATS core request-reply).
 * One entry per message: its subject, owner and request/response schemas. Requests are validated by the
 * handler side before the use case runs; errors come back as SerializedPlatformError, never as Nest's
 * generic "Internal server error".
 */
export interface RpcContract<Req extends z.ZodTypeAny = z.ZodTypeAny, Res extends z.ZodTypeAny = z.ZodTypeAny> {
  readonly subject: string;
  readonly owner: ServiceName;
  readonly request: Req;
  readonly response: Res;
}

const contract = <Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(owner: ServiceName, name: string, request: Req, response: Res): RpcContract<Req, Res> => ({
  subject: `dcp.rpc.${owner}.${name}`,
  owner,
  request,
  response,
});

/** A user authenticated by sso-service for a gateway call. */
export const authenticatedUserSchema = z.object({
  userId: z.number().int().positive(),
  openId: z.string(),
  clientId: z.string(),
  uuid: z.string(),
});
export type AuthenticatedUser = z.infer<typeof authenticatedUserSchema>;

/** Signed SSO request as received by the edge (spec 5.1), forwarded to sso-service for verification. */
export const signedSsoRequestSchema = z.object({
  method: z.enum(['GET', 'POST']),
  path: z.string(),
  headers: z.object({
    clientTime: z.string().optional(),
    version: z.string().optional(),
    clientId: z.string().optional(),
    sign: z.string().optional(),
  }),
  params: z.record(z.string(), z.string()),
});
export type SignedSsoRequest = z.infer<typeof signedSsoRequestSchema>;

export const tokenResultSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int(),
  openId: z.string(),
});
export type TokenResult = z.infer<typeof tokenResultSchema>;

/** A gateway/stream call dispatched to its owning service after edge validation and authentication. */
export const gatewayCallSchema = z.object({
  service: z.string(),
  params: z.record(z.string(), z.string()),
  user: authenticatedUserSchema.optional(),
  requestId: z.string().optional(),
});
export type GatewayCall = z.infer<typeof gatewayCallSchema>;

/** `data` for the envelope plus any extra top-level envelope fields (sysDate, remind, recordList…). */
export const gatewayResultSchema = z.object({
  data: z.unknown().optional(),
  extra: z.record(z.string(), z.unknown()).optional(),
});
export type GatewayResult = z.infer<typeof gatewayResultSchema>;

/** The subject a gateway operation is dispatched on; its owner subscribes to it. */
export function gatewaySubject(service: string): string {
  return `dcp.gateway.${service}`;
}

/** sso-service's request-reply contracts (as DEVICE_RPC, PERMISSION_RPC … are the other services'). */
export const SSO_RPC = {
  ssoAuthorizeByToken: contract('sso', 'authorize-by-token', signedSsoRequestSchema, tokenResultSchema),
  ssoRefreshToken: contract('sso', 'refresh-token', signedSsoRequestSchema, tokenResultSchema),
  // revokedUserId: the user a DELETE just removed, so the edge that carried the callback drops its cached
  // verifications at once (other edge replicas drop theirs on the user.deleted event).
  ssoUserCallback: contract('sso', 'user-callback', signedSsoRequestSchema, z.object({ revokedUserId: z.number().int().positive().optional() })),
  ssoVerifyAccessToken: contract(
    'sso',
    'verify-access-token',
    z.object({ clientId: z.string(), openId: z.string(), accessToken: z.string() }),
    authenticatedUserSchema.extend({ expiresAt: z.number().int() }),
  ),
  /** The shadow account behind an openId, or `user: null` (operators grant by openId; services key by userId). */
  ssoFindUser: contract('sso', 'find-user', z.object({ openId: z.string().min(1).max(40) }), z.object({ user: authenticatedUserSchema.nullable() })),
  /**
   * The subtoken of a user's sub-service information (spec 2.7), created on first use and then fixed;
   * `subtoken: null` when the user does not exist. storage-service checks sessionToken = MD5(subtoken + timestamp).
   */
  ssoUserSubtoken: contract('sso', 'user-subtoken', z.object({ userId: z.number().int().positive() }), z.object({ subtoken: z.string().nullable() })),
  /**
   * The storeTag of a user's sub-service information (spec 2.7), created on first use and then fixed; `null`
   * when the user does not exist. permission-service hands it to apps as the authorization records' userTag.
   */
  ssoUserStoreTag: contract('sso', 'user-store-tag', z.object({ userId: z.number().int().positive() }), z.object({ storeTag: z.string().nullable() })),
  /** A user's push tag (sub-service information's `tag`), or null: the key of the alarms of the user's devices (decisions PS3). */
  ssoUserPushTag: contract('sso', 'user-push-tag', z.object({ userId: z.number().int().positive() }), z.object({ tag: z.string().nullable(), clientId: z.string().nullable() })),
  /**
   * The spec 5.1 headers of a call the platform makes to a merchant (push-service's webhook, decisions PS10),
   * signed with the merchant's current secret, which never leaves sso-service. A disabled or unknown merchant
   * is refused (OP0047 / 030010).
   */
  ssoSignMerchantCall: contract(
    'sso',
    'sign-merchant-call',
    z.object({ clientId: z.string().min(1).max(64), method: z.enum(['GET', 'POST']), path: z.string().min(1).max(2000), params: z.record(z.string(), z.string()) }),
    z.object({ headers: z.record(z.string(), z.string()) }),
  ),
} as const;
