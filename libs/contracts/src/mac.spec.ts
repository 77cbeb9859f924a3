import { normalizeMac } from './mac';

describe('normalizeMac', () => {
  it.each([
    ['aa:bb:cc:dd:ee:0f', 'AA:BB:CC:DD:EE:0F'],
    ['AA-BB-CC-DD-EE-0F', 'AA:BB:CC:DD:EE:0F'],
    ['aabbccddee0f', 'AA:BB:CC:DD:EE:0F'],
    [' AA:BB:CC:DD:EE:0F ', 'AA:BB:CC:DD:EE:0F'],
  ])('reads %j as %s', (input, canonical) => {
    expect(normalizeMac(input)).toBe(canonical);
  });

  it.each(['', 'AA:BB:CC:DD:EE', 'AA:BB:CC:DD:EE:FF:00', 'AA:BB-CC:DD:EE:FF', 'GG:BB:CC:DD:EE:FF', 'AABBCCDDEEF', 'AA::BB:CC:DD:EE', 'AA BB CC DD EE FF'])('refuses %j', (input) => {
    expect(normalizeMac(input)).toBeUndefined();
  });
});
