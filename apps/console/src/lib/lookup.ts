/**
 * The look-up box takes what an operator has at hand: a MAC in any spelling apps and labels use, an openId, or
 * a merchant's own user id (uuid). A MAC opens the device; anything else is an openId unless the operator
 * says it is a merchant uuid. The API itself accepts every MAC spelling (GET /admin/v1/devices/{mac}); the
 * console only decides which page to open and shows the MAC in the platform's canonical form.
 */
const PLAIN = /^[0-9A-Fa-f]{12}$/;
const SEPARATED = /^[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}(\1[0-9A-Fa-f]{2}){4}$/;

/** 12 upper-case hex digits without separators (what the platform stores), or undefined for a non-MAC. */
export function canonicalMac(input: string): string | undefined {
  const value = input.trim();
  if (!PLAIN.test(value) && !SEPARATED.test(value)) return undefined;
  return value.replace(/[:-]/g, '').toUpperCase();
}

export type LookupTarget =
  | { readonly kind: 'device'; readonly mac: string }
  | { readonly kind: 'user'; readonly openId: string }
  | { readonly kind: 'uuid'; readonly uuid: string }
  | { readonly kind: 'empty' };

export function lookupTarget(input: string, asMerchantUuid = false): LookupTarget {
  const value = input.trim();
  if (!value) return { kind: 'empty' };
  if (asMerchantUuid) return { kind: 'uuid', uuid: value };
  const mac = canonicalMac(value);
  return mac ? { kind: 'device', mac } : { kind: 'user', openId: value };
}

/** The console path that shows a look-up target. */
export function lookupPath(target: LookupTarget): string {
  switch (target.kind) {
    case 'device':
      return `/lookup/devices/${target.mac}`;
    case 'user':
      return `/lookup/users/${encodeURIComponent(target.openId)}`;
    case 'uuid':
      return `/lookup/users?uuid=${encodeURIComponent(target.uuid)}`;
    case 'empty':
      return '/lookup';
  }
}

/**
 * How the console shows every MAC, whatever form it came in: `AA:BB:CC:DD:EE:FF`, easier to read against a
 * device label (addresses and API calls keep the platform's 12-hex form; search boxes take any spelling).
 * Anything that is not a MAC is shown as given.
 */
export const readableMac = (mac: string): string => canonicalMac(mac)?.match(/../g)?.join(':') ?? mac;
