/**
 * MD5 helpers for the cloud-storage sessionToken (spec 4.5) and the force-unbind sign (spec 4.4). The spec
 * leaves the output encoding open: the platform produces lower-case hex and accepts either case.
 */
import { createHash } from 'node:crypto';
import { hexEquals } from './signing';

export function md5Hex(text: string, letterCase: 'lower' | 'upper' = 'lower'): string {
  const hex = createHash('md5').update(text, 'utf8').digest('hex');
  return letterCase === 'upper' ? hex.toUpperCase() : hex;
}

/** Case-insensitive, constant-time comparison of an expected MD5 hex with a received one. */
export function verifyMd5Hex(expected: string, actual: string): boolean {
  return /^[0-9a-f]{32}$/i.test(actual) && hexEquals(expected, actual);
}

/** sessionToken = MD5(subtoken + timestamp). */
export function sessionToken(subtoken: string, timestamp: string): string {
  return md5Hex(`${subtoken}${timestamp}`);
}

/** Force-unbind sign = MD5(mac + timeStamp + delKey). */
export function unbindSign(mac: string, timeStamp: string, delKey: string): string {
  return md5Hex(`${mac}${timeStamp}${delKey}`);
}
