import { ErrorCode } from '@dcp/contracts';
import { refusal } from '@dcp/testing';
import { collectParams } from './collect-params';

/** The query object as Fastify's parser gives it: no prototype, so `__proto__` is an own key like any other. */
const query = (entries: Record<string, unknown>) => Object.assign(Object.create(null) as Record<string, unknown>, entries);

describe('collectParams (decisions S4, HI1)', () => {
  it('reads the query string and the body as strings, the body winning on a name clash', () => {
    expect(collectParams(query({ a: '1', b: '2' }), { b: 'body', c: 3 })).toEqual({ a: '1', b: 'body', c: '3' });
  });

  it('refuses a parameter given twice and a nested value, with the caller\'s code', () => {
    expect(refusal(() => collectParams(query({ a: ['1', '2'] }), undefined)).failureDetails).toBe('parameter a is given more than once in the query string');
    const nested = refusal(() => collectParams(undefined, { a: { b: 1 } }, ErrorCode.SSO_PARAMETER_INVALID));
    expect([nested.code, nested.failureDetails]).toEqual([ErrorCode.SSO_PARAMETER_INVALID, 'parameter a must be a plain value']);
  });

  it('keeps parameters named like Object.prototype members as parameters', () => {
    const names = ['constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'];
    const params = collectParams(query(Object.fromEntries(names.map((n) => [n, `q-${n}`]))), undefined);
    expect(Object.entries(params)).toEqual(names.map((n) => [n, `q-${n}`]));
  });

  it('refuses __proto__ in the query string or a body instead of dropping it (a signed request failed as OP0043)', () => {
    // Parsed, not written as a literal: `{ __proto__: … }` in source sets the prototype instead of a key.
    const inQuery = refusal(() => collectParams(query(JSON.parse('{"a":"1","__proto__":"x"}') as Record<string, unknown>), undefined, ErrorCode.SSO_PARAMETER_INVALID));
    expect([inQuery.code, inQuery.failureDetails]).toEqual([ErrorCode.SSO_PARAMETER_INVALID, 'parameter __proto__ is not allowed in the query string']);
    const body = JSON.parse('{"__proto__":"x"}') as Record<string, unknown>;
    expect(refusal(() => collectParams(undefined, body)).failureDetails).toBe('parameter __proto__ is not allowed in the body');
  });
});
