/** The simulated camera's options, their defaults (the protocol's), and its report. */
import type { Counters, StopReason } from './answers';
import { CLIP_SECONDS, type Clips } from './recorder';
import type { BackoffPolicy } from './waiting';

/** An unbounded 'asap' run uploads a day of backlog (see CameraOptions.pace). */
export const ASAP_BACKLOG_SECONDS = 24 * 60 * 60;

export interface CameraOptions {
  apiUrl: string;
  mac: string;
  userTag: string;
  streamId: string;
  /** Length of a segment; a multiple of the 4-s fixture clips. Default 4. */
  segmentSeconds?: number;
  /** Every Nth segment is a motion recording (type 2); 0 never. Default 5. */
  motionEvery?: number;
  /** How long to record; undefined records until stopped. */
  durationSeconds?: number;
  /**
   * 'realtime' records a segment every segmentSeconds; 'asap' uploads a backlog (the last durationSeconds, or a
   * day) as fast as the server takes it, recording the next segment as soon as the last is uploaded.
   */
  pace?: 'realtime' | 'asap';
  log?: (line: string) => void;
  signal?: AbortSignal;
  fetch?: typeof fetch;
  /** Segments held while uploads are failing; the oldest is dropped first. Default 30. */
  bufferSegments?: number;
  /** How long to wait before asking again when there is no active cloud-recording plan (CR0403). Default 300. */
  pausedRetrySeconds?: number;
  /** Backoff for 5xx and network errors. Default base 1 s, cap 60 s, Math.random. */
  backoff?: Partial<BackoffPolicy>;
  /** A request hanging longer counts as a network error. Default 30 000. */
  requestTimeoutMs?: number;
  /** The clips to record from; default the fixtures. */
  clips?: Clips;
}

export interface CameraReport {
  stoppedBy: StopReason;
  counters: Counters;
  /** Camera clock minus local clock, as last measured from the server's time. */
  clockOffsetSeconds: number;
  /** Why it stopped, when it was a refusal. */
  detail?: string;
}

export type ResolvedCameraOptions = CameraOptions &
  Required<Pick<CameraOptions, 'segmentSeconds' | 'motionEvery' | 'pace' | 'bufferSegments' | 'pausedRetrySeconds' | 'requestTimeoutMs'>> & { backoff: BackoffPolicy };

export function withDefaults(options: CameraOptions): ResolvedCameraOptions {
  return {
    ...options,
    segmentSeconds: options.segmentSeconds ?? CLIP_SECONDS,
    motionEvery: options.motionEvery ?? 5,
    pace: options.pace ?? 'realtime',
    bufferSegments: options.bufferSegments ?? 30,
    pausedRetrySeconds: options.pausedRetrySeconds ?? 300,
    requestTimeoutMs: options.requestTimeoutMs ?? 30_000,
    // Exponential backoff with full jitter, base 1 s, cap 60 s (the protocol's advice for 5xx and network errors).
    backoff: { baseMs: 1000, capMs: 60_000, random: Math.random, ...options.backoff },
  };
}
