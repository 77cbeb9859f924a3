import { z } from 'zod';
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
} as const;

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

export const PUSH_RPC = {
  /** A camera's alarm (decisions PS1–PS4): checked, merged or stored as a message. */
  cameraAlarm: pushContract('camera.alarm', cameraAlarmRequestSchema, cameraAlarmStoredSchema),
  /** The JPEG of a signed picture URL; refusals carry `extra.httpStatus` 403 (denied) or 404 (gone). */
  picture: pushContract('picture', pictureRequestSchema, pictureSchema),
} as const;
