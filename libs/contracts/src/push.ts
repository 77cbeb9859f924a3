import { z } from 'zod';
import { pageRequestSchema } from './admin-schemas';
import type { RpcContract } from './rpc';

/**
 * push-service contracts (issue: alarms and push): a camera's alarm, posted to `sendMsgUrl` (decisions PS1–PS4)
 * and forwarded by the edge, and the alarm pictures the app reads through signed URLs. The message center's
 * operations are gateway operations (`dcp.gateway.push_message.*`).
 */

const KiB = 1024;

export const PUSH_LIMITS = {
  /** Largest alarm picture (bytes): one JPEG; over NATS it travels base64 in JSON, within the default max_payload. */
  maxPictureBytes: 512 * KiB,
  /** Alarm types are integers 0 … this; unknown ones are kept as numbers. */
  maxAlarmType: 65535,
  /** How far an alarm's camera time may lie behind server time (s): older alarms are refused as stale. */
  maxAlarmAgeSeconds: 24 * 3600,
  /** A message center page holds at most this many messages. */
  maxPageSize: 100,
  /** mark_read / delete take at most this many message ids at once. */
  maxMessageIds: 100,
  /** A signed picture URL is valid this long (s). */
  pictureUrlSeconds: 3600,
  /** Longest push token (FCM registration tokens run to about 200 characters, APNs tokens 64–200 hex digits). */
  maxTokenLength: 512,
  /** Devices one endpoint may name (beyond that: every device). */
  maxEndpointDevices: 100,
  /** Endpoints one user may have (phones, tablets, the merchant's recipients). */
  maxEndpointsPerUser: 20,
  /** Switches one user may have. */
  maxSwitchesPerUser: 1000,
} as const;

/** Where alarms may be pushed (decisions PS8): Firebase Cloud Messaging, Apple Push Notification service, the merchant's own push server. */
export const PUSH_PROVIDERS = ['fcm', 'apns', 'webhook'] as const;
export type PushProviderName = (typeof PUSH_PROVIDERS)[number];

/**
 * The alarm types cameras send (decisions PS2). Unknown types are stored and listed as their numbers; apps show
 * them as "alarm".
 */
export const ALARM_TYPES = {
  motion: 1,
  sound: 2,
  human: 3,
  doorbell: 4,
  offline: 5,
  lowBattery: 6,
  tamper: 7,
  vehicle: 8,
  pet: 9,
  package: 10,
} as const;

/** The query values of an alarm post, as the edge forwards them (validated by push-service). */
export const cameraAlarmRequestSchema = z.object({
  mac: z.string().optional(),
  type: z.string().optional(),
  time: z.string().optional(),
  timestamp: z.string().optional(),
  signature: z.string().optional(),
  /** The JPEG picture, base64; absent when the camera sent none. */
  pictureBase64: z.string().optional(),
});
export type CameraAlarmRequest = z.infer<typeof cameraAlarmRequestSchema>;

/** What a camera learns of its alarm: the message it went to and whether it was merged into an earlier one. */
export const cameraAlarmStoredSchema = z.object({
  messageId: z.string(),
  devId: z.string(),
  type: z.number().int(),
  /** How many alarms the message holds now (storm control merges one device's alarms of one type). */
  count: z.number().int(),
  merged: z.boolean(),
});
export type CameraAlarmStored = z.infer<typeof cameraAlarmStoredSchema>;

/** A signed picture URL's parts as the edge received them (`/push/v1/pictures/{messageId}.jpg?expires&sig`). */
export const pictureRequestSchema = z.object({ messageId: z.string(), expires: z.string(), sig: z.string() });
export const pictureSchema = z.object({ contentBase64: z.string() });

const pushContract = <Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(name: string, request: Req, response: Res): RpcContract<Req, Res> => ({
  subject: `dcp.rpc.push.${name}`,
  owner: 'push',
  request,
  response,
});

/** A merchant's FCM credentials as an operator pastes them: the service-account key file's fields (decisions PS10). */
export const fcmProviderBodySchema = z
  .object({
    projectId: z.string().min(1).max(100),
    clientEmail: z.string().email().max(320),
    privateKey: z.string().min(100).max(8192).describe('PKCS#8 PEM ("-----BEGIN PRIVATE KEY-----"), the key file\'s private_key'),
  })
  .strict();

/** A merchant's APNs token-based credentials: the .p8 key and what names it. */
export const apnsProviderBodySchema = z
  .object({
    teamId: z.string().regex(/^[A-Z0-9]{10}$/, 'is 10 upper-case letters or digits'),
    keyId: z.string().regex(/^[A-Z0-9]{10}$/, 'is 10 upper-case letters or digits'),
    privateKey: z.string().min(100).max(4096).describe('the .p8 file\'s content (PKCS#8 PEM, EC P-256)'),
    bundleId: z.string().regex(/^[A-Za-z0-9.-]{1,200}$/, 'is a bundle id'),
    environment: z.enum(['production', 'sandbox']),
  })
  .strict();

