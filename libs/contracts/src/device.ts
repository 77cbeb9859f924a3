import { z } from 'zod';
import { searchTextSchema } from './admin-schemas';
import { listPageFields, listPageSchema } from './admin-paging';
import { displayName } from './display-text';
import type { RpcContract } from './rpc';

/**
 * device-service contracts: the device record of spec 2.4 as the gateway returns it, the operator API for
 * manufacturers (`/admin/v1/manufacturers`), and the ownership query other services ask before acting on
 * a user's device (served on `dcp.rpc.device.*`).
 */

/** Spec 2.4, in query results (`userId` included). */
export const deviceRecordSchema = z.object({
  userId: z.number().int(),
  /** Canonical MAC: 12 upper-case hex digits (`AABBCCDDEEFF`, docs/decisions.md D1). */
  macAddr: z.string(),
  deviceName: z.string(),
  productName: z.string(),
  username: z.string(),
  password: z.string(),
  hasusertag: z.number().int(),
  supportStore: z.number().int(),
  supportRichMedia: z.number().int(),
  oemCode: z.string(),
});
export type DeviceRecord = z.infer<typeof deviceRecordSchema>;

/** Bounds of manufacturer settings (docs/decisions.md, devices). */
export const MANUFACTURER_LIMITS = {
  /** Spec 2.4: oemCode max length 20. */
  maxOemCodeLength: 20,
  maxNameLength: 200,
} as const;

export const createManufacturerBodySchema = z
  .object({
    oemCode: z
      .string()
      .min(1)
      .max(MANUFACTURER_LIMITS.maxOemCodeLength)
      .regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, "_", "." and "-" only'),
    name: displayName(z.string().trim().min(1).max(MANUFACTURER_LIMITS.maxNameLength)),
  })
  .strict();
export type CreateManufacturerBody = z.infer<typeof createManufacturerBodySchema>;

/** A manufacturer as operators see it: never its delKey (only create and rotate show the new one, once). */
export const manufacturerViewSchema = z.object({
  oemCode: z.string(),
  name: z.string(),
  createdAt: z.string(),
  delKeyRotatedAt: z.string().nullable(),
});
export type ManufacturerView = z.infer<typeof manufacturerViewSchema>;

export const manufacturerWithDelKeySchema = manufacturerViewSchema.extend({ delKey: z.string() });
export type ManufacturerWithDelKey = z.infer<typeof manufacturerWithDelKeySchema>;

const deviceContract = <Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(name: string, request: Req, response: Res): RpcContract<Req, Res> => ({
  subject: `dcp.rpc.device.${name}`,
  owner: 'device',
  request,
  response,
});

/** Filter of the manufacturer list, validated by device-service: `q` a text the oemCode or name contains (case-insensitive). */
export const listManufacturersFilterSchema = z.object({ q: searchTextSchema.optional() });
export type ListManufacturersFilter = z.output<typeof listManufacturersFilterSchema>;

/** Most (userId, MAC) pairs one `DEVICE_RPC.boundDevices` request may name: firmware-service asks per batch of at most this many. */
export const BOUND_DEVICES_MAX_PAIRS = 500;

const userDevicePairSchema = z.object({ userId: z.number().int().positive(), macAddr: z.string().min(1).max(64) });

export const DEVICE_RPC = {
  /** Body validated by device-service (ADMIN_VALIDATION_FAILED naming the field). */
  createManufacturer: deviceContract('admin.create-manufacturer', z.object({ body: z.unknown() }), manufacturerWithDelKeySchema),
  // `q` travels as the query string gave it; device-service validates it (ADMIN_VALIDATION_FAILED naming it).
  listManufacturers: deviceContract('admin.list-manufacturers', z.object({ ...listPageFields, q: z.unknown().optional() }), listPageSchema(manufacturerViewSchema)),
  getManufacturer: deviceContract('admin.get-manufacturer', z.object({ oemCode: z.string() }), manufacturerViewSchema),
  rotateDelKey: deviceContract('admin.rotate-del-key', z.object({ oemCode: z.string() }), manufacturerWithDelKeySchema),
  /**
   * The device bound to this user under this MAC (any case), or `device: null`. Other services ask this
   * before acting on a user's device, so ownership is always read from its owner, never from a copy.
   */
  findUserDevice: deviceContract(
    'find-user-device',
    z.object({ userId: z.number().int().positive(), macAddr: z.string().min(1).max(64) }),
    z.object({ device: deviceRecordSchema.nullable() }),
  ),
  /**
   * Who a device is bound to, by MAC (any accepted form): `owner: null` when nobody has it (or the MAC is
   * malformed). storage-service asks it to check a stream call's sessionToken against the owner's subtoken.
   */
  findDeviceOwner: deviceContract(
    'find-device-owner',
    z.object({ macAddr: z.string().min(1).max(64) }),
    z.object({ owner: z.object({ userId: z.number().int().positive(), macAddr: z.string() }).nullable() }),
  ),
  /**
   * Which of these (userId, MAC) pairs are bound now: each MAC in any accepted form, answered in canonical form
   * (a malformed MAC, a device nobody has or another user's device is simply left out). One query for up to
   * BOUND_DEVICES_MAX_PAIRS pairs: firmware-service asks it per batch before it records rollout progress
   * (docs/decisions.md SDD1).
   */
  boundDevices: deviceContract(
    'bound-devices',
    z.object({ pairs: z.array(userDevicePairSchema).max(BOUND_DEVICES_MAX_PAIRS) }),
    z.object({ bound: z.array(z.object({ userId: z.number().int().positive(), macAddr: z.string() })) }),
  ),
} as const;
