import { createHash } from 'node:crypto';
import { z } from 'zod';
import { EXACT_LIST_TOTAL_UP_TO, MAX_LIST_OFFSET, listPageSchema, listPaging } from './admin-paging';
import { ErrorCode } from './error-codes';
import { PlatformError } from './platform-error';

const pages = listPaging('widgets', z.tuple([z.number().int().positive()]));
const exact = { total: 3, totalIsEstimate: false };
const rows = [{ id: 4 }, { id: 9 }, { id: 12 }];
const refusal = (fn: () => unknown): PlatformError => {
  try {
    fn();
  } catch (err) {
    if (err instanceof PlatformError) return err;
    throw err;
  }
  throw new Error('not refused');
};

describe('list paging', () => {
  it('resolves the default page, a limit and a bounded offset', () => {
    expect(pages.resolve({}, {})).toEqual({ limit: 100, take: 101, after: undefined, offset: 0 });
    expect(pages.resolve({ limit: '2', offset: String(MAX_LIST_OFFSET) }, {})).toEqual({ limit: 2, take: 3, after: undefined, offset: MAX_LIST_OFFSET });
  });

  it('answers nextCursor only when a row beyond the page was read, and resolves it to the last row shown', () => {
    const page = pages.resolve({ limit: '2' }, { q: 'a' });
    const answer = pages.answer(rows, page, { q: 'a' }, exact, (r) => [r.id], (r) => r.id);
    expect(answer).toEqual({ items: [4, 9], total: 3, totalIsEstimate: false, nextCursor: expect.any(String) });
    expect(pages.resolve({ limit: '2', cursor: answer.nextCursor }, { q: 'a' }).after).toEqual([9]);
    expect(pages.answer(rows.slice(0, 2), page, { q: 'a' }, exact, (r) => [r.id], (r) => r.id).nextCursor).toBeNull();
  });

  it('takes the filters in any key order, absent ones left out, as the same filters', () => {
    const { nextCursor } = pages.answer(rows, pages.resolve({ limit: '1' }, {}), { b: 2, a: 1, c: undefined }, exact, (r) => [r.id], (r) => r);
    expect(pages.resolve({ cursor: nextCursor }, { a: 1, b: 2 }).after).toEqual([4]);
  });

  it.each([
    ['an offset past the bound', { offset: String(MAX_LIST_OFFSET + 1) }, `invalid field offset: must be at most ${MAX_LIST_OFFSET}: page further with cursor`],
    ['a limit of 0', { limit: '0' }, 'invalid field limit:'],
    ['an empty cursor', { cursor: '' }, 'invalid field cursor: must not be empty'],
    ['a cursor given twice', { cursor: ['a', 'b'] }, 'invalid field cursor:'],
    ['a cursor that is no cursor', { cursor: 'abc' }, 'invalid field cursor: not a cursor this list answered'],
    ['a cursor too long', { cursor: 'a'.repeat(513) }, 'invalid field cursor: must be at most 512 characters'],
  ])('refuses %s with ADMIN_VALIDATION_FAILED naming the parameter', (_what, request, details) => {
    const err = refusal(() => pages.resolve(request, {}));
    expect([err.code, err.failureDetails]).toEqual([ErrorCode.ADMIN_VALIDATION_FAILED, expect.stringContaining(details)]);
  });

  it('refuses a cursor of other filters, of another list, with an offset, edited, or whose key does not fit the list', () => {
    const cursor = pages.answer(rows, pages.resolve({ limit: '1' }, { q: 'a' }), { q: 'a' }, exact, (r) => [r.id], (r) => r).nextCursor as string;
    const other = listPaging('gadgets', z.tuple([z.number().int().positive()]));
    const otherCursor = other.answer(rows, other.resolve({ limit: '1' }, {}), {}, exact, (r) => [r.id], (r) => r).nextCursor as string;
    const [payload, sum] = cursor.split('.');
    const filtersOfCursor = JSON.parse(Buffer.from(payload, 'base64url').toString())[2] as string;
    const forged = (value: unknown) => {
      const body = Buffer.from(JSON.stringify(value)).toString('base64url');
      return `${body}.${createHash('sha256').update('dcp-admin-list-cursor').update(body).digest('base64url').slice(0, 12)}`;
    };
    const cases: Array<[Record<string, unknown>, object, string]> = [
      [{ cursor }, { q: 'b' }, 'invalid field cursor: issued for other filters'],
      [{ cursor }, {}, 'invalid field cursor: issued for other filters'],
      [{ cursor: otherCursor }, {}, 'invalid field cursor: a cursor of another list (gadgets), not of widgets'],
      [{ cursor, offset: '0' }, { q: 'a' }, 'invalid field offset: give cursor or offset, not both'],
      [{ cursor: `${payload}.${sum.slice(1)}x` }, { q: 'a' }, 'invalid field cursor: not a cursor this list answered'],
      [{ cursor: `${payload.slice(0, -2)}.${sum}` }, { q: 'a' }, 'invalid field cursor: not a cursor this list answered'],
      [{ cursor: `${cursor}.x` }, { q: 'a' }, 'invalid field cursor: not a cursor this list answered'],
      // A checksum that holds over a payload the list never writes: its key must still fit the list.
      [{ cursor: forged([1, 'widgets', filtersOfCursor, ['4']]) }, { q: 'a' }, 'invalid field cursor: not a cursor this list answered'],
      [{ cursor: forged([1, 'widgets', filtersOfCursor, [-1]]) }, { q: 'a' }, 'invalid field cursor: not a cursor this list answered'],
      [{ cursor: forged({ not: 'an array' }) }, { q: 'a' }, 'invalid field cursor: not a cursor this list answered'],
    ];
    for (const [request, filters, details] of cases) {
      const err = refusal(() => pages.resolve(request, filters));
      expect([request, err.code, err.failureDetails]).toEqual([request, ErrorCode.ADMIN_VALIDATION_FAILED, expect.stringContaining(details)]);
    }
  });

  it('names the parameter as the list words it ("invalid parameter" for the audit log)', () => {
    expect(refusal(() => pages.resolve({ cursor: 'x' }, {}, 'parameter')).failureDetails).toMatch(/^invalid parameter cursor: /);
  });

  it('describes the page it answers: total, whether it is an estimate, and the next cursor', () => {
    const schema = listPageSchema(z.number());
    expect(schema.parse({ items: [1], total: EXACT_LIST_TOTAL_UP_TO + 1, totalIsEstimate: true, nextCursor: null })).toEqual({ items: [1], total: 1001, totalIsEstimate: true, nextCursor: null });
    expect(schema.safeParse({ items: [1], total: 1 }).success).toBe(false);
  });
});
