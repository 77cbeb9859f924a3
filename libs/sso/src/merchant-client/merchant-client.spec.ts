import { interpret } from './merchant-client';
import { MerchantUnreachableError } from './merchant-http';

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
    expect(() => interpret(status, body(payload))).toThrow(MerchantUnreachableError);
    expect(() => interpret(status, body(payload))).toThrow(reason);
  });
});
