import { parseJsonBody } from './json-body';

describe('parseJsonBody (HI1)', () => {
  it('parses JSON bodies, keys named like other Object.prototype members included', () => {
    expect(parseJsonBody('{"token":"t","constructor":"c","toString":"s","nested":{"a":[1,"__proto__"]}}')).toEqual({
      token: 't',
      constructor: 'c',
      toString: 's',
      nested: { a: [1, '__proto__'] },
    });
  });

  it.each(['{"__proto__":{"x":1}}', '{"token":"t","__proto__":"v"}', '{"nested":{"deeper":[{"__proto__":null}]}}'])('refuses a __proto__ key by name: %s', (body) => {
    expect(() => parseJsonBody(body)).toThrow(expect.objectContaining({ code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400, message: 'parameter __proto__ is not allowed in the JSON body' }));
  });

  it('refuses constructor.prototype as the default parser did, and takes a constructor that is a plain value', () => {
    expect(() => parseJsonBody('{"constructor":{"prototype":{"x":1}}}')).toThrow(expect.objectContaining({ statusCode: 400, message: 'constructor.prototype is not allowed in the JSON body' }));
    expect(parseJsonBody('{"constructor":{"name":"n"}}')).toEqual({ constructor: { name: 'n' } });
  });

  it('answers a body that is not JSON, and an empty one, as Fastify did', () => {
    expect(() => parseJsonBody('{"token":')).toThrow(expect.objectContaining({ code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400, message: expect.stringContaining('not valid JSON') }));
    expect(() => parseJsonBody('')).toThrow(expect.objectContaining({ code: 'FST_ERR_CTP_EMPTY_JSON_BODY', statusCode: 400 }));
  });
});
