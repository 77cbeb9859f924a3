/** What the MP4 writer is given: tracks of timed samples, and the order of their chunks in `mdat`. */

export interface Mp4Sample {
  /** Video: the NAL units (written with 4-byte length prefixes); audio: one raw frame. */
  readonly parts: readonly Buffer[];
  /** Bytes in `mdat`, prefixes included. */
  readonly size: number;
  /** In the track's timescale. */
  readonly duration: number;
  /** PTS − DTS in the track's timescale (B-frames), never negative. */
  readonly compositionOffset: number;
  readonly isSync: boolean;
  /** Index in the track's sample entries (0-based): the codec configuration this sample decodes with. */
  readonly sampleEntryIndex: number;
}

export interface Mp4Track {
  readonly handler: 'vide' | 'soun';
  readonly timescale: number;
  /** Display size for tkhd; 0 for audio. */
  readonly width: number;
  readonly height: number;
  /** Complete sample entry boxes (avc1/hvc1/mp4a). */
  readonly sampleEntries: readonly Buffer[];
  /** In decode order. */
  readonly samples: readonly Mp4Sample[];
  readonly nalLengthPrefixed: boolean;
  /** Movie time (track timescale) before the first sample is shown: an empty edit when > 0. */
  readonly presentationDelay: number;
  /** The media time shown first (elst media_time): the first composition offset, hiding the B-frame delay. */
  readonly mediaStartTime: number;
}

/** Consecutive samples of one track stored together in `mdat`. */
export interface Mp4Chunk {
  readonly trackIndex: number;
  readonly firstSample: number;
  readonly sampleCount: number;
}

/** A chunk placed in the file. */
export interface PlacedChunk extends Mp4Chunk {
  readonly fileOffset: number;
}

export const NAL_LENGTH_PREFIX_SIZE = 4;

export const sampleSize = (parts: readonly Buffer[], nalLengthPrefixed: boolean): number =>
  parts.reduce((sum, part) => sum + part.length + (nalLengthPrefixed ? NAL_LENGTH_PREFIX_SIZE : 0), 0);

export const mediaDuration = (track: Mp4Track): number => track.samples.reduce((sum, sample) => sum + sample.duration, 0);

/** Media time (track timescale) at which the last shown sample ends: decode time + composition offset + duration. */
export function presentationEnd(track: Mp4Track): number {
  let decodeTime = 0;
  let end = 0;
  for (const sample of track.samples) {
    end = Math.max(end, decodeTime + sample.compositionOffset + sample.duration);
    decodeTime += sample.duration;
  }
  return end;
}
