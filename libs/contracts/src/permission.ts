import { z } from 'zod';
import { pageRequestSchema } from './admin-schemas';
import type { RpcContract } from './rpc';

/**
 * permission-service contracts: the operator API for the permission catalogue (`/admin/v1/permissions`)
 * and for grants, the authorization records of spec 2.5 (`/admin/v1/grants`), served on
 * `dcp.rpc.permission.*`. Bodies are validated by the service (ADMIN_VALIDATION_FAILED naming the field).
 */

export const PERMISSION_LIMITS = {
  maxPermissionCodeLength: 64,
  maxPermissionNameLength: 200,
  maxDurationDays: 3660,
  maxBelongServerLength: 64,
  maxChannelCount: 64,
} as const;

const L = PERMISSION_LIMITS;

/** Spec 2.5 permissionType: 1 paid, 2 free, 3 free. */
export const PERMISSION_TYPES = [1, 2, 3] as const;

export const createPermissionBodySchema = z
  .object({
    permissionCode: z
      .string()
      .min(1)
      .max(L.maxPermissionCodeLength)
      .regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, "_", "." and "-" only'),
    permissionName: z.string().trim().min(1).max(L.maxPermissionNameLength),
    permissionType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    durationDays: z.number().int().min(1).max(L.maxDurationDays),
    belongServer: z.string().max(L.maxBelongServerLength).optional(),
    channelCount: z.number().int().min(1).max(L.maxChannelCount).optional(),
    /** The plan needs a client that supports BPI (see permission.query_user_not_active's supportBpi). */
    bpi: z.boolean().optional(),
  })
  .strict();
export type CreatePermissionBody = z.infer<typeof createPermissionBodySchema>;

export const permissionViewSchema = z.object({
  permissionCode: z.string(),
  permissionName: z.string(),
  permissionType: z.number().int(),
  durationDays: z.number().int(),
  belongServer: z.string(),
  channelCount: z.number().int(),
  bpi: z.boolean(),
  createdAt: z.string(),
});
export type PermissionView = z.infer<typeof permissionViewSchema>;

export const createGrantBodySchema = z
  .object({
    openId: z.string().min(1).max(40),
    permissionCode: z.string().min(1).max(L.maxPermissionCodeLength),
    /** The device the grant is for; omitted = bound to a device at activation (permission.active's ipcMac). */
    ipcMac: z.string().min(1).max(20).optional().describe('device MAC in any accepted spelling (06626E63FBA5, 06:62:6e:63:fb:a5, 06-62-6E-63-FB-A5); stored and answered canonical'),
  })
  .strict();
export type CreateGrantBody = z.infer<typeof createGrantBodySchema>;

/** A grant as operators see it: spec 2.5's record plus whose it is and its service period. */
export const grantViewSchema = z.object({
  grantId: z.number().int(),
  openId: z.string(),
  userId: z.number().int(),
  /** Canonical MAC (12 upper-case hex digits, docs/decisions.md D1), null while tied to no device. */
  ipcMac: z.string().nullable().describe('canonical MAC: 12 upper-case hex digits (06626E63FBA5); null while the grant is tied to no device'),
  permissionCode: z.string(),
  permissionName: z.string(),
  permissionType: z.number().int(),
  grantStatus: z.number().int(),
  initTime: z.number().int(),
  startTime: z.number().int().nullable(),
  endTime: z.number().int().nullable(),
  revokedAt: z.string().nullable(),
  revokeReason: z.string().nullable(),
});
export type GrantView = z.infer<typeof grantViewSchema>;

const permissionContract = <Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(name: string, request: Req, response: Res): RpcContract<Req, Res> => ({
  subject: `dcp.rpc.permission.${name}`,
  owner: 'permission',
  request,
  response,
});

const page = pageRequestSchema;

export const PERMISSION_RPC = {
  createPermission: permissionContract('admin.create-permission', z.object({ body: z.unknown() }), permissionViewSchema),
  listPermissions: permissionContract('admin.list-permissions', page, z.object({ items: z.array(permissionViewSchema), total: z.number().int() })),
  createGrant: permissionContract('admin.create-grant', z.object({ body: z.unknown() }), grantViewSchema),
  getGrant: permissionContract('admin.get-grant', z.object({ grantId: z.string() }), grantViewSchema),
  listGrants: permissionContract(
    'admin.list-grants',
    page.extend({ openId: z.string().max(40).optional() }),
    z.object({ items: z.array(grantViewSchema), total: z.number().int() }),
  ),
} as const;
