import fc from 'fast-check';
import { traceIdOf } from '../call-context';
import { formatTraceparent, isValidTraceparent, mintTraceparent, parseTraceparent } from './trace-ids';

describe('traceparent', () => {
  const valid = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

  it('parses a W3C version-00 traceparent into its ids and flags', () => {
    expect(parseTraceparent(valid)).toEqual({ traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', flags: 1 });
  });

  it.each([
    ['absent', undefined],
    ['empty', ''],
    ['upper-case hex', valid.toUpperCase()],
    ['another version', valid.replace(/^00/, '01')],
    ['an all-zero trace id', '00-00000000000000000000000000000000-b7ad6b7169203331-01'],
    ['an all-zero span id', '00-0af7651916cd43dd8448eb211c80319c-0000000000000000-01'],
    ['a short trace id', '00-0af7651916cd43dd8448eb211c8031-b7ad6b7169203331-01'],
    ['trailing text', `${valid}-extra`],
    ['no flags', '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331'],
  ])('refuses %s', (_why, value) => {
    expect(parseTraceparent(value)).toBeUndefined();
    expect(isValidTraceparent(value)).toBe(false);
  });

  it('formats what it parses back to the same text', () => {
    const hex = (n: number) => fc.stringMatching(new RegExp(`^[0-9a-f]{${n}}$`)).filter((s) => !/^0+$/.test(s));
    fc.assert(
      fc.property(hex(32), hex(16), fc.integer({ min: 0, max: 255 }), (traceId, spanId, flags) => {
        const text = formatTraceparent(traceId, spanId, flags);
        expect(parseTraceparent(text)).toEqual({ traceId, spanId, flags });
      }),
    );
  });

  it('mints valid, distinct, unsampled traceparents (more than one pool of random bytes)', () => {
    const minted = Array.from({ length: 600 }, () => mintTraceparent());
    for (const tp of minted) {
      expect(isValidTraceparent(tp)).toBe(true);
      expect(parseTraceparent(tp)?.flags).toBe(0);
    }
    expect(new Set(minted.map(traceIdOf)).size).toBe(minted.length);
  });
});
