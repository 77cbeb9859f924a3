import { canonicalMac, lookupPath, lookupTarget, readableMac } from './lookup';

describe('look-up', () => {
  it.each(['aabbccddeeff', 'AA:BB:CC:DD:EE:FF', 'aa-bb-cc-dd-ee-ff', '  AABBCCDDEEFF '])('reads %j as the device AABBCCDDEEFF', (input) => {
    expect(lookupTarget(input)).toEqual({ kind: 'device', mac: 'AABBCCDDEEFF' });
  });

  it.each(['AA:BB-CC:DD:EE:FF', 'AABBCCDDEEF', 'AA:BB:CC:DD:EE:FG', 'AABB.CCDD.EEFF'])('does not take %j for a MAC', (input) => {
    expect(canonicalMac(input)).toBeUndefined();
  });

  it('reads anything else as an openId, or as a merchant uuid when asked', () => {
    expect(lookupTarget(' u-123 ')).toEqual({ kind: 'user', openId: 'u-123' });
    expect(lookupTarget('AABBCCDDEEFF', true)).toEqual({ kind: 'uuid', uuid: 'AABBCCDDEEFF' });
    expect(lookupTarget('   ')).toEqual({ kind: 'empty' });
  });

  it('opens the page of each target, escaping what it puts in the path', () => {
    expect(lookupPath({ kind: 'device', mac: 'AABBCCDDEEFF' })).toBe('/lookup/devices/AABBCCDDEEFF');
    expect(lookupPath({ kind: 'user', openId: 'a/b c' })).toBe('/lookup/users/a%2Fb%20c');
    expect(lookupPath({ kind: 'uuid', uuid: 'x&y' })).toBe('/lookup/users?uuid=x%26y');
  });

  it('shows a MAC with colons', () => {
    expect(readableMac('aabbccddeeff')).toBe('AA:BB:CC:DD:EE:FF');
    expect(readableMac('not a mac')).toBe('not a mac');
  });
});

describe('one form for every MAC the console shows', () => {
  it('shows any spelling as AA:BB:CC:DD:EE:FF, anything else as given', () => {
    for (const mac of ['0C1122334455', '0c:11:22:33:44:55', '0C-11-22-33-44-55']) expect(readableMac(mac)).toBe('0C:11:22:33:44:55');
    expect(readableMac('not-a-mac')).toBe('not-a-mac');
  });
});
