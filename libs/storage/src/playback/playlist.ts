/**
 * An HLS media playlist (RFC 8216) over stored segments: VOD, version 3 (decimal EXTINF), target duration =
 * the longest segment rounded up, `#EXT-X-DISCONTINUITY` before the first segment of every clip after the
 * first (a gap or another event type: timestamps and encoder settings may change there), each clip's first
 * segment stamped with `#EXT-X-PROGRAM-DATE-TIME`, `#EXT-X-ENDLIST` at the end.
 */
import { type Clip, type SegmentSpan } from '../recordings/clips';
import { CLIP_TOLERANCE_MS } from '../recordings/clip-runs';

export interface PlaylistSegment extends SegmentSpan {
  /** Absolute, signed URL of the segment. */
  url: string;
}

export function renderPlaylist(clips: readonly Clip<PlaylistSegment>[]): string {
  const playlist = new PlaylistBuilder();
  for (const s of clips.flatMap((c) => c.segments)) playlist.add(s);
  return playlist.finish();
}

/**
 * The same playlist from segments given one at a time in segment order (start, duration, id), grouped into
 * clips as groupClips does (CLIP_TOLERANCE_MS, same type): the playlist use case feeds it keyset pages, so
 * only the text grows with the window, never a list of rows.
 */
export class PlaylistBuilder {
  private readonly lines: string[] = [];
  private clip: { type: number; endMs: number } | undefined;
  private target = 1;

  add(s: PlaylistSegment): void {
    const endMs = s.start * 1000 + s.durationMs;
    if (this.clip && this.clip.type === s.type && s.start * 1000 <= this.clip.endMs + CLIP_TOLERANCE_MS) {
      this.clip.endMs = Math.max(this.clip.endMs, endMs);
    } else {
      if (this.clip) this.lines.push('#EXT-X-DISCONTINUITY');
      this.lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(s.start * 1000).toISOString()}`);
      this.clip = { type: s.type, endMs };
    }
    this.target = Math.max(this.target, Math.ceil(s.durationMs / 1000));
    this.lines.push(`#EXTINF:${(s.durationMs / 1000).toFixed(3)},`, s.url);
  }

  get empty(): boolean {
    return this.clip === undefined;
  }

  finish(): string {
    if (!this.clip) throw new Error('a playlist needs at least one segment');
    const head = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${this.target}`, '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD'];
    return [...head, ...this.lines, '#EXT-X-ENDLIST'].join('\n') + '\n';
  }
}
