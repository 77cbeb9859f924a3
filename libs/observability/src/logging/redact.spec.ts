import { CREDENTIAL_NAMES, REDACTED, isCredentialName } from './credentials';
import { credentialRedactPaths, redactHeaders, redactUrl, redactValue, scrubText } from './redact';

describe('credential names', () => {
  it('name every credential the platform handles, whatever the letter case', () => {
    for (const name of ['accessToken', 'refreshToken', 'token', 'sign', 'sessionToken', 'password', 'clientSecret', 'delKey', 'sig', 'authorization', 'cookie']) {
      expect(isCredentialName(name)).toBe(true);
      expect(isCredentialName(name.toUpperCase())).toBe(true);
    }
    for (const name of ['service', 'openId', 'clientId', 'macAddr', 'expires', 'x-client-id', 'tokenValidationUrl']) expect(isCredentialName(name)).toBe(false);
  });

  it('name every credential-like key in any case and spelling, by its words and by its ending (SDB7)', () => {
    const credentials = ['apiKey', 'api_key', 'api-key', 'APIKEY', 'Api-Key', 'x-api-key', 'token', 'Token', 'TOKEN', 'secret', 'SECRET', 'password', 'PASSWORD', 'Password', 'authorization', 'AUTHORIZATION'];
    const endings = ['csrfToken', 'id_token', 'webhook_secret', 'webhookSecret', 'adminPassword', 'db-password', 'stripeApiKey', 'private_key', 'awsCredentials', 'client_secret', 'CLIENT-SECRET', 'del_key', 'DELKEY'];
    for (const name of [...credentials, ...endings]) expect([name, isCredentialName(name)]).toEqual([name, true]);
    const readable = ['tokenValidationUrl', 'userProfileUrl', 'secretGraceSeconds', 'graceSeconds', 'refreshTokenTtlSeconds', 'passwordHint', 'key', 'objectKey', 'sortKey', 'keyId', 'signal', 'design'];
    for (const name of readable) expect([name, isCredentialName(name)]).toEqual([name, false]);
  });

  it('mask those keys in logged bodies and headers, and their values in text', () => {
    const body = { apiKey: 'k-1', api_key: 'k-2', Token: 't-1', PASSWORD: 'p-1', authorization: 'Bearer b-1', nested: { 'X-Api-Key': 'k-3', webhookSecret: 's-1' }, name: 'kept' };
    expect(redactValue(body)).toEqual({
      apiKey: REDACTED,
      api_key: REDACTED,
      Token: REDACTED,
      PASSWORD: REDACTED,
      authorization: REDACTED,
      nested: { 'X-Api-Key': REDACTED, webhookSecret: REDACTED },
      name: 'kept',
    });
    expect(redactHeaders({ 'x-api-key': 'k-4', 'content-type': 'application/json' })).toEqual({ 'x-api-key': REDACTED, 'content-type': 'application/json' });
    expect(scrubText('calling with apiKey=k-5 and api_key: k-6, {"API-KEY":"k-7"}')).toBe(`calling with apiKey=${REDACTED} and api_key: ${REDACTED}, {"API-KEY":"${REDACTED}"}`);
  });

  it('give pino redact paths for top-level fields, hyphenated names in brackets, no wildcards (LG3)', () => {
    const paths = credentialRedactPaths();
    expect(paths).toEqual(expect.arrayContaining(['accessToken', 'clientSecret', 'sig', '["set-cookie"]', '["proxy-authorization"]']));
    expect(paths).toHaveLength(CREDENTIAL_NAMES.length);
    expect(paths.filter((p) => p.includes('*'))).toEqual([]);
  });
});

describe('redactUrl', () => {
  it('masks the value of every credential parameter of a gateway URL and keeps the rest', () => {
    expect(redactUrl('/gateway?service=user_ipc_setting_v2_0.getOemDeviceByUser&clientId=abc&openId=o1&accessToken=Tok3n&version=')).toBe(
      `/gateway?service=user_ipc_setting_v2_0.getOemDeviceByUser&clientId=abc&openId=o1&accessToken=${REDACTED}&version=`,
    );
  });

  it('masks a stream sessionToken, a signed HLS URL and a query-string password', () => {
    expect(redactUrl('/stream?service=record.query&devId=0A11&timestamp=1&sessionToken=0123abcd')).toBe(`/stream?service=record.query&devId=0A11&timestamp=1&sessionToken=${REDACTED}`);
    expect(redactUrl('/hls/0A1122334401/index.m3u8?from=1&to=2&expires=3&sig=ffee00')).toBe(`/hls/0A1122334401/index.m3u8?from=1&to=2&expires=3&sig=${REDACTED}`);
    expect(redactUrl('https://store.example/hls/0A11/segments/s.ts?expires=3&sig=ffee00#t')).toBe(`https://store.example/hls/0A11/segments/s.ts?expires=3&sig=${REDACTED}#t`);
    expect(redactUrl('/gateway?service=x&password=hunter2&username=admin')).toBe(`/gateway?service=x&password=${REDACTED}&username=admin`);
  });

  it('reads parameter names decoded and in any letter case, keeping them as sent', () => {
    expect(redactUrl('/gateway?access%54oken=a&ACCESSTOKEN=b&refreshToken=c&sign=d&token=e')).toBe(
      `/gateway?access%54oken=${REDACTED}&ACCESSTOKEN=${REDACTED}&refreshToken=${REDACTED}&sign=${REDACTED}&token=${REDACTED}`,
    );
  });

  it('leaves URLs without credentials alone, and masks the password of user information', () => {
    expect(redactUrl('/health/ready')).toBe('/health/ready');
    expect(redactUrl('/gateway?service=cloud_system.current_time&sig')).toBe('/gateway?service=cloud_system.current_time&sig');
    expect(redactUrl('postgres://dcp:s3cret@db:5432/dcp?sslmode=require')).toBe(`postgres://dcp:${REDACTED}@db:5432/dcp?sslmode=require`);
  });
});

