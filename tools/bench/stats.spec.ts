import { median, percentile, range, ratio, summarise } from './stats';

describe('bench statistics', () => {
  it('median of odd and even counts, ignoring missing figures', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([5, NaN, 1])).toBe(3);
    expect(median([])).toBeNaN();
  });

  it('min–max range', () => {
    expect(range([3, 9, 1])).toEqual({ min: 1, max: 9 });
    expect(range([NaN])).toEqual({ min: NaN, max: NaN });
  });

  it('ratio is NaN against a missing or zero baseline', () => {
    expect(ratio(1500, 3000)).toBe(0.5);
    expect(ratio(1, 0)).toBeNaN();
    expect(ratio(NaN, 2)).toBeNaN();
  });

  it('nearest-rank percentiles', () => {
    const xs = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(xs, 50)).toBe(50);
    expect(percentile(xs, 99)).toBe(99);
    expect(percentile(xs, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it('summarise', () => {
    expect(summarise([2, 4, 3])).toEqual({ median: 3, min: 2, max: 4, n: 3 });
  });
});
