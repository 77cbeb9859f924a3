/**
 * Operator look-ups (issue 11): what each service answers about one device, one user, their recordings and
 * the outbox backlogs, over its own `dcp.rpc.<service>.admin.*` contracts. The edge composes these parts
 * into `GET /admin/v1/devices/{mac}`, `GET /admin/v1/users/{openId}` and `GET /admin/v1/outbox`
 * (libs/edge/src/admin/compositions/); the composite views below are what those routes answer. A part
 * whose service failed or did not answer is `{ error: { errorCode, failureDetails } }` instead of its view
 * (docs/decisions.md AL1).
 */
import { z } from 'zod';
import { pageRequestSchema } from './admin-schemas';
import { listPageFields, listPageSchema } from './admin-paging';
import { EVENT_CONSUMERS, consumerLagSchema } from './dead-letters';
import { ErrorCode } from './error-codes';
import type { ServiceName } from './gateway-catalog';
import { CANONICAL_MAC, normalizeMac } from './mac';
import { grantViewSchema } from './permission';
import { PlatformError } from './platform-error';
import type { RpcContract } from './rpc';

const canonicalMac = z.string().regex(CANONICAL_MAC).describe('canonical MAC: 12 upper-case hex digits (06626E63FBA5)');
const userId = z.number().int().positive();
const total = z.number().int();

/**
 * A MAC given by an operator (path parameter) in any spelling the platform accepts, canonical; otherwise
 * ADMIN_VALIDATION_FAILED naming `field`.
 */
export function adminMac(value: unknown, field = 'mac'): string {
  const mac = typeof value === 'string' ? normalizeMac(value) : undefined;
  if (!mac) throw new PlatformError(ErrorCode.ADMIN_VALIDATION_FAILED, `invalid field ${field}: must be a MAC address, 12 hex digits, plain or with ':' or '-' between every pair`);
  return mac;
}

/** A device as operators see it (device-service): never its password. */
export const adminDeviceViewSchema = z.object({
  macAddr: canonicalMac,
  /** The owner's userId (sso-service's shadow account). */
  userId,
  deviceName: z.string(),
  /** The model, as the app named it when binding (spec 2.4 productName). */
  productName: z.string(),
  oemCode: z.string(),
  /** The manufacturer registered under oemCode; null when none is. */
  manufacturerName: z.string().nullable(),
  /** The device's own login name as the app sent it (its password is never shown). */
  username: z.string(),
  hasusertag: z.number().int(),
  supportStore: z.number().int(),
  supportRichMedia: z.number().int(),
  /** ISO time the device was bound to its owner. */
  boundAt: z.string(),
  updatedAt: z.string(),
});
export type AdminDeviceView = z.infer<typeof adminDeviceViewSchema>;

/** A shadow user as operators see it (sso-service). */
export const adminUserViewSchema = z.object({
  userId,
  openId: z.string(),
  /** The user's id at the merchant. */
  uuid: z.string(),
  username: z.string(),
  name: z.string(),
  merchant: z.object({ clientId: z.string(), name: z.string() }),
  /** ISO time of the first sign-in. */
  createdAt: z.string(),
  /** ISO time the profile last changed (sign-in or the merchant's UPDATE callback). */
  updatedAt: z.string(),
  /** ISO time of the last sign-in sso-service still keeps (null once every token of it has been purged). */
  lastSignInAt: z.string().nullable(),
});
export type AdminUserView = z.infer<typeof adminUserViewSchema>;

/** fcmall.get_current_service's record (spec 2.6) for a device, without the ids the view already names. */
export const currentServiceViewSchema = z.object({
  name: z.string(),
  description: z.string(),
  /** Epoch ms; null for the free 8-hour service and for none. */
  startTime: z.number().int().nullable(),
  endTime: z.number().int().nullable(),
  validity: z.string(),
  /** 3 in service, 0 none. */
  status: z.number().int(),
  /** 1 paid, 2 free, 0 none. */
  flag: z.number().int(),
});
export type CurrentServiceView = z.infer<typeof currentServiceViewSchema>;

