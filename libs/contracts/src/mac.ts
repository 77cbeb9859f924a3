/**
 * Device MAC addresses (spec 2.4: the device's unique identifier). Accepted as 12 hexadecimal digits, plain
 * (`AABBCCDDEEFF`) or with ':' or '-' between every pair; any case; surrounding blanks ignored. Every service
 * keys devices by the canonical form, 12 upper-case hex digits without separators (`AABBCCDDEEFF`, what
 * merchants' apps send and look for), which is also what is stored, what results and events carry and what
 * object keys and playback paths contain (docs/decisions.md D1).
 */
const PLAIN = /^[0-9A-Fa-f]{12}$/;
const SEPARATED = /^[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}(\1[0-9A-Fa-f]{2}){4}$/;

/** The canonical form: 12 upper-case hex digits, no separator. */
export const CANONICAL_MAC = /^[0-9A-F]{12}$/;

/** The canonical MAC (`AABBCCDDEEFF`), or undefined when `input` is not a MAC in an accepted form. */
export function normalizeMac(input: string): string | undefined {
  const value = input.trim();
  if (!PLAIN.test(value) && !SEPARATED.test(value)) return undefined;
  return value.replace(/[:-]/g, '').toUpperCase();
}

/**
 * The colon spelling `AA:BB:CC:DD:EE:FF` of a MAC in any accepted form (undefined when it is none): the
 * platform's canonical form before D1 changed. Only for values fixed under the old form that must stay
 * stable: the staged-rollout bucket (F9) and the additional data of device passwords encrypted before the
 * change (D4). Never stored, compared or returned.
 */
export function colonMac(input: string): string | undefined {
  return normalizeMac(input)?.match(/../g)!.join(':');
}
