import { groupClips } from '../recordings/clips';
import { type PlaylistSegment, renderPlaylist } from './playlist';

const seg = (start: number, seconds: number, type: number, n: number): PlaylistSegment => ({ start, durationMs: seconds * 1000, type, url: `https://store.example/hls/X/segments/${n}.ts?expires=1&sig=s` });

describe('renderPlaylist', () => {
  it('renders a valid HLS media playlist: header, one EXTINF + URL per segment, DISCONTINUITY between clips, ENDLIST', () => {
    const clips = groupClips([seg(1000, 2, 1, 1), seg(1002, 2, 1, 2), seg(1004, 2.5, 2, 3), seg(1100, 1.25, 2, 4)]);
    expect(renderPlaylist(clips)).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:3',
        '#EXT-X-TARGETDURATION:3',
        '#EXT-X-MEDIA-SEQUENCE:0',
        '#EXT-X-PLAYLIST-TYPE:VOD',
        `#EXT-X-PROGRAM-DATE-TIME:${new Date(1_000_000).toISOString()}`,
        '#EXTINF:2.000,',
        'https://store.example/hls/X/segments/1.ts?expires=1&sig=s',
        '#EXTINF:2.000,',
        'https://store.example/hls/X/segments/2.ts?expires=1&sig=s',
        '#EXT-X-DISCONTINUITY',
        `#EXT-X-PROGRAM-DATE-TIME:${new Date(1_004_000).toISOString()}`,
        '#EXTINF:2.500,',
        'https://store.example/hls/X/segments/3.ts?expires=1&sig=s',
        '#EXT-X-DISCONTINUITY',
        `#EXT-X-PROGRAM-DATE-TIME:${new Date(1_100_000).toISOString()}`,
        '#EXTINF:1.250,',
        'https://store.example/hls/X/segments/4.ts?expires=1&sig=s',
        '#EXT-X-ENDLIST',
        '',
      ].join('\n'),
    );
  });

  it('one clip: no DISCONTINUITY; the target duration is the longest segment rounded up (RFC 8216 4.3.3.1)', () => {
    const text = renderPlaylist(groupClips([seg(0 + 10, 4.001, 1, 1), seg(14, 3, 1, 2)]));
    expect(text).not.toContain('#EXT-X-DISCONTINUITY');
    expect(text).toContain('#EXT-X-TARGETDURATION:5\n');
    expect(text.endsWith('#EXT-X-ENDLIST\n')).toBe(true);
  });

  it('refuses to render an empty playlist', () => {
    expect(() => renderPlaylist([])).toThrow();
  });
});