/** A UTC day `YYYY-MM-DD`. */
const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The owner's recordings of a device (storage-service). */
export const recordingSummarySchema = z.object({
  /** UTC days with recordings, oldest first (what record.date.query lists), as YYYY-MM-DD. */
  days: z.array(daySchema),
  segments: z.number().int(),
  bytes: z.number().int(),
  /** Epoch seconds of the first segment's start; null without recordings. */
  firstStart: z.number().int().nullable(),
  /** Epoch seconds at which the last segment ends (rounded up); null without recordings. */
  lastEnd: z.number().int().nullable(),
  /** The cloud-recording plan the device's camera last uploaded under (storage.device_plan, decisions CU6). */
  plan: z
    .object({
      retentionDays: z.number().int().describe('rolling days of footage the plan keeps'),
      planEndsAt: z.number().int().describe('epoch ms at which the plan ends'),
      graceEndsAt: z.number().int().describe('epoch ms at which the grace period after the plan ends (planEndsAt + RECORDING_GRACE_DAYS days): the footage is purged then'),
    })
    .nullable()
    .describe("the cloud-recording plan the device's camera last uploaded under, for this owner; null when no camera of it has uploaded under a plan"),
  /** What the device uploaded today (UTC) as counted against its quota (storage.device_usage, decisions CU7). */
  uploadedToday: z
    .object({
      bytes: z.number().int().describe('bytes uploaded by the camera today (UTC), as counted against CAMERA_QUOTA_BYTES_PER_DAY'),
      segments: z.number().int().describe('segments uploaded by the camera today (UTC)'),
    })
    .describe("the device's camera uploads of the current UTC day, whoever owned it (zeros when none)"),
});
export type RecordingSummary = z.infer<typeof recordingSummarySchema>;

/** One clip as record.query computes it: adjacent segments of one event type. */
export const recordingClipSchema = z.object({
  /** Epoch seconds. */
  start: z.number().int(),
  /** Epoch seconds (rounded up). */
  end: z.number().int(),
  type: z.number().int(),
});

/** `GET /devices/{mac}/recordings` without `day`: one page of the recorded days. */
export const recordingDaysViewSchema = z.object({ macAddr: canonicalMac, days: z.array(daySchema), total });
/** `GET /devices/{mac}/recordings?day=`: one page of that UTC day's clips. */
export const recordingClipsViewSchema = z.object({ macAddr: canonicalMac, day: daySchema, clips: z.array(recordingClipSchema), total });
export const recordingsViewSchema = z.union([recordingClipsViewSchema, recordingDaysViewSchema]);
export type RecordingsView = z.infer<typeof recordingsViewSchema>;

/** `POST /devices/{mac}/playback`: the body, validated by storage-service. */
export const adminPlaybackBodySchema = z
  .object({
    /** Epoch seconds. */
    start: z.number().int().min(0).max(99_999_999_999),
    /** Epoch seconds, after start, at most STORAGE_LIMITS.playWindowSeconds later. */
    end: z.number().int().min(0).max(99_999_999_999),
  })
  .strict();

/** The signed playlist URLs record.play gives apps, for the requested window. */
export const adminPlaybackViewSchema = z.object({
  macAddr: canonicalMac,
  start: z.number().int(),
  end: z.number().int(),
  /** Epoch seconds after which the URLs (playlist and segments) are refused. */
  expires: z.number().int(),
  recordUrl: z.string(),
  secureUrl: z.string(),
});
export type AdminPlaybackView = z.infer<typeof adminPlaybackViewSchema>;

/** `GET /users?uuid=&clientId=` (validated by sso-service, ADMIN_VALIDATION_FAILED naming the parameter). */
export const searchUsersQuerySchema = z.object({
  uuid: z.string().min(1).max(128),
  clientId: z.string().min(1).max(40).optional(),
});

/** `GET /devices/{mac}/recordings` query (validated by storage-service). */
export const recordingsQuerySchema = pageRequestSchema.extend({ day: daySchema.optional() });

/** A service's outbox: events enqueued and not yet published, and how long the oldest has waited. */
export const outboxBacklogSchema = z.object({ pending: z.number().int(), oldestAgeSeconds: z.number() });
export type OutboxBacklogView = z.infer<typeof outboxBacklogSchema>;

/** Services that publish events through an outbox relay (ServiceEvents.startOutbox refuses any other). */
export const OUTBOX_SERVICES = ['sso', 'device', 'permission', 'push'] as const satisfies readonly ServiceName[];
export type OutboxService = (typeof OUTBOX_SERVICES)[number];

export function isOutboxService(service: ServiceName): service is OutboxService {
  return (OUTBOX_SERVICES as readonly string[]).includes(service);
}

const page = listPageSchema;

const contract = <Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(owner: ServiceName, name: string, request: Req, response: Res): RpcContract<Req, Res> => ({
  subject: `dcp.rpc.${owner}.admin.${name}`,
  owner,
  request,
  response,
});

