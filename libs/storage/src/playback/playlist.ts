/**
 * An HLS media playlist (RFC 8216) over stored segments: VOD, version 3 (decimal EXTINF), target duration =
 * the longest segment rounded up, `#EXT-X-DISCONTINUITY` before the first segment of every clip after the
 * first (a gap or another event type: timestamps and encoder settings may change there), each clip's first
 * segment stamped with `#EXT-X-PROGRAM-DATE-TIME`, `#EXT-X-ENDLIST` at the end.
 */
import { type Clip, type SegmentSpan } from '../recordings/clips';

export interface PlaylistSegment extends SegmentSpan {
  /** Absolute, signed URL of the segment. */
  url: string;
}

export function renderPlaylist(clips: readonly Clip<PlaylistSegment>[]): string {
  const all = clips.flatMap((c) => c.segments);
  if (all.length === 0) throw new Error('a playlist needs at least one segment');
  const target = Math.max(1, ...all.map((s) => Math.ceil(s.durationMs / 1000)));
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${target}`, '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD'];
  clips.forEach((clip, i) => {
    if (i > 0) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(clip.start * 1000).toISOString()}`);
    for (const s of clip.segments) {
      lines.push(`#EXTINF:${(s.durationMs / 1000).toFixed(3)},`, s.url);
    }
  });
  lines.push('#EXT-X-ENDLIST');
  return lines.join('\n') + '\n';
}
