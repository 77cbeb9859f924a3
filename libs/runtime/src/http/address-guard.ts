/**
 * SSRF guard for calls to merchant endpoints (sso-service's token and profile calls, push-service's webhook):
 * a merchant-supplied URL must not reach the platform's own network. Every address a host resolves to is checked (not just the first), and the connection is made to
 * the address that was checked, so a DNS answer cannot change between the check and the connect. An IPv6
 * address that carries an IPv4 address (mapped, SIIT, IPv4-compatible, NAT64, 6to4 — in any spelling) is
 * judged by the IPv4 address it carries (decisions C4, AB7).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

const RANGES: [category: string, network: string, prefix: number, family: 'ipv4' | 'ipv6'][] = [
  ['unspecified', '0.0.0.0', 8, 'ipv4'],
  ['private network', '10.0.0.0', 8, 'ipv4'],
  ['carrier-grade NAT', '100.64.0.0', 10, 'ipv4'],
  ['loopback', '127.0.0.0', 8, 'ipv4'],
  ['link-local (cloud metadata)', '169.254.0.0', 16, 'ipv4'],
  ['private network', '172.16.0.0', 12, 'ipv4'],
  ['IETF protocol assignments', '192.0.0.0', 24, 'ipv4'],
  ['private network', '192.168.0.0', 16, 'ipv4'],
  ['benchmarking', '198.18.0.0', 15, 'ipv4'],
  ['multicast', '224.0.0.0', 4, 'ipv4'],
  ['reserved', '240.0.0.0', 4, 'ipv4'],
  ['unspecified', '::', 128, 'ipv6'],
  ['loopback', '::1', 128, 'ipv6'],
  ['unique local (private network)', 'fc00::', 7, 'ipv6'],
  ['link-local', 'fe80::', 10, 'ipv6'],
  ['multicast', 'ff00::', 8, 'ipv6'],
  // Transition forms no merchant needs, each able to lead to an address the checks above refuse.
  ['IPv4-compatible IPv6 (deprecated)', '::', 96, 'ipv6'],
  ['local-use NAT64', '64:ff9b:1::', 48, 'ipv6'],
  ['6to4 (deprecated)', '2002::', 16, 'ipv6'],
  ['Teredo', '2001::', 32, 'ipv6'],
];

const lists = RANGES.map(([category, network, prefix, family]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, family);
  return { category, list, family };
});

/** The 16 bytes of a valid IPv6 address in any spelling (zero compression, a dotted IPv4 tail, a zone). */
export function ipv6Bytes(address: string): Uint8Array {
  let text = address.split('%')[0].toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const groupsOf = (part: string | undefined) => (part ? part.split(':') : []);
  const groups = tail === undefined ? groupsOf(head) : [...groupsOf(head), ...Array<string>(8 - groupsOf(head).length - groupsOf(tail).length).fill('0'), ...groupsOf(tail)];
  const bytes = new Uint8Array(16);
  groups.forEach((group, i) => {
    const value = parseInt(group, 16);
    bytes[2 * i] = value >> 8;
    bytes[2 * i + 1] = value & 255;
  });
  return bytes;
}

const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((b, i) => bytes[i] === b);
const ipv4At = (bytes: Uint8Array, at: number) => Array.from(bytes.slice(at, at + 4)).join('.');
const ZEROS_80 = Array<number>(10).fill(0);

/**
 * The IPv4 address an IPv6 address carries: IPv4-mapped ::ffff:0:0/96, SIIT ::ffff:0:0:0/96, IPv4-compatible
 * ::/96 (but not :: and ::1), NAT64 64:ff9b::/96, 6to4 2002::/16.
 */
export function embeddedIpv4(address: string): string | undefined {
  const bytes = ipv6Bytes(address);
  if (startsWith(bytes, [...ZEROS_80, 0xff, 0xff])) return ipv4At(bytes, 12);
  if (startsWith(bytes, [0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0])) return ipv4At(bytes, 12);
  if (startsWith(bytes, [...ZEROS_80, 0, 0]) && bytes.slice(12).some((b, i) => (i < 3 ? b !== 0 : b > 1))) return ipv4At(bytes, 12);
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b, ...ZEROS_80.slice(0, 8)])) return ipv4At(bytes, 12);
  if (startsWith(bytes, [0x20, 0x02])) return ipv4At(bytes, 2);
  return undefined;
}

/** Why an address may not be called (its category), or undefined when it is a public address. */
export function blockedCategory(address: string): string | undefined {
  const version = isIP(address);
  if (version === 0) return 'not an IP address';
  if (version === 6) {
    const v4 = embeddedIpv4(address);
    const carried = v4 === undefined ? undefined : blockedCategory(v4);
    if (carried) return carried;
  }
  const family = version === 4 ? 'ipv4' : 'ipv6';
  // BlockList is given the address in its canonical spelling, so a spelling cannot slip past a range.
  const canonical = version === 4 ? address : canonicalIpv6(address);
  return lists.find((l) => l.family === family && l.list.check(canonical, family))?.category;
}

function canonicalIpv6(address: string): string {
  const bytes = ipv6Bytes(address);
  return Array.from({ length: 8 }, (_, i) => ((bytes[2 * i] << 8) | bytes[2 * i + 1]).toString(16)).join(':');
}

export class AddressNotAllowedError extends Error {
  constructor(
    readonly address: string,
    readonly category: string,
  ) {
    super(`merchant address ${address} is not allowed (${category})`);
    this.name = 'AddressNotAllowedError';
  }
}

export function assertAddressAllowed(address: string): void {
  const category = blockedCategory(address);
  if (category) throw new AddressNotAllowedError(address, category);
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** How the guard resolves a name: every address (dns.lookup with `all: true`; a spec passes its own answers). */
export type ResolveAll = (hostname: string, family: number, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

const resolveWithDns: ResolveAll = (hostname, family, callback) => dnsLookup(hostname, { all: true, family }, callback);

/**
 * A `lookup` for http(s).request that resolves every address of the host and refuses the connection when any
 * of them is blocked (a host that resolves to both a public and a private address is refused too).
 */
export function guardLookup(resolveAll: ResolveAll) {
  return (hostname: string, options: { all?: boolean; family?: number | string }, callback: LookupCallback): void => {
    resolveAll(hostname, typeof options.family === 'number' ? options.family : 0, (err, addresses) => {
      if (err) return callback(err, []);
      const blocked = addresses.find((a) => blockedCategory(a.address));
      if (blocked) return callback(new AddressNotAllowedError(blocked.address, blockedCategory(blocked.address) as string), []);
      if (addresses.length === 0) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

export const guardedLookup = guardLookup(resolveWithDns);