/** The merchant's own push server: pushes are POSTed to it, signed with the merchant's secret (spec 5.1 headers). */
export const webhookProviderBodySchema = z.object({ url: z.string().url().max(1000).refine((u) => /^https?:\/\//.test(u), 'is an http(s) URL') }).strict();

export const PUSH_PROVIDER_BODIES = { fcm: fcmProviderBodySchema, apns: apnsProviderBodySchema, webhook: webhookProviderBodySchema } as const;

/** What operators see of a merchant's provider: never a key. */
export const pushProviderViewSchema = z.object({
  clientId: z.string(),
  provider: z.enum(PUSH_PROVIDERS),
  /** projectId + clientEmail (fcm), teamId + keyId + bundleId + environment (apns), url (webhook). */
  summary: z.record(z.string(), z.string()),
  updatedAt: z.string(),
});
export type PushProviderView = z.infer<typeof pushProviderViewSchema>;

/** Deliveries of one merchant and provider over the last 24 hours, and its breaker (decisions PS11). */
export const pushDeliveryHealthSchema = z.object({
  clientId: z.string(),
  provider: z.enum(PUSH_PROVIDERS),
  sent: z.number().int(),
  pending: z.number().int(),
  invalidTokens: z.number().int(),
  dead: z.number().int(),
  /** closed, open or half-open on the replica that answered. */
  breaker: z.string(),
  lastError: z.string().nullable(),
});

export const pushMerchantViewSchema = z.object({
  clientId: z.string(),
  providers: z.array(pushProviderViewSchema),
  /** Days messages are kept for this merchant's users; null: the platform's default (defaultRetentionDays). */
  retentionDays: z.number().int().nullable(),
  defaultRetentionDays: z.number().int(),
  health: z.array(pushDeliveryHealthSchema),
});

export const pushMerchantSettingsBodySchema = z.object({ retentionDays: z.number().int().min(1).max(3660).nullable() }).strict();

export const PUSH_DELIVERY_STATES = ['pending', 'sent', 'invalid_token', 'cancelled', 'dead'] as const;

export const pushDeliveryViewSchema = z.object({
  deliveryId: z.string(),
  messageId: z.string(),
  clientId: z.string(),
  provider: z.enum(PUSH_PROVIDERS),
  state: z.enum(PUSH_DELIVERY_STATES),
  attempts: z.number().int(),
  /** The endpoint's token, last 8 characters; '' when the endpoint was removed. */
  tokenTail: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type PushDeliveryView = z.infer<typeof pushDeliveryViewSchema>;

/** A device's alarm message as operators see it: with its picture URL and its deliveries. */
export const deviceAlarmViewSchema = z.object({
  messageId: z.string(),
  userId: z.number().int(),
  macAddr: z.string(),
  type: z.number().int(),
  time: z.string(),
  lastTime: z.string(),
  count: z.number().int(),
  read: z.boolean(),
  pictureUrl: z.string(),
  deliveries: z.array(pushDeliveryViewSchema),
});

const clientIdParam = z.string().min(1).max(64);
const providerParam = z.enum(PUSH_PROVIDERS);

const pushAdminContract = <Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(name: string, request: Req, response: Res): RpcContract<Req, Res> => ({
  subject: `dcp.rpc.push.admin.${name}`,
  owner: 'push',
  request,
  response,
});

/** Operators' calls to push-service (admin routes /admin/v1/push/…). */
export const PUSH_ADMIN_RPC = {
  /** A merchant's providers (without keys), retention and delivery health. */
  getMerchant: pushAdminContract('get-merchant', z.object({ clientId: clientIdParam }), pushMerchantViewSchema),
  /** Sets (replaces) a merchant's credentials of one provider; the body is checked against that provider's schema. */
  setProvider: pushAdminContract('set-provider', z.object({ clientId: clientIdParam, provider: providerParam, body: z.unknown() }), pushProviderViewSchema),
  deleteProvider: pushAdminContract('delete-provider', z.object({ clientId: clientIdParam, provider: providerParam }), z.object({ deleted: z.boolean() })),
  setMerchantSettings: pushAdminContract('set-merchant-settings', z.object({ clientId: clientIdParam, body: z.unknown() }), pushMerchantViewSchema),
  /** Delivery health of every merchant with deliveries in the last 24 hours or providers set. */
  listHealth: pushAdminContract('list-health', z.object({}), z.object({ items: z.array(pushDeliveryHealthSchema) })),
  listDeliveries: pushAdminContract(
    'list-deliveries',
    pageRequestSchema.extend({ clientId: z.string().max(64).optional(), state: z.enum(PUSH_DELIVERY_STATES).optional(), messageId: z.string().uuid().optional() }),
    z.object({ items: z.array(pushDeliveryViewSchema), total: z.number().int() }),
  ),
  /** A dead delivery tried again now (pending, attempts from 0), when its endpoint still exists. */
  replayDelivery: pushAdminContract('replay-delivery', z.object({ deliveryId: z.string().uuid() }), pushDeliveryViewSchema),
  /** Replays every dead delivery of a merchant (after its credentials or server were fixed). */
  replayDead: pushAdminContract('replay-dead', z.object({ clientId: clientIdParam }), z.object({ replayed: z.number().int() })),
  /** A device's alarm messages, newest first, with their deliveries (the console's device page). */
  deviceAlarms: pushAdminContract(
    'device-alarms',
    pageRequestSchema.extend({ macAddr: z.string().min(1).max(20) }),
    z.object({ items: z.array(deviceAlarmViewSchema), total: z.number().int() }),
  ),
} as const;

export const PUSH_RPC = {
  /** A camera's alarm (decisions PS1–PS4): checked, merged or stored as a message. */
  cameraAlarm: pushContract('camera.alarm', cameraAlarmRequestSchema, cameraAlarmStoredSchema),
  /** The JPEG of a signed picture URL; refusals carry `extra.httpStatus` 403 (denied) or 404 (gone). */
  picture: pushContract('picture', pictureRequestSchema, pictureSchema),
} as const;
