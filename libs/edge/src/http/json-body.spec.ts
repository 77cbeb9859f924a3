import { parseJsonBody } from './json-body';

describe('parseJsonBody (HI1, SDC2)', () => {
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

  it.each([
    ['{"name":"a\\ud800b"}', 'parameter name must not contain a lone surrogate (U+D800)'],
    ['{"ok":"\\ud83d\\ude00","desc":{"zh":"x","en":"\\udc00"}}', 'parameter desc.en must not contain a lone surrogate (U+DC00)'],
    ['{"plans":[{"name":"ok"},{"name":"b\\uDBFF"}]}', 'parameter plans[1].name must not contain a lone surrogate (U+DBFF)'],
    ['{"a\\ud800":1}', 'parameter a\ufffd name must not contain a lone surrogate (U+D800)'],
    ['"\\ud800"', 'parameter body must not contain a lone surrogate (U+D800)'],
  ])('refuses a lone surrogate, which no service can store, naming the field (SDC2): %s', (body, message) => {
    expect(() => parseJsonBody(body)).toThrow(expect.objectContaining({ code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400, message }));
  });

  it('takes surrogate pairs, written as escapes or as UTF-8, and an escaped backslash before a u', () => {
    expect(parseJsonBody('{"smile":"\\ud83d\\ude00","raw":"\u{1F600}","text":"\\\\ud800"}')).toEqual({ smile: '\u{1F600}', raw: '\u{1F600}', text: '\\ud800' });
  });

  it('answers a body that is not JSON, and an empty one, as Fastify did', () => {
    expect(() => parseJsonBody('{"token":')).toThrow(expect.objectContaining({ code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400, message: expect.stringContaining('not valid JSON') }));
    expect(() => parseJsonBody('')).toThrow(expect.objectContaining({ code: 'FST_ERR_CTP_EMPTY_JSON_BODY', statusCode: 400 }));
  });
});
