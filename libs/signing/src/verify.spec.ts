import fc from 'fast-check';
import { signedHeaders } from './signing';
import { readSignatureHeaders, verifySignature } from './verify';

const now = 1_700_000_000_000;
const base = { method: 'POST', path: '/sso/authorize_by_token', params: { token: 'abc' } };
const headersAt = (t: number, secret = 'sec') => signedHeaders({ ...base, clientId: 'cid', clientSecret: secret, now: t });

describe('verifySignature (spec 5.1 receiver rules)', () => {
  it('accepts a correct signature and says which secret matched', () => {
    expect(verifySignature({ ...base, headers: headersAt(now), clientSecrets: ['sec'], now })).toEqual({ ok: true, secretIndex: 0 });
  });

  it('accepts the previous secret during a rotation and reports its index', () => {
    expect(verifySignature({ ...base, headers: headersAt(now, 'old'), clientSecrets: ['new', 'old'], now })).toEqual({ ok: true, secretIndex: 1 });
    expect(verifySignature({ ...base, headers: headersAt(now, 'gone'), clientSecrets: ['new', 'old'], now })).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifySignature({ ...base, headers: headersAt(now), clientSecrets: [], now })).toEqual({ ok: false, reason: 'mismatch' });
  });

  it.each([
    [0, true],
    [15, true],
    [16, false],
    [-15, true],
    [-16, false],
    [-3600, false],
  ])('client clock %i s off from the receiver → accepted: %s', (offset, accepted) => {
    const result = verifySignature({ ...base, headers: headersAt(now + offset * 1000), clientSecrets: ['sec'], now });
    expect(result.ok).toBe(accepted);
    if (!accepted) expect(result).toEqual({ ok: false, reason: 'time-skew', skewSeconds: -offset });
  });

  it('compares whole seconds: 15.999 s late is still 15 s', () => {
    const headers = headersAt(now);
    expect(verifySignature({ ...base, headers, clientSecrets: ['sec'], now: now + 15_999 }).ok).toBe(true);
    expect(verifySignature({ ...base, headers, clientSecrets: ['sec'], now: now + 16_000 }).ok).toBe(false);
  });

  it('honours a custom maximum skew', () => {
    expect(verifySignature({ ...base, headers: headersAt(now - 20_000), clientSecrets: ['sec'], now, maxSkewSeconds: 30 }).ok).toBe(true);
  });

  it.each(['yesterday', '1.7e9', '-5', ' 1700000000', '1700000000.5', '0x10'])('refuses the non-numeric client time %j as skew', (clientTime) => {
    const headers = { ...headersAt(now), 'x-client-time': clientTime };
    expect(verifySignature({ ...base, headers, clientSecrets: ['sec'], now })).toEqual({ ok: false, reason: 'time-skew', skewSeconds: null });
  });

  it.each(['x-client-time', 'x-version', 'x-client-Id', 'sign'] as const)('names the missing header %s (absent or empty)', (header) => {
    const absent: Record<string, string> = { ...headersAt(now) };
    delete absent[header];
    expect(verifySignature({ ...base, headers: absent, clientSecrets: ['sec'], now })).toEqual({ ok: false, reason: 'missing-header', header });
    const empty = { ...headersAt(now), [header]: '' };
    expect(verifySignature({ ...base, headers: empty, clientSecrets: ['sec'], now })).toEqual({ ok: false, reason: 'missing-header', header });
  });

  it('reports the first missing header in the order of the spec table', () => {
    expect(verifySignature({ ...base, headers: {}, clientSecrets: ['sec'], now })).toEqual({ ok: false, reason: 'missing-header', header: 'x-client-time' });
  });

  it('reads header names in any letter case (lower as Node gives them, upper, as the spec spells them)', () => {
    const h = headersAt(now);
    for (const rename of [(k: string) => k.toLowerCase(), (k: string) => k.toUpperCase(), (k: string) => k]) {
      const headers = Object.fromEntries(Object.entries(h).map(([k, v]) => [rename(k), v]));
      expect(verifySignature({ ...base, headers, clientSecrets: ['sec'], now })).toEqual({ ok: true, secretIndex: 0 });
    }
    // A fetch Headers object lower-cases names too.
    expect(verifySignature({ ...base, headers: Object.fromEntries(new Headers(h)), clientSecrets: ['sec'], now }).ok).toBe(true);
  });

  it('also accepts headers already read with readSignatureHeaders', () => {
    const parsed = readSignatureHeaders(headersAt(now));
    expect(verifySignature({ ...base, headers: parsed, clientSecrets: ['sec'], now })).toEqual({ ok: true, secretIndex: 0 });
    expect(verifySignature({ ...base, headers: { ...parsed, version: undefined }, clientSecrets: ['sec'], now })).toEqual({ ok: false, reason: 'missing-header', header: 'x-version' });
  });

  it('takes the first value of a repeated header', () => {
    const h = headersAt(now);
    expect(readSignatureHeaders({ ...h, sign: [h.sign, 'other'] }).sign).toBe(h.sign);
    expect(verifySignature({ ...base, headers: { ...h, sign: ['0'.repeat(64), h.sign] }, clientSecrets: ['sec'], now }).ok).toBe(false);
  });

  it('accepts an upper-case hex sign, refuses a truncated or padded one', () => {
    const h = headersAt(now);
    expect(verifySignature({ ...base, headers: { ...h, sign: h.sign.toUpperCase() }, clientSecrets: ['sec'], now }).ok).toBe(true);
    expect(verifySignature({ ...base, headers: { ...h, sign: h.sign.slice(0, 63) }, clientSecrets: ['sec'], now })).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifySignature({ ...base, headers: { ...h, sign: `${h.sign}0` }, clientSecrets: ['sec'], now })).toEqual({ ok: false, reason: 'mismatch' });
  });
});

