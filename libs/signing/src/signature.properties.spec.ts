/**
 * Properties of the signatures (spec 4.2, 4.4, 4.5, 5.1) over random requests: a request signed as a merchant's
 * app signs it verifies; changing any signed part (a parameter's name or value, adding or dropping one, the
 * method, the path, the secret, the client time) is refused; the ±15 s window holds in both directions. The
 * same for the force-unbind sign and the stream sessionToken.
 *
 * Parameter names and values here avoid `&` and `=`: the spec joins `name=value` pairs with `&` without
 * encoding (4.2), so `{a: 'x&b=1'}` and `{a: 'x', b: '1'}` sign the same text. That is the spec's algorithm, which
 * merchants' apps implement as it is; a re-split request carries the same `sign`, which the replay check
 * refuses (docs/decisions.md R2: a signature is consumed as soon as it verifies).
 */
import fc from 'fast-check';
import { md5Hex, sessionToken, unbindSign, verifyMd5Hex } from './md5';
import { type ParamValue, signedHeaders } from './signing';
import { verifySignature } from './verify';

const name = fc.stringMatching(/^[A-Za-z0-9_]{1,16}$/);
/** Any text but `&` and `=` (see above): unicode, spaces, control characters, empty. */
const value = fc.string({ unit: 'grapheme', maxLength: 40 }).filter((v) => !/[&=]/.test(v));
const params = fc.dictionary(name, value, { maxKeys: 6 });
const secret = fc.stringMatching(/^[A-Za-z0-9]{48}$/);
const method = fc.constantFrom('GET', 'POST');
const path = fc.constantFrom('/sso/authorize_by_token', '/sso/refresh_token', '/sso/user_callback', '/idp/is_valid_token');
/** Epoch milliseconds between 2001 and 2286. */
const now = fc.integer({ min: 1_000_000_000_000, max: 9_999_999_999_000 });

interface Signed {
  method: string;
  path: string;
  params: Record<string, ParamValue>;
  secret: string;
  now: number;
  headers: ReturnType<typeof signedHeaders>;
}

const signedRequest = fc.record({ method, path, params, secret, now }).map(
  (r): Signed => ({ ...r, headers: signedHeaders({ method: r.method, path: r.path, params: r.params, clientId: 'client-1', clientSecret: r.secret, now: r.now }) }),
);

const verify = (r: Signed, changes: Partial<Omit<Signed, 'headers'>> = {}, atMs = r.now) =>
  verifySignature({ method: changes.method ?? r.method, path: changes.path ?? r.path, params: changes.params ?? r.params, headers: r.headers, clientSecrets: [changes.secret ?? r.secret], now: atMs });