describe('redactHeaders', () => {
  it('masks authorization, cookies and the SSO signature, keeps the other headers', () => {
    expect(
      redactHeaders({ authorization: 'Bearer adm1n', cookie: 'a=b', 'set-cookie': ['c=d'], sign: 'abc123', 'x-client-id': 'cid', 'x-client-time': '1', 'content-type': 'text/plain' }),
    ).toEqual({ authorization: REDACTED, cookie: REDACTED, 'set-cookie': REDACTED, sign: REDACTED, 'x-client-id': 'cid', 'x-client-time': '1', 'content-type': 'text/plain' });
  });
});

describe('redactValue', () => {
  it('masks credential fields at any depth of a body and scrubs its strings', () => {
    const body = {
      name: 'Acme',
      clientSecret: 'cs-1',
      nested: { deeper: { evenDeeper: { delKey: 'dk-1', list: [{ refreshToken: 'rt-1' }] } } },
      note: 'callback https://m.example/cb?token=t-1',
    };
    expect(redactValue(body)).toEqual({
      name: 'Acme',
      clientSecret: REDACTED,
      nested: { deeper: { evenDeeper: { delKey: REDACTED, list: [{ refreshToken: REDACTED }] } } },
      note: `callback https://m.example/cb?token=${REDACTED}`,
    });
  });

  it('cuts what is too deep and does not copy buffers', () => {
    let deep: Record<string, unknown> = { password: 'p' };
    for (let i = 0; i < 12; i++) deep = { d: deep };
    expect(JSON.stringify(redactValue(deep))).not.toContain('"p"');
    expect(redactValue(Buffer.from('secret'))).toBe('[6 bytes]');
  });
});

describe('scrubText', () => {
  it.each([
    ['name=value in a query string', 'GET /gateway?service=x&accessToken=abc123&openId=o', `GET /gateway?service=x&accessToken=${REDACTED}&openId=o`],
    ['a form body', 'refreshToken=rt1&grant=x', `refreshToken=${REDACTED}&grant=x`],
    ['name: value', 'header sign: 9f86d081 rejected', `header sign: ${REDACTED} rejected`],
    ['util.inspect output', "{ clientSecret: 'cs-9', name: 'x' }", `{ clientSecret: '${REDACTED}', name: 'x' }`],
    ['JSON', 'merchant answered {"accessToken":"at-1","user":{"password":"pw 1"},"expiresIn":7200}', `merchant answered {"accessToken":"${REDACTED}","user":{"password":"${REDACTED}"},"expiresIn":7200}`],
    ['JSON with spaces and numbers', '{ "delKey" : "dk" , "token": 12345 }', `{ "delKey" : "${REDACTED}" , "token": "${REDACTED}" }`],
    ['JSON inside a JSON string', '"msg":"body {\\"sessionToken\\":\\"st-1\\"}"', `"msg":"body {\\"sessionToken\\":\\"${REDACTED}\\"}"`],
    ['a Bearer token', 'authorization: Bearer adm1n-t0ken was refused', `authorization: Bearer ${REDACTED} was refused`],
    ['a bare Bearer token', 'sent Bearer abc.def-ghi', `sent Bearer ${REDACTED}`],
    ['URL user information', 'connect nats://dcp:pa55@nats:4222 failed', `connect nats://dcp:${REDACTED}@nats:4222 failed`],
    ['environment style', 'ADMIN_TOKEN=xyz SECRETS_KEY=00ff', `ADMIN_TOKEN=${REDACTED} SECRETS_KEY=${REDACTED}`],
    ['the ADMIN_TOKENS list whole, past its commas', 'ADMIN_TOKENS=alice:full:t-1,bot:read-only:t-2 PORT=1', `ADMIN_TOKENS=${REDACTED} PORT=1`],
  ])('masks %s', (_what, text, expected) => {
    expect(scrubText(text)).toBe(expected);
  });

  it.each([
    'is_valid_token: token refused',
    'parameter sign must not contain control characters',
    'purged 3 used signature(s), 2 expired token(s)',
    'GET /sso/refresh_token 401',
    'user 42 signed in',
  ])('leaves %j alone', (text) => {
    expect(scrubText(text)).toBe(text);
  });

  it('is idempotent', () => {
    const once = scrubText('accessToken=a&x="password":"b" Bearer c authorization: Bearer d https://u:p@h');
    expect(scrubText(once)).toBe(once);
    expect(once).not.toMatch(/=a&|"b"|Bearer c|Bearer d|:p@/);
  });
});
