import { z } from 'zod';
import { booleanQuerySchema, httpUrlSchema, searchTextSchema } from './admin-schemas';
import { listPageFields, listPageSchema } from './admin-paging';
import { displayName } from './display-text';
import type { RpcContract } from './rpc';

/**
 * Operator API of sso-service (merchant registration), served over request-reply on
 * `dcp.rpc.sso.admin.*` and exposed by the edge under /admin/v1/merchants.
 *
 * The request schemas only fix the envelope (path parameters + an untyped `body`): sso-service validates the
 * body itself with the `*BodySchema`s below, so that a bad field answers ADMIN_VALIDATION_FAILED naming the
 * field (the generic contract validation would answer FC_INVALID_PARAMETER). The edge shows the body
 * schemas in the OpenAPI document.
 */

/** Defaults and bounds of merchant settings (docs/decisions.md M1). */
export const MERCHANT_LIMITS = {
  defaultAccessTokenTtlSeconds: 7200,
  defaultRefreshTokenTtlSeconds: 30 * 24 * 3600,
  // From 1 s, as Keycloak and Hydra allow: merchants test their apps' refresh handling with short lifetimes.
  minAccessTokenTtlSeconds: 1,
  maxAccessTokenTtlSeconds: 7 * 24 * 3600,
  minRefreshTokenTtlSeconds: 1,
  maxRefreshTokenTtlSeconds: 365 * 24 * 3600,
  defaultSecretGraceSeconds: 24 * 3600,
  maxSecretGraceSeconds: 30 * 24 * 3600,
  maxNameLength: 200,
  maxUrlLength: 2048,
} as const;

const L = MERCHANT_LIMITS;

const httpUrl = httpUrlSchema(L.maxUrlLength);

const name = displayName(z.string().trim().min(1).max(L.maxNameLength));
const accessTtl = z.number().int().min(L.minAccessTokenTtlSeconds).max(L.maxAccessTokenTtlSeconds);
const refreshTtl = z.number().int().min(L.minRefreshTokenTtlSeconds).max(L.maxRefreshTokenTtlSeconds);

export const createMerchantBodySchema = z
  .object({
    name,
    tokenValidationUrl: httpUrl,
    userProfileUrl: httpUrl,
    accessTokenTtlSeconds: accessTtl.optional(),
    refreshTokenTtlSeconds: refreshTtl.optional(),
    refreshTokenRotation: z.boolean().optional(),
  })
  .strict();
export type CreateMerchantBody = z.infer<typeof createMerchantBodySchema>;

export const updateMerchantBodySchema = z
  .object({
    name: name.optional(),
    tokenValidationUrl: httpUrl.optional(),
    userProfileUrl: httpUrl.optional(),
    accessTokenTtlSeconds: accessTtl.optional(),
    refreshTokenTtlSeconds: refreshTtl.optional(),
    refreshTokenRotation: z.boolean().optional(),
    enabled: z.boolean().optional(),
  })
  .strict();
export type UpdateMerchantBody = z.infer<typeof updateMerchantBodySchema>;

export const rotateMerchantSecretBodySchema = z
  .object({
    /** How long the replaced secret keeps verifying (0 = at once). */
    graceSeconds: z.number().int().min(0).max(L.maxSecretGraceSeconds).optional(),
  })
  .strict();
export type RotateMerchantSecretBody = z.infer<typeof rotateMerchantSecretBodySchema>;

/** States of a merchant's circuit breaker in sso-service (decisions AB6): `half-open` lets one trial call through. */
export const MERCHANT_BREAKER_STATES = ['closed', 'open', 'half-open'] as const;

/**
 * How sso-service's calls to a merchant's endpoints fared over the last hour, as the answering sso-service
 * replica saw them (an in-memory window per replica: another replica made other calls, a restart empties it).
 * `status`: `failing` when a call failed (OP0052: unreachable, timed out, broken answer) in the window,
 * `broken` when the breaker is open or half-open (calls refused at once), else `healthy`.
 */
export const merchantCallHealthSchema = z.object({
  status: z.enum(['healthy', 'failing', 'broken']),
  breaker: z.enum(MERCHANT_BREAKER_STATES),
  windowSeconds: z.number().int(),
  calls: z.number().int(),
  failures: z.number().int(),
  /** ISO time and text of the last failure in the window; null when none. */
  lastFailureAt: z.string().nullable(),
  lastFailure: z.string().nullable(),
});
export type MerchantCallHealth = z.infer<typeof merchantCallHealthSchema>;

