import fc from 'fast-check';
import { formatHour, formatHourByDate, groupClips, toDateList, toRecordList } from './clips';

const seg = (start: number, seconds: number, type = 1) => ({ start, durationMs: seconds * 1000, type });

describe('groupClips / toRecordList (record.query)', () => {
  it('merges adjacent segments of one type into one clip [start, end, type] as strings of epoch seconds', () => {
    const clips = groupClips([seg(100, 10), seg(110, 10), seg(120, 10)]);
    expect(toRecordList(clips)).toEqual([['100', '130', '1']]);
    expect(clips[0].segments).toHaveLength(3);
  });

  it('tolerates a gap of up to 1 s (recorders cut at whole seconds), not more', () => {
    expect(toRecordList(groupClips([seg(100, 10), seg(111, 10)]))).toEqual([['100', '121', '1']]);
    expect(toRecordList(groupClips([seg(100, 9.5), seg(110.5 as number, 1)]))).toEqual([['100', '112', '1']]);
    expect(toRecordList(groupClips([seg(100, 10), seg(112, 10)]))).toEqual([
      ['100', '110', '1'],
      ['112', '122', '1'],
    ]);
  });

  it('starts a new clip when the event type changes, even without a gap', () => {
    expect(toRecordList(groupClips([seg(100, 10, 1), seg(110, 10, 2), seg(120, 10, 2), seg(130, 10, 1)]))).toEqual([
      ['100', '110', '1'],
      ['110', '130', '2'],
      ['130', '140', '1'],
    ]);
  });

  it('orders by start whatever the input order, and absorbs overlapping segments', () => {
    expect(toRecordList(groupClips([seg(120, 10), seg(100, 30), seg(105, 5)]))).toEqual([['100', '130', '1']]);
  });

  it('rounds a fractional end up to the next whole second', () => {
    expect(toRecordList(groupClips([seg(100, 2.001)]))).toEqual([['100', '103', '1']]);
    expect(toRecordList(groupClips([seg(100, 2)]))).toEqual([['100', '102', '1']]);
  });

  it('no segments, no clips', () => {
    expect(groupClips([])).toEqual([]);
  });
});

describe('dateList (record.date.query)', () => {
  it('formats hours as basic ISO 8601 YYYYMMDDTHH0000 (UTC), distinct, oldest first', () => {
    const hour = Date.UTC(2026, 10, 23, 5) / 3_600_000;
    expect(formatHour(hour)).toBe('20261123T050000');
    expect(toDateList([hour, hour - 31 * 24, hour, hour - 6, hour + 18])).toEqual(['20261023T050000', '20261122T230000', '20261123T050000', '20261123T230000']);
    expect(toDateList([hour - 6, hour, hour + 18])).toEqual(['20261122T230000', '20261123T050000', '20261123T230000']);
  });

  it('formats every hour as Date does: leap days, century years, before 1970, the years 0 and 9999 and beyond', () => {
    const hourOf = (y: number, m: number, d: number, h: number) => Date.UTC(y, m - 1, d, h) / 3_600_000;
    expect(formatHour(hourOf(2024, 2, 29, 23))).toBe('20240229T230000');
    expect(formatHour(hourOf(2100, 3, 1, 0))).toBe('21000301T000000');
    expect(formatHour(hourOf(1969, 12, 31, 7))).toBe('19691231T070000');
    expect(formatHour(-1)).toBe('19691231T230000');
    const edges = [hourOf(0, 1, 1, 0), hourOf(0, 1, 1, 0) - 1, hourOf(9999, 12, 31, 23), hourOf(9999, 12, 31, 23) + 1, 8.64e15 / 3_600_000, -8.64e15 / 3_600_000];
    for (const h of edges) expect([h, formatHour(h)]).toEqual([h, formatHourByDate(h)]);
    fc.assert(
      fc.property(fc.integer({ min: -8.64e15 / 3_600_000, max: 8.64e15 / 3_600_000 }), (h) => formatHour(h) === formatHourByDate(h)),
      { numRuns: 20_000 },
    );
    fc.assert(fc.property(fc.integer({ min: 0, max: 24 * 366 * 200 }), (h) => formatHour(h) === formatHourByDate(h)), { numRuns: 20_000 });
  });
});
