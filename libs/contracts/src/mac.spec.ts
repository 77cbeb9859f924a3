import { CANONICAL_MAC, colonMac, normalizeMac } from './mac';

describe('normalizeMac', () => {
  it.each([
    ['aa:bb:cc:dd:ee:0f', 'AABBCCDDEE0F'],
    ['AA-BB-CC-DD-EE-0F', 'AABBCCDDEE0F'],
    ['aabbccddee0f', 'AABBCCDDEE0F'],
    ['AaBbCcDdEe0F', 'AABBCCDDEE0F'],
    ['06626E63FBA5', '06626E63FBA5'],
    [' AA:BB:CC:DD:EE:0F ', 'AABBCCDDEE0F'],
    ['\taa-bb-cc-dd-ee-0f\n', 'AABBCCDDEE0F'],
  ])('reads %j as %s', (input, canonical) => {
    expect(normalizeMac(input)).toBe(canonical);
    expect(normalizeMac(input)).toMatch(CANONICAL_MAC);
  });

  it('answers a canonical MAC unchanged (idempotent)', () => {
    expect(normalizeMac(normalizeMac('06:62:6e:63:fb:a5')!)).toBe('06626E63FBA5');
  });

  it.each(['', 'AA:BB:CC:DD:EE', 'AA:BB:CC:DD:EE:FF:00', 'AA:BB-CC:DD:EE:FF', 'GG:BB:CC:DD:EE:FF', 'AABBCCDDEEF', 'AA::BB:CC:DD:EE', 'AA BB CC DD EE FF', 'AABB.CCDD.EEFF'])('refuses %j', (input) => {
    expect(normalizeMac(input)).toBeUndefined();
  });
});

describe('colonMac (the spelling before D1 changed: rollout buckets, legacy password additional data)', () => {
  it.each([
    ['06626E63FBA5', '06:62:6E:63:FB:A5'],
    ['06:62:6e:63:fb:a5', '06:62:6E:63:FB:A5'],
    [' 06-62-6E-63-FB-A5 ', '06:62:6E:63:FB:A5'],
  ])('spells %j as %s', (input, colon) => {
    expect(colonMac(input)).toBe(colon);
  });

  it('refuses what normalizeMac refuses', () => {
    expect(colonMac('AA:BB:CC:DD:EE')).toBeUndefined();
  });
});