export const ADMIN_LOOKUP_RPC = {
  /** device-service: the device under a canonical MAC; ADMIN_NOT_FOUND when no one has it bound. */
  getDevice: contract('device', 'get-device', z.object({ macAddr: canonicalMac }), adminDeviceViewSchema),
  /** device-service: one page of a user's devices, in the order they were bound. */
  listUserDevices: contract('device', 'list-user-devices', z.object({ ...listPageFields, userId }), page(adminDeviceViewSchema)),
  /** sso-service: one user by openId or by userId (exactly one); ADMIN_NOT_FOUND when there is none. */
  getUser: contract(
    'sso',
    'get-user',
    z.object({ openId: z.string().min(1).max(40).optional(), userId: userId.optional() }).refine((r) => (r.openId === undefined) !== (r.userId === undefined), 'give openId or userId'),
    adminUserViewSchema,
  ),
  /** sso-service: users with this merchant uuid (under any merchant, or one clientId's). Query text as given. */
  searchUsers: contract('sso', 'search-users', z.object({ ...listPageFields, uuid: z.unknown().optional(), clientId: z.unknown().optional() }), page(adminUserViewSchema)),
  /** permission-service: one page of the owner's grants tied to the device (revoked ones included), oldest first. */
  deviceGrants: contract('permission', 'device-grants', z.object({ ...listPageFields, userId, macAddr: canonicalMac }), page(grantViewSchema)),
  /** permission-service: the device's current service as fcmall.get_current_service decides it. */
  currentService: contract('permission', 'current-service', z.object({ userId, macAddr: canonicalMac, supportStore: z.boolean() }), currentServiceViewSchema),
  /** storage-service: the summary of the owner's recordings of the device. */
  recordingSummary: contract('storage', 'recording-summary', z.object({ userId, macAddr: canonicalMac }), recordingSummarySchema),
  /** storage-service: recorded days, or one day's clips (query text as given; validated by the service). */
  recordings: contract('storage', 'recordings', z.object({ mac: z.string(), day: z.unknown().optional(), limit: z.unknown().optional(), offset: z.unknown().optional() }), recordingsViewSchema),
  /** storage-service: a signed playlist URL for a window of the device's recordings (body validated by the service). */
  playback: contract('storage', 'playback', z.object({ mac: z.string(), body: z.unknown().optional() }), adminPlaybackViewSchema),
} as const;

/** A service's outbox backlog (`dcp.rpc.<service>.admin.outbox-backlog`), served by its ServiceEvents. */
export function outboxBacklogContract(service: OutboxService) {
  return contract(service, 'outbox-backlog', z.object({}), outboxBacklogSchema);
}

/** A part of a composite view its service did not deliver: the platform error it answered (or timed out with). */
export const partErrorSchema = z.object({ error: z.object({ errorCode: z.string(), failureDetails: z.string() }) });
export type PartError = z.infer<typeof partErrorSchema>;

/** The view of a part, or its error. */
export function partOf<S extends z.ZodTypeAny>(view: S) {
  return z.union([view, partErrorSchema]);
}

/** `GET /admin/v1/devices/{mac}`: the device (device-service), then each other service's part. */
export const deviceLookupViewSchema = z.object({
  device: adminDeviceViewSchema,
  owner: partOf(adminUserViewSchema),
  grants: partOf(page(grantViewSchema)),
  currentService: partOf(currentServiceViewSchema),
  recordings: partOf(recordingSummarySchema),
});
export type DeviceLookupView = z.infer<typeof deviceLookupViewSchema>;

/** `GET /admin/v1/users/{openId}`: the user (sso-service), one page of their devices and of their grants. */
export const userLookupViewSchema = z.object({
  user: adminUserViewSchema,
  devices: partOf(page(adminDeviceViewSchema)),
  grants: partOf(page(grantViewSchema)),
});
export type UserLookupView = z.infer<typeof userLookupViewSchema>;

/** `GET /admin/v1/outbox`: every outbox service's backlog, or its error. */
export const outboxViewSchema = z.object({
  services: z.array(z.union([outboxBacklogSchema.extend({ service: z.enum(OUTBOX_SERVICES) }), partErrorSchema.extend({ service: z.enum(OUTBOX_SERVICES) })])),
});
export type OutboxView = z.infer<typeof outboxViewSchema>;

/** `GET /admin/v1/consumers`: every event consumer's lag and open dead letters, or its error. */
export const consumersViewSchema = z.object({
  items: z.array(z.union([consumerLagSchema.extend({ service: z.enum(EVENT_CONSUMERS) }), partErrorSchema.extend({ service: z.enum(EVENT_CONSUMERS) })])),
});
export type ConsumersView = z.infer<typeof consumersViewSchema>;