/** A merchant as operators see it: never its secret (only create and rotate show the new one, once). */
export const merchantViewSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  tokenValidationUrl: z.string(),
  userProfileUrl: z.string(),
  accessTokenTtlSeconds: z.number().int(),
  refreshTokenTtlSeconds: z.number().int(),
  refreshTokenRotation: z.boolean(),
  enabled: z.boolean(),
  /** ISO time until which the secret replaced by the last rotation still verifies; null when none. */
  previousSecretExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Its endpoints' recent calls and breaker (the list and the read answer it; a change's answer does not). */
  callHealth: merchantCallHealthSchema.optional(),
});
export type MerchantView = z.infer<typeof merchantViewSchema>;

export const merchantWithSecretSchema = merchantViewSchema.extend({ clientSecret: z.string() });
export type MerchantWithSecret = z.infer<typeof merchantWithSecretSchema>;

// Not length-checked here: an unknown or over-long clientId answers ADMIN_NOT_FOUND from the service.
const clientIdParam = z.string();

const adminContract = <Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(name: string, request: Req, response: Res): RpcContract<Req, Res> => ({
  subject: `dcp.rpc.sso.admin.${name}`,
  owner: 'sso',
  request,
  response,
});

/** Operator maintenance modes answered by center.getServerInfo (spec 7.3: 000066, 000077 with server_url). */
export const MAINTENANCE_MODES = ['none', 'upgrade', 'address-change'] as const;

export const setMaintenanceBodySchema = z
  .object({
    mode: z.enum(MAINTENANCE_MODES),
    /** Required with address-change: the new service address clients receive in server_url. */
    serverUrl: httpUrl.optional(),
  })
  .strict()
  .refine((b) => b.mode !== 'address-change' || b.serverUrl !== undefined, { message: 'serverUrl is required with mode address-change', path: ['serverUrl'] })
  .refine((b) => b.mode === 'address-change' || b.serverUrl === undefined, { message: 'serverUrl is only for mode address-change', path: ['serverUrl'] });
export type SetMaintenanceBody = z.infer<typeof setMaintenanceBodySchema>;

export const maintenanceViewSchema = z.object({
  mode: z.enum(MAINTENANCE_MODES),
  serverUrl: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type MaintenanceView = z.infer<typeof maintenanceViewSchema>;

/**
 * Filters of the merchant list, validated by sso-service (ADMIN_VALIDATION_FAILED naming the parameter): `q`
 * a text the name or clientId contains (case-insensitive), `enabled` true or false.
 */
export const listMerchantsFilterSchema = z.object({ q: searchTextSchema.optional(), enabled: booleanQuerySchema.optional() });
export type ListMerchantsFilter = z.output<typeof listMerchantsFilterSchema>;

export const SSO_ADMIN_RPC = {
  createMerchant: adminContract('create-merchant', z.object({ body: z.unknown() }), merchantWithSecretSchema),
  listMerchants: adminContract(
    'list-merchants',
    // Filters travel as the query string gave them (text, or an array when repeated): sso-service validates them.
    z.object({ ...listPageFields, q: z.unknown().optional(), enabled: z.unknown().optional() }),
    listPageSchema(merchantViewSchema),
  ),
  getMerchant: adminContract('get-merchant', z.object({ clientId: clientIdParam }), merchantViewSchema),
  /** Merchants whose calls failed in the last hour or whose breaker is not closed, worst first (the answering replica's view). */
  merchantsInTrouble: adminContract(
    'merchants-in-trouble',
    z.object({}),
    z.object({ items: z.array(z.object({ clientId: z.string(), name: z.string(), callHealth: merchantCallHealthSchema })) }),
  ),
  updateMerchant: adminContract('update-merchant', z.object({ clientId: clientIdParam, body: z.unknown() }), merchantViewSchema),
  rotateMerchantSecret: adminContract('rotate-merchant-secret', z.object({ clientId: clientIdParam, body: z.unknown() }), merchantWithSecretSchema),
  disableMerchant: adminContract('disable-merchant', z.object({ clientId: clientIdParam }), merchantViewSchema),
  getMaintenance: adminContract('get-maintenance', z.object({}), maintenanceViewSchema),
  setMaintenance: adminContract('set-maintenance', z.object({ body: z.unknown() }), maintenanceViewSchema),
} as const;