describe('signed requests (spec 5.1): properties', () => {
  it('a request verifies as it was signed, at any moment within 15 s either way', () => {
    fc.assert(
      fc.property(signedRequest, fc.integer({ min: -15, max: 15 }), (r, skewSeconds) => {
        expect(verify(r, {}, r.now + skewSeconds * 1000)).toEqual({ ok: true, secretIndex: 0 });
      }),
    );
  });

  it('outside the window, 16 s or more either way, it is refused as time skew', () => {
    fc.assert(
      fc.property(signedRequest, fc.integer({ min: 16, max: 100_000 }), fc.boolean(), (r, skewSeconds, late) => {
        const at = r.now + (late ? 1 : -1) * skewSeconds * 1000;
        expect(verify(r, {}, at)).toMatchObject({ ok: false, reason: 'time-skew' });
      }),
    );
  });

  const mutations: fc.Arbitrary<(r: Signed) => Partial<Omit<Signed, 'headers'>> | undefined>[] = [
    // Another value for one parameter.
    fc.tuple(fc.nat(), value).map(([i, v]) => (r: Signed) => {
      const keys = Object.keys(r.params);
      if (keys.length === 0) return undefined;
      const key = keys[i % keys.length];
      return r.params[key] === v ? undefined : { params: { ...r.params, [key]: v } };
    }),
    // One parameter more (even an empty one: it was sent).
    fc.tuple(name, value).map(([k, v]) => (r: Signed) => (k in r.params ? undefined : { params: { ...r.params, [k]: v } })),
    // One parameter fewer.
    fc.nat().map((i) => (r: Signed) => {
      const keys = Object.keys(r.params);
      if (keys.length === 0) return undefined;
      const rest = { ...r.params };
      delete rest[keys[i % keys.length]];
      return { params: rest };
    }),
    // A parameter renamed, its value kept.
    fc.tuple(fc.nat(), name).map(([i, k]) => (r: Signed) => {
      const keys = Object.keys(r.params);
      if (keys.length === 0 || k in r.params) return undefined;
      const old = keys[i % keys.length];
      const renamed = { ...r.params, [k]: r.params[old] };
      delete renamed[old];
      return { params: renamed };
    }),
    fc.constant((r: Signed) => ({ method: r.method === 'GET' ? 'POST' : 'GET' })),
    path.map((p) => (r: Signed) => (p === r.path ? undefined : { path: p })),
    secret.map((s) => (r: Signed) => (s === r.secret ? undefined : { secret: s })),
  ];

  it('changing any signed part is refused as a mismatch', () => {
    fc.assert(
      fc.property(signedRequest, fc.oneof(...mutations), (r, mutate) => {
        const changes = mutate(r);
        fc.pre(changes !== undefined);
        expect(verify(r, changes)).toEqual({ ok: false, reason: 'mismatch' });
      }),
    );
  });

  it('a client time changed within the window is refused as a mismatch (the time is signed)', () => {
    fc.assert(
      fc.property(signedRequest, fc.integer({ min: -15, max: 15 }).filter((d) => d !== 0), (r, delta) => {
        const moved = { ...r, headers: { ...r.headers, 'x-client-time': String(Number(r.headers['x-client-time']) + delta) } };
        expect(verify(moved)).toEqual({ ok: false, reason: 'mismatch' });
      }),
    );
  });

  it('the sign is accepted in either letter case, and a truncated or extended one is refused', () => {
    fc.assert(
      fc.property(signedRequest, fc.constantFrom('upper', 'truncated', 'extended'), (r, how) => {
        const sign = how === 'upper' ? r.headers.sign.toUpperCase() : how === 'truncated' ? r.headers.sign.slice(0, -1) : `${r.headers.sign}0`;
        const result = verify({ ...r, headers: { ...r.headers, sign } });
        expect(result.ok).toBe(how === 'upper');
      }),
    );
  });
});

describe('MD5 signs (force unbind, spec 4.4; sessionToken, spec 4.5): properties', () => {
  const mac = fc.stringMatching(/^[0-9A-F]{12}$/);
  const seconds = fc.integer({ min: 1_000_000_000, max: 9_999_999_999 }).map(String);
  const key = fc.stringMatching(/^[A-Za-z0-9]{32}$/);

  it('the force-unbind sign verifies for its own mac, timeStamp and delKey, in either case, and for no other', () => {
    fc.assert(
      fc.property(mac, seconds, key, mac, seconds, key, (m, t, k, m2, t2, k2) => {
        const sign = unbindSign(m, t, k);
        expect(verifyMd5Hex(unbindSign(m, t, k), sign.toUpperCase())).toBe(true);
        fc.pre(m !== m2 || t !== t2 || k !== k2);
        expect(verifyMd5Hex(unbindSign(m2, t2, k2), sign)).toBe(false);
      }),
    );
  });

  it('a sessionToken verifies for its own subtoken and timestamp only', () => {
    fc.assert(
      fc.property(key, seconds, key, seconds, (subtoken, t, subtoken2, t2) => {
        const token = sessionToken(subtoken, t);
        expect(token).toBe(md5Hex(`${subtoken}${t}`));
        fc.pre(subtoken !== subtoken2 || t !== t2);
        expect(verifyMd5Hex(sessionToken(subtoken2, t2), token)).toBe(false);
      }),
    );
  });
});
