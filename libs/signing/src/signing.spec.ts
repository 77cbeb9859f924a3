/**
 * Expected values come from `openssl dgst -sha256 -hmac <key>` (run by the test on the exact string to sign)
 * and from fixed vectors derived once with openssl on the command line, the command written next to each.
 */
import { SIGNATURE_VERSION, sign, signedHeaders, sortedParameterString, stringToSign } from './signing';
import { opensslHmacSha256 } from './test/openssl';

describe('sorted parameter string (spec 4.2)', () => {
  it('sorts by name and joins name=value with &', () => {
    expect(sortedParameterString({ uuid: 'u-1', operation: 'DELETE' })).toBe('operation=DELETE&uuid=u-1');
  });

  it('keeps empty values, drops undefined, does not URL-encode', () => {
    expect(sortedParameterString({ b: '', a: 'x y&z%20', c: undefined })).toBe('a=x y&z%20&b=');
  });

  it('writes numbers in decimal', () => {
    expect(sortedParameterString({ supportStore: 0, grantId: 12345678901234 })).toBe('grantId=12345678901234&supportStore=0');
  });

  it('sorts by code unit: upper case before lower case, shorter prefix first', () => {
    expect(sortedParameterString({ b: '1', B: '2', a: '3', ab: '4' })).toBe('B=2&a=3&ab=4&b=1');
  });

  it('is empty for no parameters', () => {
    expect(sortedParameterString({})).toBe('');
    expect(sortedParameterString({ a: undefined })).toBe('');
  });
});

describe('string to sign (spec 5.1 step 2)', () => {
  it('is method, path, sorted params and timestamp separated by newlines', () => {
    expect(stringToSign('POST', '/sso/user_callback', 'operation=DELETE&uuid=u-1', '1700000000')).toBe('POST\n/sso/user_callback\noperation=DELETE&uuid=u-1\n1700000000');
  });

  it('keeps the empty line when there are no parameters', () => {
    expect(stringToSign('GET', '/x', '', 1)).toBe('GET\n/x\n\n1');
  });
});

describe('sign (spec 5.1 steps 3-4)', () => {
  const input = { method: 'POST', path: '/sso/user_callback', params: { uuid: 'u-1', operation: 'DELETE' }, timestamp: '1700000000', clientSecret: 's3cret' };

  it('equals openssl HMAC-SHA256 under the key clientSecret + timestamp', () => {
    expect(sign(input)).toBe(opensslHmacSha256('s3cret1700000000', 'POST\n/sso/user_callback\noperation=DELETE&uuid=u-1\n1700000000'));
  });

  it('signs UTF-8 text (non-ASCII names, values and secret)', () => {
    const params = { name: 'Zoë 摄像头', 'ключ': '✓' };
    expect(sign({ ...input, params, clientSecret: 'sécret' })).toBe(
      opensslHmacSha256('sécret1700000000', 'POST\n/sso/user_callback\nname=Zoë 摄像头&ключ=✓\n1700000000'),
    );
  });

  it('upper-cases the method', () => {
    expect(sign({ ...input, method: 'post' })).toBe(sign(input));
  });

  it.each([
    // printf 'POST\n/p\na=1\n0' | openssl dgst -sha256 -hmac k0
    ['POST', '/p', { a: '1' }, 0, 'k', 'f4f9f929e8d773307b6ef5fbe6ef7f4fbb2539b426d24e9e7821c805a580dd8d'],
    // printf 'GET\n/idp/is_valid_token\ntoken=abc\n1700000000' | openssl dgst -sha256 -hmac secret1700000000
    ['GET', '/idp/is_valid_token', { token: 'abc' }, '1700000000', 'secret', '210fcd75f6a6f52779c28a58def27236dd61435d87ee87e43757b674335dc4e2'],
    // printf 'POST\n/sso/user_callback\noperation=UPDATE&uuid=8d2f\n1700000015' | openssl dgst -sha256 -hmac cs-01700000015
    ['POST', '/sso/user_callback', { uuid: '8d2f', operation: 'UPDATE' }, 1700000015, 'cs-0', 'ddc2500072418a47b0605912c81239f73b925e32f035eb8758139f50a7f1d11e'],
    // printf 'GET\n/x\n\n1' | openssl dgst -sha256 -hmac k1
    ['GET', '/x', {}, '1', 'k', '286207708fbd2a74d1661499c228ef43f6420c48e77da1e0b5a4a66445a82a0b'],
  ] as const)('matches the fixed vector %s %s', (method, path, params, timestamp, clientSecret, expected) => {
    expect(sign({ method, path, params, timestamp, clientSecret })).toBe(expected);
  });
});

describe('signedHeaders', () => {
  it('produces the four headers of spec 5.1, the time in whole seconds', () => {
    const h = signedHeaders({ method: 'POST', path: '/sso/refresh_token', params: { refreshToken: 'r' }, clientId: 'cid', clientSecret: 'sec', now: 1_700_000_000_999 });
    expect(h).toEqual({ 'x-client-time': '1700000000', 'x-version': SIGNATURE_VERSION, 'x-client-Id': 'cid', sign: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(SIGNATURE_VERSION).toBe('1.0');
    expect(h.sign).toBe(opensslHmacSha256('sec1700000000', 'POST\n/sso/refresh_token\nrefreshToken=r\n1700000000'));
  });

  it('uses the current time by default', () => {
    const before = Math.floor(Date.now() / 1000);
    const h = signedHeaders({ method: 'GET', path: '/x', params: {}, clientId: 'c', clientSecret: 's' });
    const after = Math.floor(Date.now() / 1000);
    expect(Number(h['x-client-time'])).toBeGreaterThanOrEqual(before);
    expect(Number(h['x-client-time'])).toBeLessThanOrEqual(after);
  });
});
