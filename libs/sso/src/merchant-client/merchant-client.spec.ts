import { interpret } from './merchant-client';
import { UnreachableError } from '@dcp/runtime';

const body = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value));
const user = { uuid: 'u-1', username: 'a@b.c', name: 'Ann', nickname: '', phone: '', country: 'DE' };

describe('interpret (merchant endpoint answers, spec 4.3)', () => {
  it('returns the user of a successful answer', () => {
    expect(interpret(200, body({ errorCode: '', failureDetails: '', user }))).toEqual({ kind: 'user', user });
  });

  it('fills absent or null optional fields with empty strings', () => {
    const answer = interpret(200, body({ errorCode: '', user: { uuid: 'u-2', username: 'x@y.z', name: 'X', nickname: null } }));
    expect(answer).toEqual({ kind: 'user', user: { uuid: 'u-2', username: 'x@y.z', name: 'X', nickname: '', phone: '', country: '' } });
  });

  it('treats HTTP 401 as a refusal and keeps the merchant text', () => {
    expect(interpret(401, body({ errorCode: 'MS0401', failureDetails: 'token is invalid' }))).toEqual({ kind: 'refused', errorCode: 'MS0401', failureDetails: 'token is invalid' });
  });

  it('treats a non-empty errorCode on HTTP 200 as a refusal', () => {
    expect(interpret(200, body({ errorCode: 'E1', failureDetails: 'nope' }))).toMatchObject({ kind: 'refused', errorCode: 'E1' });
  });

  it('treats a 401 without JSON as a refusal', () => {
    expect(interpret(401, body('denied'))).toEqual({ kind: 'refused', errorCode: '', failureDetails: 'HTTP 401' });
  });

  it.each([
    [500, { errorCode: '' }, /HTTP 500/],
    [302, '', /HTTP 302 \(redirects are not followed\)/],
    [404, '', /HTTP 404/],
    [200, 'not json', /not a JSON object/],
    [200, [1, 2], /not a JSON object/],
    [200, { errorCode: '' }, /invalid user: user /],
    [200, { errorCode: '', user: { username: 'a' } }, /invalid user: user\.uuid/],
    [200, { errorCode: '', user: { uuid: '' } }, /invalid user: user\.uuid/],
    [200, { errorCode: '', user: { uuid: 'u', phone: 123 } }, /invalid user: user\.phone/],
    [200, { errorCode: '', user: { uuid: 'u', name: 'x'.repeat(201) } }, /invalid user: user\.name/],
  ])('reports HTTP %i with %j as unavailable', (status, payload, reason) => {
    expect(() => interpret(status, body(payload))).toThrow(UnreachableError);
    expect(() => interpret(status, body(payload))).toThrow(reason);
  });
});

describe('interpret: control characters in the user (C2)', () => {
  it.each(['uuid', 'username', 'name', 'nickname', 'phone', 'country'])('makes the answer invalid when %s holds a NUL, naming the field', (field) => {
    const answer = body({ errorCode: '', user: { ...user, [field]: `${user[field as keyof typeof user]}x\u0000y` } });
    expect(() => interpret(200, answer)).toThrow(UnreachableError);
    expect(() => interpret(200, answer)).toThrow(`merchant returned an invalid user: user.${field} must not contain control characters`);
  });

  it.each([
    ['a TAB', 'Ann\tLee'],
    ['a line break', 'Ann\nLee'],
    ['DEL', 'Ann\u007f'],
    ['a C1 control', 'Ann\u0085'],
  ])('refuses %s too', (_what, name) => {
    expect(() => interpret(200, body({ errorCode: '', user: { ...user, name } }))).toThrow(/user\.name must not contain control characters/);
  });

  it('checks the uuid as sent: a trailing line break is not trimmed away', () => {
    expect(() => interpret(200, body({ errorCode: '', user: { ...user, uuid: 'u-1\n' } }))).toThrow(/user\.uuid must not contain control characters/);
    expect(interpret(200, body({ errorCode: '', user: { ...user, uuid: ' u-1 ' } }))).toEqual({ kind: 'user', user });
  });

  it('accepts printable text beyond ASCII', () => {
    const answer = interpret(200, body({ errorCode: '', user: { ...user, name: 'Zoë\u00a0王 📷' } }));
    expect(answer).toEqual({ kind: 'user', user: { ...user, name: 'Zoë\u00a0王 📷' } });
  });
});
