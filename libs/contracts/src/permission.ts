import { z } from 'zod';
import { searchTextSchema } from './admin-schemas';
import { listPageFields, listPageSchema } from './admin-paging';
import { normalizeMac } from './mac';
import { hasControlCharacter } from './text';
import { displayName } from './display-text';
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
  /** A cloud-recording plan keeps footage for 1 … this many rolling days. */
  maxRetentionDays: 3660,
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
    permissionName: displayName(z.string().trim().min(1).max(L.maxPermissionNameLength)),
    permissionType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    durationDays: z.number().int().min(1).max(L.maxDurationDays),
    belongServer: displayName(z.string().max(L.maxBelongServerLength)).optional(),
    channelCount: z.number().int().min(1).max(L.maxChannelCount).optional(),
    /** The plan needs a client that supports BPI (see permission.query_user_not_active's supportBpi). */
    bpi: z.boolean().optional(),
    /** Makes the plan a cloud-recording plan keeping footage this many rolling days (decisions CU6). */
    retentionDays: z.number().int().min(1).max(L.maxRetentionDays).nullable().optional(),
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
  /** Rolling days of footage kept for a device in this plan; null: not a cloud-recording plan (decisions CU6). */
  retentionDays: z.number().int().nullable(),
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

/** `PATCH /admin/v1/permissions/{code}`: what may change on a plan once created (its retention only; P1, CU6). */
export const updatePermissionBodySchema = z
  .object({
    retentionDays: z.number().int().min(1).max(L.maxRetentionDays).nullable(),
  })
  .strict();
export type UpdatePermissionBody = z.infer<typeof updatePermissionBodySchema>;

/**
 * A camera request to verify (decisions CU2): the MAC (canonical), the userTag and the signature as sent, and
 * the string to sign storage-service built from the request. The streamId stays in permission-service.
 */
export const cameraStreamKeysRequestSchema = z.object({ macAddr: z.string(), userTag: z.string() });
export type CameraStreamKeysRequest = z.infer<typeof cameraStreamKeysRequestSchema>;

/** The cloud-recording plan in service on a device now (the grant ending last). */
export const cameraPlanSchema = z.object({ grantId: z.number().int(), retentionDays: z.number().int(), planEndsAt: z.number().int() });
export type CameraPlan = z.infer<typeof cameraPlanSchema>;

/**
 * The live streams of a MAC under a userTag (one per owner that ever had the device and still has it; almost
 * always one), each with its owner, its streamId (the key of the camera's signatures; it goes to
 * storage-service's memory and nowhere else, decisions CU11) and the owner's plan in service on the device
 * now, or null. storage-service checks the signature and decides the refusal (CU4): the device's current
 * owner first, the plan second.
 */
export const cameraStreamKeysSchema = z.object({
  streams: z.array(z.object({ userId: z.number().int(), streamId: z.string(), plan: cameraPlanSchema.nullable() })).max(16),
});
export type CameraStreamKeys = z.infer<typeof cameraStreamKeysSchema>;

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

/** Filters of `GET /permissions`: `q` a text the permissionCode or permissionName contains (any letter case), `permissionType` exactly 1, 2 or 3. */
export const listPermissionsFilterSchema = z.object({
  q: searchTextSchema.optional(),
  permissionType: z
    .enum(['1', '2', '3'], { error: 'must be 1, 2 or 3' })
    .transform((value) => Number(value))
    .optional(),
});
export type ListPermissionsFilter = z.output<typeof listPermissionsFilterSchema>;

/**
 * What operators call a grant's state (docs/decisions.md P6–P8): `waiting` (status 1), `active` (status 3,
 * period not over), `over` (status 3, endTime passed) — each not revoked — and `revoked` (either status).
 */
export const GRANT_STATES = ['waiting', 'active', 'over', 'revoked'] as const;
export type GrantState = (typeof GRANT_STATES)[number];

/** A text box of a filter: trimmed, empty = no filter; control characters refused (PostgreSQL cannot hold a NUL). */
const filterText = (maxLength: number) =>
  z
    .string()
    .max(maxLength, `must be at most ${maxLength} characters`)
    .refine((value) => !hasControlCharacter(value), 'must not contain control characters')
    .transform((value) => value.trim() || undefined);

/** Filters of `GET /grants` besides openId: `permissionCode` exactly, `ipcMac` in any MAC spelling (canonical after parsing), `state`. */
export const listGrantsFilterSchema = z.object({
  permissionCode: filterText(L.maxPermissionCodeLength).optional(),
  ipcMac: filterText(20)
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const mac = normalizeMac(value);
      if (mac !== undefined) return mac;
      ctx.addIssue({ code: 'custom', message: "must be a MAC address, 12 hex digits, plain or with ':' or '-' between every pair" });
      return z.NEVER;
    })
    .optional(),
  state: z.enum(GRANT_STATES, { error: `must be one of ${GRANT_STATES.join(', ')}` }).optional(),
});
export type ListGrantsFilter = z.output<typeof listGrantsFilterSchema>;

const permissionContract = <Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(name: string, request: Req, response: Res): RpcContract<Req, Res> => ({
  subject: `dcp.rpc.permission.${name}`,
  owner: 'permission',
  request,
  response,
});

export const PERMISSION_RPC = {
  createPermission: permissionContract('admin.create-permission', z.object({ body: z.unknown() }), permissionViewSchema),
  listPermissions: permissionContract(
    'admin.list-permissions',
    // Filters travel as the query string gave them (text, or an array when repeated): permission-service validates them.
    z.object({ ...listPageFields, q: z.unknown().optional(), permissionType: z.unknown().optional() }),
    listPageSchema(permissionViewSchema),
  ),
  updatePermission: permissionContract('admin.update-permission', z.object({ permissionCode: z.string(), body: z.unknown() }), permissionViewSchema),
  /** The live streams of a MAC under a userTag, with their streamIds and plans in service (storage-service verifies camera requests with them). */
  cameraStreamKeys: permissionContract('camera.stream-keys', cameraStreamKeysRequestSchema, cameraStreamKeysSchema),
  createGrant: permissionContract('admin.create-grant', z.object({ body: z.unknown() }), grantViewSchema),
  getGrant: permissionContract('admin.get-grant', z.object({ grantId: z.string() }), grantViewSchema),
  listGrants: permissionContract(
    'admin.list-grants',
    // permissionCode, ipcMac and state travel as the query string gave them: permission-service validates them.
    z.object({ ...listPageFields, openId: z.string().max(40).optional(), permissionCode: z.unknown().optional(), ipcMac: z.unknown().optional(), state: z.unknown().optional() }),
    listPageSchema(grantViewSchema),
  ),
} as const;
