import { ErrorCode, PlatformError } from '@dcp/contracts';
import { refuseUnstorableInput } from './admin-input';

function refusal(input: Parameters<typeof refuseUnstorableInput>[0]): string | undefined {
  try {
    refuseUnstorableInput(input);
    return undefined;
  } catch (err) {
    expect(err).toBeInstanceOf(PlatformError);
    expect((err as PlatformError).code).toBe(ErrorCode.ADMIN_VALIDATION_FAILED);
    return (err as PlatformError).failureDetails;
  }
}

describe('refuseUnstorableInput (SDC1)', () => {
  it.each([
    [{ params: { openId: 'a\u0000b' }, query: {}, body: undefined }, 'invalid field openId: must not contain NUL (U+0000)'],
    [{ params: {}, query: { q: 'a\u0000b' }, body: undefined }, 'invalid field q: must not contain NUL (U+0000)'],
    [{ params: {}, query: { q: ['a', 'b\u0000'] }, body: undefined }, 'invalid field q[1]: must not contain NUL (U+0000)'],
    [{ params: {}, query: { 'a\u0000b': '1' }, body: undefined }, 'invalid field a\ufffdb: name must not contain NUL (U+0000)'],
    [{ params: {}, query: {}, body: { name: 'a\u0000b' } }, 'invalid field name: must not contain NUL (U+0000)'],
    [{ params: {}, query: {}, body: { desc: { zh: 'x', en: 'y\u0000' } } }, 'invalid field desc.en: must not contain NUL (U+0000)'],
    [{ params: {}, query: {}, body: { plans: [{ name: 'ok' }, { name: '\u0000' }] } }, 'invalid field plans[1].name: must not contain NUL (U+0000)'],
    [{ params: {}, query: {}, body: { name: 'a\ud800b' } }, 'invalid field name: must not contain a lone surrogate (U+D800)'],
    [{ params: {}, query: {}, body: 'x\udc00' }, 'invalid field body: must not contain a lone surrogate (U+DC00)'],
  ])('refuses NUL and lone surrogates in path, query and body, naming the field: %j', (input, details) => {
    expect(refusal(input)).toBe(details);
  });

  it('takes any other text: line breaks, other control characters (each field rules on those), surrogate pairs, a raw body', () => {
    expect(refusal({ params: { mac: 'A1B2C3D4E5F6' }, query: { q: 'line\nbreak\ttab' }, body: { desc: { en: 'smile \u{1F600}\r\n' }, n: 1, ok: true, none: null } })).toBeUndefined();
    expect(refusal({ params: {}, query: undefined, body: Buffer.from([0, 0xd8, 0]) })).toBeUndefined();
  });

  it('walks a body nested deeper than the stack would allow a recursion to', () => {
    let body: unknown = 'a\u0000';
    for (let i = 0; i < 50_000; i++) body = [body];
    expect(refusal({ params: {}, query: {}, body })).toMatch(/^invalid field body\[0\]\[0\].*: must not contain NUL \(U\+0000\)$/);
  });
});
