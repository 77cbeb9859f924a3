/**
 * A camera's alarm as posted (decisions PS1, PS2): the query values checked, each refusal a CAMERA_* code
 * naming the parameter, before anything is asked of another service. The string to sign is built from the
 * values exactly as sent; the MAC is compared canonical.
 */
import { type CameraAlarmRequest, ErrorCode, PUSH_LIMITS, PlatformError, decodeStrictBase64, normalizeMac } from '@dcp/contracts';
import { CAMERA_CLOCK_SKEW_SECONDS, alarmStringToSign } from '@dcp/signing';

export interface AlarmPost {
  macAddr: string;
  type: number;
  /** The camera's time of the alarm (epoch seconds). */
  time: number;
  signature: string;
  stringToSign: string;
  picture: Buffer | undefined;
}

export const alarmRefusal = (code: ErrorCode, message: string, extra?: Record<string, unknown>) => new PlatformError(code, message, extra);
const invalid = (name: string, reason: string) => alarmRefusal(ErrorCode.CAMERA_PARAMETER_INVALID, `invalid parameter ${name}: ${reason}`);

function required(req: CameraAlarmRequest, name: 'mac' | 'type' | 'time' | 'timestamp' | 'signature'): string {
  const value = req[name];
  if (value === undefined || value === '') throw invalid(name, 'required');
  return value;
}

/** Order: mac → type → time → timestamp (CR0402) → signature → picture (CR0413, CR0416). */
export function parseAlarmPost(req: CameraAlarmRequest, nowMs: number): AlarmPost {
  const mac = required(req, 'mac');
  const macAddr = normalizeMac(mac);
  if (!macAddr) throw invalid('mac', 'not a MAC address (12 hex digits, optionally separated by ":" or "-")');
  const typeText = required(req, 'type');
  if (!/^\d{1,5}$/.test(typeText) || Number(typeText) > PUSH_LIMITS.maxAlarmType) throw invalid('type', `must be an integer from 0 to ${PUSH_LIMITS.maxAlarmType}`);
  const timeText = required(req, 'time');
  if (!/^\d{1,11}$/.test(timeText)) throw invalid('time', 'must be epoch seconds (an integer)');
  const nowS = Math.floor(nowMs / 1000);
  const time = Number(timeText);
  if (time > nowS + CAMERA_CLOCK_SKEW_SECONDS) throw invalid('time', `is after server time ${nowS}`);
  if (time < nowS - PUSH_LIMITS.maxAlarmAgeSeconds) throw invalid('time', `is more than ${PUSH_LIMITS.maxAlarmAgeSeconds} s before server time ${nowS}: too old to notify`);
  const timestampText = required(req, 'timestamp');
  if (!/^\d{1,11}$/.test(timestampText)) throw invalid('timestamp', 'must be epoch seconds (an integer)');
  if (Math.abs(Number(timestampText) - nowS) > CAMERA_CLOCK_SKEW_SECONDS) {
    throw alarmRefusal(ErrorCode.CAMERA_CLOCK_SKEW, `timestamp ${timestampText} is more than ${CAMERA_CLOCK_SKEW_SECONDS} s from server time ${nowS}: set the clock from serverTime and sign again`);
  }
  const signature = required(req, 'signature');
  if (!/^[0-9a-fA-F]{64}$/.test(signature)) throw invalid('signature', 'must be 64 hex digits (HMAC-SHA256)');
  const picture = pictureOf(req.pictureBase64);
  const stringToSign = alarmStringToSign({ mac, type: typeText, time: timeText, timestamp: timestampText, picture });
  return { macAddr, type: Number(typeText), time, signature: signature.toLowerCase(), stringToSign, picture };
}

function pictureOf(base64: string | undefined): Buffer | undefined {
  if (base64 === undefined || base64 === '') return undefined;
  const bytes = decodeStrictBase64(base64);
  if (!bytes) throw invalid('body', 'not forwarded as base64');
  if (bytes.length > PUSH_LIMITS.maxPictureBytes) throw alarmRefusal(ErrorCode.CAMERA_SEGMENT_TOO_LARGE, `the picture is ${bytes.length} bytes, more than the limit of ${PUSH_LIMITS.maxPictureBytes}`);
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) throw alarmRefusal(ErrorCode.CAMERA_PICTURE_NOT_JPEG, 'the picture is not a JPEG image (it must start with FF D8 FF)');
  return bytes;
}
