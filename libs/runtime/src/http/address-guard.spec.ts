import { AddressNotAllowedError, blockedCategory, guardedLookup } from './address-guard';

describe('SSRF guard: blockedCategory', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.1.2.3', 'private network'],
    ['172.16.0.1', 'private network'],
    ['172.31.255.255', 'private network'],
    ['192.168.1.1', 'private network'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.100.100.200', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fc00::1', 'unique local (private network)'],
    ['fd00:ec2::254', 'unique local (private network)'],
    ['fe80::1', 'link-local'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local (cloud metadata)'],
    ['224.0.0.1', 'multicast'],
  ])('refuses %s (%s)', (address, category) => {
    expect(blockedCategory(address)).toBe(category);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '172.15.255.255', '100.128.0.1', '192.169.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows the public address %s', (address) => {
    expect(blockedCategory(address)).toBeUndefined();
  });

  it('refuses what is not an IP address', () => {
    expect(blockedCategory('example.com')).toBe('not an IP address');
  });
});

describe('SSRF guard: guardedLookup', () => {
  const lookup = (host: string, all = false) =>
    new Promise<{ err: Error | null; address: unknown }>((resolve) => guardedLookup(host, { all }, (err, address) => resolve({ err, address })));

  it('refuses a host name that resolves to a loopback address', async () => {
    const { err } = await lookup('localhost');
    expect(err).toBeInstanceOf(AddressNotAllowedError);
    expect(err?.message).toMatch(/is not allowed \(loopback\)/);
  });

  it('passes lookup errors through', async () => {
    const { err } = await lookup('no-such-host.invalid');
    expect((err as NodeJS.ErrnoException).code).toMatch(/ENOTFOUND|EAI_AGAIN/);
  });
});
