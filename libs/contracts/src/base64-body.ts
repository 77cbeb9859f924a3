/** Bytes carried by a request-reply message: base64 inside its JSON (storage's segments, push's pictures). */

/**
 * Padded base64 decoded, or undefined when it is not exactly that: Buffer.from skips what is not base64, so a
 * string holding anything else decodes to fewer bytes than its length promises (checked natively: a regex over
 * a 5 MB body cost more than the rest of an upload's parsing).
 */
export function decodeStrictBase64(value: string): Buffer | undefined {
  if (value.length % 4 !== 0) return undefined;
  const padding = value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0;
  const bytes = Buffer.from(value, 'base64');
  return bytes.length === (value.length / 4) * 3 - padding ? bytes : undefined;
}
