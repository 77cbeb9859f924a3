import { md5Hex, sessionToken, unbindSign, verifyMd5Hex } from './md5';
import { opensslMd5 } from './test/openssl';

describe('MD5 helpers (spec 4.4 unbind sign, 4.5 sessionToken)', () => {
  it('equal openssl md5 over the concatenated text', () => {
    expect(md5Hex('subtoken1700000000')).toBe(opensslMd5('subtoken1700000000'));
    expect(sessionToken('sub', '1700000000')).toBe(opensslMd5('sub1700000000'));
    expect(unbindSign('AA:BB:CC:DD:EE:FF', '1700000000', 'key')).toBe(opensslMd5('AA:BB:CC:DD:EE:FF1700000000key'));
    expect(md5Hex('摄像头')).toBe(opensslMd5('摄像头'));
  });

  it('match fixed vectors', () => {
    // RFC 1321 appendix A.5 test suite
    expect(md5Hex('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(md5Hex('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
    // printf 'sub1700000000' | openssl md5
    expect(sessionToken('sub', '1700000000')).toBe('77cf473c6b83a42f5fd238b5012fddad');
    // printf 'AA:BB:CC:DD:EE:FF1700000000key' | openssl md5
    expect(unbindSign('AA:BB:CC:DD:EE:FF', '1700000000', 'key')).toBe('e5c648093f072edfd07e019a27285f8c');
  });

  it('write upper case on request', () => {
    expect(md5Hex('abc', 'upper')).toBe('900150983CD24FB0D6963F7D28E17F72');
  });

  it('compare case-insensitively and refuse anything else', () => {
    const h = md5Hex('x');
    expect(verifyMd5Hex(h, h)).toBe(true);
    expect(verifyMd5Hex(h, h.toUpperCase())).toBe(true);
    expect(verifyMd5Hex(h.toUpperCase(), h)).toBe(true);
    expect(verifyMd5Hex(h, md5Hex('y'))).toBe(false);
    expect(verifyMd5Hex(h, h.slice(0, 31))).toBe(false);
    expect(verifyMd5Hex(h, `${h.slice(0, 31)}z`)).toBe(false);
    expect(verifyMd5Hex(h, '')).toBe(false);
  });
});
