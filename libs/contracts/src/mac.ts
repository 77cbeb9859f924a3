/**
 * Device MAC addresses (spec 2.4: the device's unique identifier). Accepted as 12 hexadecimal digits, plain
 * (`AABBCCDDEEFF`) or with ':' or '-' between every pair; any case. Every service keys devices by the
 * canonical form, upper-case and colon-separated (`AA:BB:CC:DD:EE:FF`), which is also what results and
 * events carry (docs/decisions.md, devices).
 */
const PLAIN = /^[0-9A-Fa-f]{12}$/;
const SEPARATED = /^[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}(\1[0-9A-Fa-f]{2}){4}$/;

/** The canonical MAC, or undefined when `input` is not a MAC in an accepted form. */
export function normalizeMac(input: string): string | undefined {
  const value = input.trim();
  if (!PLAIN.test(value) && !SEPARATED.test(value)) return undefined;
  const hex = value.replace(/[:-]/g, '').toUpperCase();
  return hex.match(/../g)!.join(':');
}
