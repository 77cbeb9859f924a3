import fc from 'fast-check';
import type { LookupAddress } from 'node:dns';
import { AddressNotAllowedError, blockedCategory, embeddedIpv4, guardLookup, ipv6Bytes } from './address-guard';
import { OutboundHttp, UnreachableError } from './outbound-http';

/** IPv6 forms that carry an IPv4 address, or lead to one (decisions C4, AB7). */
describe('SSRF guard: IPv6 forms carrying an IPv4 address', () => {
  it.each([
    ['::127.0.0.1', 'loopback', 'IPv4-compatible, dotted'],
    ['::7f00:1', 'loopback', 'IPv4-compatible, hex'],
    ['::a9fe:a9fe', 'link-local (cloud metadata)', 'IPv4-compatible metadata address'],
    ['::ffff:7f00:1', 'loopback', 'IPv4-mapped, hex'],
    ['0:0:0:0:0:FFFF:7F00:0001', 'loopback', 'IPv4-mapped, written out in capitals'],
    ['::ffff:0:127.0.0.1', 'loopback', 'SIIT, dotted'],
    ['::ffff:0:a00:1', 'private network', 'SIIT, hex'],
    ['64:ff9b::10.0.0.1', 'private network', 'NAT64, dotted'],
    ['64:ff9b::a9fe:a9fe', 'link-local (cloud metadata)', 'NAT64, hex'],
    ['64:ff9b:1::8.8.8.8', 'local-use NAT64', 'local-use NAT64, even with a public address'],
    ['64:ff9b:1:abcd::1', 'local-use NAT64', 'local-use NAT64'],
    ['2002:7f00:1::', 'loopback', '6to4 of loopback'],
    ['2002:c0a8:101::1', 'private network', '6to4 of 192.168.1.1'],
    ['2002:808:808::1', '6to4 (deprecated)', '6to4 of a public address'],
    ['::8.8.8.8', 'IPv4-compatible IPv6 (deprecated)', 'IPv4-compatible of a public address'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo', 'Teredo'],
    ['fe80::1%eth0', 'link-local', 'a scoped link-local address'],
  ])('refuses %s (%s): %s', (address, category) => {
    expect(blockedCategory(address)).toBe(category);
  });

  it.each(['::ffff:8.8.8.8', '::ffff:0:8.8.8.8', '64:ff9b::808:808', '2606:4700:4700::1111', '2a00:1450:4001:81b::200e'])('allows %s, which reaches a public address', (address) => {
    expect(blockedCategory(address)).toBeUndefined();
  });

  it('keeps :: and ::1 what they are', () => {
    expect(blockedCategory('::')).toBe('unspecified');
    expect(blockedCategory('::1')).toBe('loopback');
    expect(embeddedIpv4('::1')).toBeUndefined();
  });

  it('reads every spelling of an address to the same 16 bytes', () => {
    expect(Array.from(ipv6Bytes('::ffff:127.0.0.1'))).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 127, 0, 0, 1]);
    expect(ipv6Bytes('0000:0000:0000:0000:0000:ffff:7f00:0001')).toEqual(ipv6Bytes('::FFFF:7F00:1'));
    expect(ipv6Bytes('2002:7f00:1::')).toEqual(ipv6Bytes('2002:7f00:0001:0:0:0:0:0'));
  });
});

/** An IPv4 address in each blocked range, with its category. */
const blockedIpv4 = fc.oneof(
  fc.tuple(fc.constant(127), fc.nat(255), fc.nat(255), fc.nat(255)).map((b) => ({ b, category: 'loopback' })),
  fc.tuple(fc.constant(10), fc.nat(255), fc.nat(255), fc.nat(255)).map((b) => ({ b, category: 'private network' })),
  fc.tuple(fc.constant(192), fc.constant(168), fc.nat(255), fc.nat(255)).map((b) => ({ b, category: 'private network' })),
  fc.tuple(fc.constant(169), fc.constant(254), fc.nat(255), fc.nat(255)).map((b) => ({ b, category: 'link-local (cloud metadata)' })),
  fc.tuple(fc.constant(100), fc.integer({ min: 64, max: 127 }), fc.nat(255), fc.nat(255)).map((b) => ({ b, category: 'carrier-grade NAT' })),
);

/** The prefixes (as 16-bit groups) that carry an IPv4 address in their last 32 bits, or at bits 16–47 (6to4). */
const carriers = fc.constantFrom(
  { name: 'IPv4-mapped', groups: (v4: number[]) => [0, 0, 0, 0, 0, 0xffff, (v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]] },
  { name: 'SIIT', groups: (v4: number[]) => [0, 0, 0, 0, 0xffff, 0, (v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]] },
  { name: 'IPv4-compatible', groups: (v4: number[]) => [0, 0, 0, 0, 0, 0, (v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]] },
  { name: 'NAT64', groups: (v4: number[]) => [0x64, 0xff9b, 0, 0, 0, 0, (v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]] },
  { name: '6to4', groups: (v4: number[]) => [0x2002, (v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3], 0, 0, 0, 0, 1] },
);

