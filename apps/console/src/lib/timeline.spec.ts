import { clipAround, clockTime, dayStart, duration, placeClips, playableUrl } from './timeline';

const DAY0 = Date.parse('2026-11-20T00:00:00Z') / 1000;

describe('recordings timeline', () => {
  it('reads a UTC day and refuses what is not one', () => {
    expect(dayStart('2026-11-20')).toBe(DAY0);
    expect(dayStart('2026-02-30')).toBeUndefined();
    expect(dayStart('20261120')).toBeUndefined();
  });

  it('places clips as shares of the day', () => {
    const [placed] = placeClips('2026-11-20', [{ start: DAY0 + 6 * 3600, end: DAY0 + 12 * 3600 }]);
    expect(placed.left).toBeCloseTo(25);
    expect(placed.width).toBeCloseTo(25);
  });

  it('cuts clips at midnight and drops clips of other days', () => {
    const placed = placeClips('2026-11-20', [
      { start: DAY0 - 3600, end: DAY0 + 3600 },
      { start: DAY0 + 23 * 3600, end: DAY0 + 25 * 3600 },
      { start: DAY0 + 25 * 3600, end: DAY0 + 26 * 3600 },
    ]);
    expect(placed).toHaveLength(2);
    expect(placed[0].left).toBe(0);
    expect(placed[0].width).toBeCloseTo(100 / 24);
    expect(placed[1].left + placed[1].width).toBeCloseTo(100);
  });

  it('keeps a short clip visible', () => {
    expect(placeClips('2026-11-20', [{ start: DAY0, end: DAY0 + 2 }])[0].width).toBe(0.25);
  });

  it('formats times and durations', () => {
    expect(clockTime(DAY0 + 3600 + 5 * 60 + 9)).toBe('01:05:09');
    expect(duration(45)).toBe('45 s');
    expect(duration(125)).toBe('2 min 05 s');
    expect(duration(3725)).toBe('1 h 02 min 05 s');
  });
});

describe('playableUrl', () => {
  const urls = { recordUrl: 'http://store.example/hls/AABBCCDDEEFF/index.m3u8?sig=1', secureUrl: 'https://store.example/hls/AABBCCDDEEFF/index.m3u8?sig=1' };

  it('takes the https URL on an https console (mixed content is blocked) and the http one otherwise', () => {
    expect(playableUrl(urls, 'https:')).toBe(urls.secureUrl);
    expect(playableUrl(urls, 'http:')).toBe(urls.recordUrl);
  });
});

describe('clipAround', () => {
  const clips = [
    { start: DAY0 + 100, end: DAY0 + 110 },
    { start: DAY0 + 200, end: DAY0 + 210 },
  ];

  it('takes the clip recording the moment, else the nearest within the slack, else none', () => {
    expect(clipAround(clips, DAY0 + 105)).toBe(clips[0]);
    expect(clipAround(clips, DAY0 + 180)).toBe(clips[1]);
    expect(clipAround(clips, DAY0 + 150)).toBe(clips[0]);
    expect(clipAround(clips, DAY0 + 400)).toBeUndefined();
    expect(clipAround(clips, DAY0 + 400, 600)).toBe(clips[1]);
  });
});
