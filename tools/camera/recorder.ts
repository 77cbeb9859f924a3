/**
 * The camera's "sensor": segments cut from real recorded clips (fixtures/, made with ffmpeg), retimed so the
 * uploads form one continuous stream. Every Nth segment is a motion recording, using the visibly different clip.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TS_CLOCK_HZ, type ContinuityState, retimeSegment } from './ts-retime';

/** Length of each fixture clip; a segment is one or more whole clips. */
export const CLIP_SECONDS = 4;
export const RECORDING_TYPE = { normal: 0, motion: 2, sound: 3 } as const;
export type RecordingType = (typeof RECORDING_TYPE)[keyof typeof RECORDING_TYPE];

export interface RecordedSegment {
  /** 1-based, in recording order. */
  sequence: number;
  /** Epoch seconds of the first frame, by the camera's clock. */
  start: number;
  durationSeconds: number;
  type: RecordingType;
  bytes: Buffer;
}

export interface Clips {
  scene: Buffer;
  motion: Buffer;
}

/**
 * The fixtures stay in the source tree (the build copies no media): found beside this file when run from
 * source (jest), or at the same place relative to the repository root when run from dist/tools/camera/.
 */
export function fixturesDirectory(): string {
  const candidates = [join(__dirname, 'fixtures'), resolve(__dirname, '../../../tools/camera/fixtures')];
  const found = candidates.find((dir) => existsSync(join(dir, 'scene-4s.mpegts')));
  if (!found) throw new Error(`camera fixtures not found (looked in ${candidates.join(', ')})`);
  return found;
}

export function loadClips(directory = fixturesDirectory()): Clips {
  return { scene: readFileSync(join(directory, 'scene-4s.mpegts')), motion: readFileSync(join(directory, 'motion-4s.mpegts')) };
}

export class SegmentRecorder {
  private continuity: ContinuityState | undefined;
  private clipsRecorded = 0;
  private segmentsRecorded = 0;
  private readonly clipsPerSegment: number;

  constructor(
    private readonly clips: Clips,
    segmentSeconds: number,
    private readonly motionEvery: number,
  ) {
    if (!Number.isInteger(segmentSeconds / CLIP_SECONDS) || segmentSeconds <= 0) {
      throw new Error(`segment length must be a positive multiple of ${CLIP_SECONDS} s (the fixture clips' length), got ${segmentSeconds}`);
    }
    this.clipsPerSegment = segmentSeconds / CLIP_SECONDS;
  }

  /** The next segment, starting at `start` (epoch seconds): its clips continue the stream's clocks and counters. */
  record(start: number): RecordedSegment {
    const sequence = ++this.segmentsRecorded;
    const type = this.motionEvery > 0 && sequence % this.motionEvery === 0 ? RECORDING_TYPE.motion : RECORDING_TYPE.normal;
    const clip = type === RECORDING_TYPE.motion ? this.clips.motion : this.clips.scene;
    const parts: Buffer[] = [];
    for (let i = 0; i < this.clipsPerSegment; i++) {
      const retimed = retimeSegment(clip, { offsetTicks: this.clipsRecorded * CLIP_SECONDS * TS_CLOCK_HZ, continuity: this.continuity });
      this.continuity = retimed.continuity;
      this.clipsRecorded++;
      parts.push(retimed.bytes);
    }
    return { sequence, start, durationSeconds: this.clipsPerSegment * CLIP_SECONDS, type, bytes: Buffer.concat(parts) };
  }
}