/** One of the many ways to write eight groups: letter case, leading zeros, a compressed zero run, a dotted tail. */
function spell(groups: number[], style: { upper: boolean; pad: boolean; compress: boolean; dotted: boolean }): string {
  const hex = (g: number) => {
    const text = style.pad ? g.toString(16).padStart(4, '0') : g.toString(16);
    return style.upper ? text.toUpperCase() : text;
  };
  const dotted = style.dotted && groups[0] !== 0x2002;
  const head = dotted ? groups.slice(0, 6).map(hex) : groups.map(hex);
  const tail = dotted ? [`${groups[6] >> 8}.${groups[6] & 255}.${groups[7] >> 8}.${groups[7] & 255}`] : [];
  if (style.compress) {
    // Compress the longest run of zero groups (at least two), as the shortest spelling does.
    let best = { at: -1, length: 1 };
    for (let i = 0; i < head.length; i++) {
      let j = i;
      while (j < head.length && groups[j] === 0) j++;
      if (j - i > best.length) best = { at: i, length: j - i };
    }
    if (best.at >= 0) {
      const before = head.slice(0, best.at).join(':');
      const after = [...head.slice(best.at + best.length), ...tail].join(':');
      return `${before}::${after}`;
    }
  }
  return [...head, ...tail].join(':');
}

describe('SSRF guard: every spelling of the carrying forms (property)', () => {
  const style = fc.record({ upper: fc.boolean(), pad: fc.boolean(), compress: fc.boolean(), dotted: fc.boolean() });

  it('refuses a blocked IPv4 address in any carrying form and spelling, naming its category', () => {
    fc.assert(
      fc.property(blockedIpv4, carriers, style, ({ b, category }, carrier, how) => {
        const address = spell(carrier.groups(b), how);
        expect(blockedCategory(address)).toBe(category);
      }),
      { numRuns: 500 },
    );
  });

  it('parses every spelling to the bytes it stands for', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(0xffff), { minLength: 8, maxLength: 8 }), style, (groups, how) => {
        const bytes = Array.from(ipv6Bytes(spell(groups, { ...how, dotted: false })));
        expect(bytes).toEqual(groups.flatMap((g) => [g >> 8, g & 255]));
      }),
      { numRuns: 500 },
    );
  });
});

describe('SSRF guard: DNS answers in the carrying forms', () => {
  const lookupWith = (answers: LookupAddress[]) => {
    const lookup = guardLookup((_host, _family, callback) => callback(null, answers));
    return new Promise<{ err: Error | null; address: unknown }>((resolve) => lookup('merchant.example', { all: true }, (err, address) => resolve({ err, address })));
  };

  it.each([
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:0:a00:1', 'private network'],
    ['::7f00:1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'link-local (cloud metadata)'],
    ['64:ff9b:1::1', 'local-use NAT64'],
    ['2002:a00:1::1', 'private network'],
  ])('refuses a name that resolves to %s (%s), even beside a public address', async (address, category) => {
    const { err } = await lookupWith([
      { address: '2606:4700:4700::1111', family: 6 },
      { address, family: 6 },
    ]);
    expect(err).toBeInstanceOf(AddressNotAllowedError);
    expect(err?.message).toBe(`merchant address ${address} is not allowed (${category})`);
  });

  it('passes a name whose addresses are all public', async () => {
    const answers = [
      { address: '64:ff9b::808:808', family: 6 },
      { address: '8.8.8.8', family: 4 },
    ];
    expect(await lookupWith(answers)).toEqual({ err: null, address: answers });
  });
});

describe('SSRF guard: literal hosts in merchant URLs', () => {
  it.each([
    ['http://[::127.0.0.1]:1/', '::7f00:1', 'loopback'],
    ['http://[::ffff:127.0.0.1]:1/', '::ffff:7f00:1', 'loopback'],
    ['http://[::ffff:0:127.0.0.1]:1/', '::ffff:0:7f00:1', 'loopback'],
    ['http://[64:ff9b::169.254.169.254]/', '64:ff9b::a9fe:a9fe', 'link-local (cloud metadata)'],
    ['http://[2002:a9fe:a9fe::]/', '2002:a9fe:a9fe::', 'link-local (cloud metadata)'],
  ])('refuses %s without connecting', async (url, address, category) => {
    const http = new OutboundHttp({ timeoutMs: 1000, maxResponseBytes: 1024, allowPrivateNetworks: false });
    try {
      await expect(http.get(new URL(url), {})).rejects.toThrow(new UnreachableError(`merchant address ${address} is not allowed (${category})`));
    } finally {
      http.close();
    }
  });
});
