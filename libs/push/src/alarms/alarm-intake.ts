/**
 * One statement per alarm (decisions PS4), a hot statement (PF4): the device's and the user's posts of the
 * current minute counted (each a conditional upsert; the user's only counted once the device's passed), then —
 * when both are within their bounds — the alarm merged into the device's latest message of its type if that
 * one's last alarm came within the cooldown (count + 1, unread again), else stored as a new message with its
 * picture (never into a message of a pending purge: it is gone, decisions PS6). Two alarms of one device and
 * type at the same instant may both start a message: merging is storm control, not deduplication.
 *
 * The accepted alarm is announced as alarm.received through the outbox, in the same statement (OB3). A new
 * message (not a merged one: the phone already shows the storm) gets one pending delivery per endpoint of the
 * owner that covers the device, unless the owner's most specific switch turned it off (decisions PS9, PS11) —
 * still in the same statement, so an accepted alarm's pushes cannot be lost.
 *
 * $1 MAC, $2 owner, $3 type, $4 minute, $5 posts a device a minute, $6 posts a user a minute, $7 the camera's
 * time, $8 now, $9 the cooldown's start, $10 new message id, $11 picture bytes, $12 picture (bytea or null),
 * $13 the alarm.received head, $14 the camera's time in epoch seconds, $15 the owner's merchant.
 */
import { Inject, Injectable } from '@nestjs/common';
import { hotStatement } from '@dcp/database';
import { SERVICE_EVENTS, type ServiceEvents, eventHeadJson, outboxEventsCte, serviceDatabaseToken } from '@dcp/runtime';
import { purgePending } from '../messages/hidden-messages';
import type { PushDatabase } from '../push-database.types';

export interface IntakeRow {
  deviceOk: boolean;
  userOk: boolean;
  messageId: string | null;
  count: number | null;
  merged: boolean;
  /** Deliveries written for the new message. */
  deliveries: number;
}

