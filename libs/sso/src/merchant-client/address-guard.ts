/**
 * SSRF guard for calls to merchant endpoints: a merchant-supplied URL must not reach the platform's own
 * network. Every address a host resolves to is checked (not just the first), and the connection is made to
 * the address that was checked, so a DNS answer cannot change between the check and the connect.
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
];

const lists = RANGES.map(([category, network, prefix, family]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, family);
  return { category, list, family };
});

/** IPv4 embedded in an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) IPv6 address. */
function embeddedIpv4(address: string): string | undefined {
  const m = /^(?:::ffff:|64:ff9b::)(?:0:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (m) return m[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return undefined;
  const hi = parseInt(hex[1], 16);
  const lo = parseInt(hex[2], 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** Why an address may not be called (its category), or undefined when it is a public address. */
export function blockedCategory(address: string): string | undefined {
  const version = isIP(address);
  if (version === 0) return 'not an IP address';
  if (version === 6) {
    const v4 = embeddedIpv4(address);
    if (v4) return blockedCategory(v4);
  }
  const family = version === 4 ? 'ipv4' : 'ipv6';
  return lists.find((l) => l.family === family && l.list.check(address, family))?.category;
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

/**
 * A `lookup` for http(s).request that resolves every address of the host and refuses the connection when any
 * of them is blocked (a host that resolves to both a public and a private address is refused too).
 */
export function guardedLookup(hostname: string, options: { all?: boolean; family?: number | string }, callback: LookupCallback): void {
  dnsLookup(hostname, { all: true, family: typeof options.family === 'number' ? options.family : 0 }, (err, addresses) => {
    if (err) return callback(err, []);
    const blocked = addresses.find((a) => blockedCategory(a.address));
    if (blocked) return callback(new AddressNotAllowedError(blocked.address, blockedCategory(blocked.address) as string), []);
    if (addresses.length === 0) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
}
