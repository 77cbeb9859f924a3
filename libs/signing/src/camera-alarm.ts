/**
 * The alarm protocol's signature (docs/decisions.md PS1, PS3): what a camera signs with the push `tag` its app
 * gave it (center.getServerInfo), and what push-service checks against the tag of the device's current owner.
 * The tag never travels: a captured alarm proves only itself — its MAC, type, time and picture are signed, and
 * its timestamp expires it after CAMERA_CLOCK_SKEW_SECONDS.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { bodyDigest } from './camera-upload';

/** First line of every string to sign. */
export const ALARM_SIGNATURE_LABEL = 'DCP-ALARM-V1';
/** Where a camera posts its alarms, under `sendMsgUrl`'s host. */
export const ALARM_PATH = '/push/v1/alarms';

export interface AlarmSignInput {
  /** Exactly as sent in the query string. */
  mac: string;
  type: string;
  /** The camera's time of the alarm, epoch seconds as sent. */
  time: string;
  timestamp: string;
  /** The JPEG picture; empty or absent when none is sent. */
  picture?: Uint8Array;
}

/** Eight lines joined by "\n": label, method, path, mac, type, time, timestamp, hex SHA-256 of the picture. */
export function alarmStringToSign(input: AlarmSignInput): string {
  return [ALARM_SIGNATURE_LABEL, 'POST', ALARM_PATH, input.mac, input.type, input.time, input.timestamp, bodyDigest(input.picture)].join('\n');
}

/** Lower-case 64-hex HMAC-SHA256 of the string to sign, keyed with the tag's UTF-8 bytes. */
export function signAlarm(tag: string, input: AlarmSignInput): string {
  return createHmac('sha256', Buffer.from(tag, 'utf8')).update(alarmStringToSign(input), 'utf8').digest('hex');
}

/** Whether `signature` (64 hex digits, either case) is the tag's signature of the text, in constant time. */
export function alarmSignatureMatches(tag: string, text: string, signature: string): boolean {
  if (!/^[0-9a-fA-F]{64}$/.test(signature)) return false;
  const expected = createHmac('sha256', Buffer.from(tag, 'utf8')).update(text, 'utf8').digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