describe('verifySignature properties', () => {
  const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
  const paramName = fc.string({ minLength: 1, maxLength: 8 }).filter((k) => k !== '__proto__');
  const request = fc.record({
    method: fc.constantFrom(...methods),
    path: fc.string({ maxLength: 24 }).map((p) => `/${p}`),
    params: fc.dictionary(paramName, fc.string({ maxLength: 12 }), { maxKeys: 5 }),
    secret: fc.string({ minLength: 1, maxLength: 16 }),
    skew: fc.integer({ min: -15, max: 15 }),
  });
  const signed = (r: { method: string; path: string; params: Record<string, string>; secret: string; skew: number }) =>
    signedHeaders({ method: r.method, path: r.path, params: r.params, clientId: 'c', clientSecret: r.secret, now: now + r.skew * 1000 });
  const verify = (r: { method: string; path: string; params: Record<string, string>; secret: string }, headers: Record<string, string>) =>
    verifySignature({ method: r.method, path: r.path, params: r.params, headers, clientSecrets: [r.secret], now });

  it('accepts every untouched request within the skew', () => {
    fc.assert(fc.property(request, (r) => verify(r, signed(r)).ok));
  });

  it('refuses a different method', () => {
    fc.assert(fc.property(request, fc.constantFrom(...methods), (r, other) => {
      fc.pre(other !== r.method);
      return verify({ ...r, method: other }, signed(r)).ok === false;
    }));
  });

  it('refuses a different path', () => {
    fc.assert(fc.property(request, fc.string({ maxLength: 24 }), (r, p) => {
      fc.pre(`/${p}` !== r.path);
      return verify({ ...r, path: `/${p}` }, signed(r)).ok === false;
    }));
  });

  it('refuses a changed parameter value', () => {
    fc.assert(fc.property(request.filter((r) => Object.keys(r.params).length > 0), fc.nat(), fc.string({ maxLength: 12 }), (r, pick, value) => {
      const names = Object.keys(r.params);
      const name = names[pick % names.length];
      fc.pre(r.params[name] !== value);
      return verify({ ...r, params: { ...r.params, [name]: value } }, signed(r)).ok === false;
    }));
  });

  it('refuses an added or a removed parameter', () => {
    fc.assert(fc.property(request, paramName, fc.string({ maxLength: 12 }), (r, name, value) => {
      fc.pre(!(name in r.params));
      const headers = signed(r);
      const added = verify({ ...r, params: { ...r.params, [name]: value } }, headers).ok;
      const withExtra = { ...r, params: { ...r.params, [name]: value } };
      const removed = verify(r, signed(withExtra)).ok;
      return added === false && removed === false;
    }));
  });

  it('refuses a different timestamp, even within the allowed skew', () => {
    fc.assert(fc.property(request, fc.integer({ min: -15, max: 15 }), (r, otherSkew) => {
      fc.pre(otherSkew !== r.skew);
      const headers = { ...signed(r), 'x-client-time': String(Math.floor(now / 1000) + otherSkew) };
      return verify(r, headers).ok === false;
    }));
  });

  it('refuses a different secret', () => {
    fc.assert(fc.property(request, fc.string({ minLength: 1, maxLength: 16 }), (r, other) => {
      fc.pre(other !== r.secret);
      return verify({ ...r, secret: other }, signed(r)).ok === false;
    }));
  });
});