const ALARM_INTAKE = hotStatement<IntakeRow>(
  'push.alarm-intake',
  `WITH device_rate AS (
     INSERT INTO "push"."alarm_rate" AS r (key, minute, posts) VALUES ('d:' || $1, $4::bigint, 1)
     ON CONFLICT (key) DO UPDATE SET minute = EXCLUDED.minute, posts = CASE WHEN r.minute = EXCLUDED.minute THEN r.posts + 1 ELSE 1 END
     WHERE r.minute <> EXCLUDED.minute OR r.posts < $5::int
     RETURNING 1
   ), user_rate AS (
     INSERT INTO "push"."alarm_rate" AS r (key, minute, posts) SELECT 'u:' || $2::int, $4::bigint, 1 FROM device_rate
     ON CONFLICT (key) DO UPDATE SET minute = EXCLUDED.minute, posts = CASE WHEN r.minute = EXCLUDED.minute THEN r.posts + 1 ELSE 1 END
     WHERE r.minute <> EXCLUDED.minute OR r.posts < $6::int
     RETURNING 1
   ), latest AS (
     SELECT m.id FROM "push"."alarm_message" AS m
     WHERE m.mac_addr = $1 AND m.user_id = $2::int AND m.type = $3::int AND m.updated_at >= $9::timestamptz AND NOT ${purgePending('m')}
     ORDER BY m.updated_at DESC LIMIT 1
   ), merged AS (
     UPDATE "push"."alarm_message" AS m SET count = m.count + 1, last_at = GREATEST(m.last_at, $7::timestamptz), updated_at = $8::timestamptz, read_at = NULL
     FROM latest WHERE m.id = latest.id AND EXISTS (SELECT 1 FROM user_rate)
     RETURNING m.id::text AS id, m.count, m.picture_bytes
   ), inserted AS (
     INSERT INTO "push"."alarm_message" (id, user_id, client_id, mac_addr, type, first_at, last_at, count, received_at, updated_at, picture_bytes)
     SELECT $10::uuid, $2::int, $15::text, $1, $3::int, $7::timestamptz, $7::timestamptz, 1, $8::timestamptz, $8::timestamptz, $11::int
     FROM user_rate WHERE NOT EXISTS (SELECT 1 FROM latest)
     RETURNING id::text AS id, count
   ), picture AS (
     INSERT INTO "push"."alarm_picture" (message_id, jpeg) SELECT id::uuid, $12::bytea FROM inserted WHERE $12::bytea IS NOT NULL
     RETURNING 1
   ), deliveries AS (
     INSERT INTO "push"."push_delivery" (id, message_id, endpoint_id, client_id, provider, state, attempts, next_attempt_at, created_at, updated_at)
     SELECT gen_random_uuid(), i.id::uuid, e.id, e.client_id, e.provider, 'pending', 0, $8::timestamptz, $8::timestamptz, $8::timestamptz
     FROM inserted AS i JOIN "push"."push_endpoint" AS e ON e.user_id = $2::int AND (COALESCE(cardinality(e.mac_addrs), 0) = 0 OR $1::varchar = ANY (e.mac_addrs))
     WHERE COALESCE((
       SELECT s.enabled FROM "push"."push_switch" AS s
       WHERE s.user_id = $2::int AND s.mac_addr IN ($1, '') AND s.type IN ($3::int, -1)
       ORDER BY (s.mac_addr <> '') DESC, (s.type <> -1) DESC LIMIT 1
     ), true)
     RETURNING 1
   ), accepted AS (
     SELECT m.id, m.count, true AS merged, m.picture_bytes > 0 AS has_picture FROM merged AS m
     UNION ALL SELECT i.id, i.count, false, $11::int > 0 FROM inserted AS i
   ), events AS (${outboxEventsCte('push', 'alarmReceived', {
     head: '$13',
     from: 'accepted AS a',
     data: `jsonb_build_object('messageId', a.id, 'userId', $2::int, 'macAddr', $1::text, 'type', $3::int, 'time', $14::bigint, 'count', a.count, 'merged', a.merged, 'hasPicture', a.has_picture)`,
     order: 'a.id',
   })})
   SELECT EXISTS (SELECT 1 FROM device_rate) AS "deviceOk", EXISTS (SELECT 1 FROM user_rate) AS "userOk",
     COALESCE((SELECT id FROM merged), (SELECT id FROM inserted)) AS "messageId",
     COALESCE((SELECT count FROM merged), (SELECT count FROM inserted)) AS count,
     EXISTS (SELECT 1 FROM merged) AS merged, (SELECT count(*)::int FROM deliveries) AS deliveries`,
);

export interface AlarmToTake {
  macAddr: string;
  userId: number;
  /** The owner's merchant. */
  clientId: string;
  type: number;
  minute: number;
  perDevicePerMinute: number;
  perUserPerMinute: number;
  /** Epoch ms. */
  cameraTime: number;
  nowMs: number;
  cooldownStartMs: number;
  newMessageId: string;
  picture: Buffer | undefined;
}

@Injectable()
export class AlarmIntake {
  constructor(
    @Inject(serviceDatabaseToken('push')) private readonly db: PushDatabase,
    @Inject(SERVICE_EVENTS) private readonly events: Pick<ServiceEvents<never>, 'poke'>,
  ) {}

  async take(a: AlarmToTake): Promise<IntakeRow | undefined> {
    const [row] = await this.db.run(ALARM_INTAKE, [
      a.macAddr,
      a.userId,
      a.type,
      a.minute,
      a.perDevicePerMinute,
      a.perUserPerMinute,
      new Date(a.cameraTime),
      new Date(a.nowMs),
      new Date(a.cooldownStartMs),
      a.newMessageId,
      a.picture?.length ?? 0,
      a.picture ?? null,
      eventHeadJson('alarmReceived'),
      Math.floor(a.cameraTime / 1000),
      a.clientId,
    ]);
    // The alarm.received row is committed: the relay publishes it now rather than at its next poll.
    if (row?.messageId) this.events.poke();
    return row;
  }
}
