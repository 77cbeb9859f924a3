/**
 * Lays the segments end to end on one clip timeline. Cameras restart their clocks and segments may not be
 * continuous, so only timestamp differences within a segment are trusted: video (the master) continues where
 * the previous segment's last frame ends; audio is placed against the same segment's video and kept
 * gapless unless it drifts by more than half a frame (then a frame is dropped or a gap is left).
 */
import { AAC_SAMPLES_PER_FRAME, type AacFrame } from './adts';
import type { AccessUnit } from './annex-b';
import { type Mp4Chunk, type Mp4Sample, type Mp4Track, sampleSize } from './mp4-track';

const VIDEO_TIMESCALE = 90000;
const TIMESTAMP_WRAP = 2 ** 33;
const DEFAULT_FRAME_DURATION = VIDEO_TIMESCALE / 25;
/** Chunks of about a second interleave audio and video in mdat, so progressive download feeds both. */
const CHUNK_SECONDS = 1;

export interface SegmentVideo {
  /** Decode order, starting at a key frame. */
  readonly units: readonly AccessUnit[];
  readonly sampleEntryIndex: number;
}

/** Where one segment's video landed: the anchor for its audio. */
export interface SegmentPlacement {
  /** Movie time (90 kHz) at which the segment's earliest picture is shown. */
  readonly presentationStart: number;
  /** That picture's PTS in the segment's own clock. */
  readonly firstPts: number;
}

export class VideoTimeline {
  readonly samples: Mp4Sample[] = [];
  /** Segment boundaries, in samples, for chunking. */
  readonly segmentStarts: number[] = [];
  private decodeCursor = 0;
  private frameDuration = DEFAULT_FRAME_DURATION;
  /** Where the last appended segment's video ends on its own clock: to recognise a segment that continues it. */
  private lastSegmentEnd: number | undefined;
  private mediaStartTime: number | undefined;

  append(segment: SegmentVideo): SegmentPlacement {
    const units = segment.units;
    const firstDts = units[0].dts;
    const firstPts = units.reduce((min, unit) => Math.min(min, unit.pts), Infinity);
    this.frameDuration = typicalFrameDuration(units) ?? this.frameDuration;
    this.mediaStartTime ??= firstPts - firstDts;
    const presentationStart = this.decodeCursor + (firstPts - firstDts) - this.mediaStartTime;
    this.segmentStarts.push(this.samples.length);
    units.forEach((unit, i) => {
      // Durations are DTS steps; a non-increasing DTS (broken muxer) still gets one tick so decode order holds.
      const duration = i + 1 < units.length ? Math.max(1, units[i + 1].dts - unit.dts) : this.frameDuration;
      this.samples.push({
        parts: unit.nalUnits,
        size: sampleSize(unit.nalUnits, true),
        duration,
        compositionOffset: Math.max(0, unit.pts - unit.dts),
        isSync: unit.keyframe,
        sampleEntryIndex: segment.sampleEntryIndex,
      });
      this.decodeCursor += duration;
    });
    this.lastSegmentEnd = units[units.length - 1].dts + this.frameDuration;
    return { presentationStart, firstPts };
  }

  /**
   * Whether a segment starting at `firstDts` follows the last one on the same clock without a gap (its frames
   * may then reference the previous segment's), rather than after a cut or a camera clock restart.
   */
  continuesLastSegment(firstDts: number): boolean {
    if (this.lastSegmentEnd === undefined) return false;
    const gap = firstDts - this.lastSegmentEnd;
    return Math.abs(gap - Math.round(gap / TIMESTAMP_WRAP) * TIMESTAMP_WRAP) <= this.frameDuration / 2;
  }

  track(sampleEntry: { entry: Buffer; width: number; height: number }): Mp4Track {
    return {
      handler: 'vide', timescale: VIDEO_TIMESCALE, width: sampleEntry.width, height: sampleEntry.height,
      sampleEntries: [sampleEntry.entry], samples: this.samples, nalLengthPrefixed: true,
      presentationDelay: 0, mediaStartTime: this.mediaStartTime ?? 0,
    };
  }
}

/** The most common DTS step of a segment: the frame duration for its last frame (undefined for one frame). */
function typicalFrameDuration(units: readonly AccessUnit[]): number | undefined {
  const counts = new Map<number, number>();
  for (let i = 1; i < units.length; i++) {
    const step = units[i].dts - units[i - 1].dts;
    if (step > 0) counts.set(step, (counts.get(step) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

export class AudioTimeline {
  readonly samples: { data: Buffer; start: number; duration: number }[] = [];
  readonly segmentStarts: number[] = [];

  constructor(readonly sampleRate: number) {}

  /** Places a segment's frames relative to where that segment's video is shown. */
  append(frames: readonly AacFrame[], placement: SegmentPlacement): void {
    this.segmentStarts.push(this.samples.length);
    for (const frame of frames) {
      const movieTime = placement.presentationStart + (frame.pts - placement.firstPts);
      let start = Math.round((movieTime * this.sampleRate) / VIDEO_TIMESCALE);
      if (start < 0) continue; // before the first picture of the clip
      const last = this.samples.at(-1);
      if (last) {
        const expected = last.start + last.duration;
        if (Math.abs(start - expected) <= AAC_SAMPLES_PER_FRAME / 2) start = expected;
        else if (start < expected) continue; // overlaps audio already placed
        else last.duration = start - last.start; // a gap: stretch the previous frame over it
      }
      this.samples.push({ data: frame.data, start, duration: AAC_SAMPLES_PER_FRAME });
    }
  }

  track(sampleEntry: Buffer): Mp4Track {
    return {
      handler: 'soun', timescale: this.sampleRate, width: 0, height: 0, sampleEntries: [sampleEntry],
      samples: this.samples.map((s) => ({ parts: [s.data], size: s.data.length, duration: s.duration, compositionOffset: 0, isSync: true, sampleEntryIndex: 0 })),
      nalLengthPrefixed: false, presentationDelay: this.samples[0]?.start ?? 0, mediaStartTime: 0,
    };
  }
}

/**
 * Cuts each track into chunks of about a second (never across a segment or a sample entry change) and orders
 * them by time, so mdat alternates video and audio.
 */
export function interleaveChunks(tracks: readonly { track: Mp4Track; segmentStarts: readonly number[]; startTime: number }[]): Mp4Chunk[] {
  const timed: { chunk: Mp4Chunk; seconds: number }[] = [];
  tracks.forEach(({ track, segmentStarts, startTime }, trackIndex) => {
    const boundaries = new Set(segmentStarts);
    const maxDuration = CHUNK_SECONDS * track.timescale;
    let time = startTime;
    let chunk: { firstSample: number; sampleCount: number; start: number; duration: number } | undefined;
    const close = () => {
      if (chunk) timed.push({ chunk: { trackIndex, firstSample: chunk.firstSample, sampleCount: chunk.sampleCount }, seconds: chunk.start / track.timescale });
      chunk = undefined;
    };
    track.samples.forEach((sample, i) => {
      if (chunk && (boundaries.has(i) || chunk.duration >= maxDuration || sample.sampleEntryIndex !== track.samples[i - 1].sampleEntryIndex)) close();
      chunk ??= { firstSample: i, sampleCount: 0, start: time, duration: 0 };
      chunk.sampleCount++;
      chunk.duration += sample.duration;
      time += sample.duration;
    });
    close();
  });
  // Stable sort: each track's chunks stay in sample order, as stco requires.
  return timed.sort((a, b) => a.seconds - b.seconds).map((t) => t.chunk);
}
