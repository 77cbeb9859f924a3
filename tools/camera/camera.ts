/**
 * A network camera uploading its recordings with the camera upload protocol: discovery, then one MPEG-TS
 * segment every `segmentSeconds`, each answer handled as a camera's firmware would (answers.ts). Recording and
 * uploading run side by side: while an upload is retried, new segments queue in a bounded buffer, as in a
 * camera's RAM. Used by `npm run camera`, by specs (pace 'asap', an injected fetch) and by benchmarks.
 */
import { type AnswerContext, type Counters, handleSegmentAnswer, handleTargetAnswer, offsetFromServerTime, type StopReason } from './answers';
import { loadClips, type RecordedSegment, SegmentRecorder } from './recorder';
import { asUploadTarget, type ClientContext, requestUploadTarget, type UploadTarget, uploadSegment } from './upload-client';
import { ASAP_BACKLOG_SECONDS, type CameraOptions, type CameraReport, type ResolvedCameraOptions, withDefaults } from './camera-options';
import { sleep, Wakeup } from './waiting';

export type { Counters, StopReason } from './answers';
export type { CameraOptions, CameraReport } from './camera-options';

export class SimulatedCamera {
  readonly counters: Counters = { recorded: 0, uploaded: 0, duplicates: 0, retries: 0, dropped: 0, refusals: {} };
  private readonly options: ResolvedCameraOptions;
  private readonly recorder: SegmentRecorder;
  private readonly queue: RecordedSegment[] = [];
  private readonly queueChanged = new Wakeup();
  private readonly stopping = new AbortController();
  private readonly answers: AnswerContext;
  private target: UploadTarget | undefined;
  private recordingStartedMs = 0;
  private recording: Promise<void> = Promise.resolve();
  private recordingFinished = false;

  constructor(options: CameraOptions) {
    this.options = withDefaults(options);
    this.recorder = new SegmentRecorder(options.clips ?? loadClips(), this.options.segmentSeconds, this.options.motionEvery);
    const signal = options.signal ? AbortSignal.any([options.signal, this.stopping.signal]) : this.stopping.signal;
    const client: ClientContext = {
      fetch: options.fetch ?? fetch,
      credentials: { mac: options.mac, userTag: options.userTag, streamId: options.streamId },
      signal,
      timeoutMs: this.options.requestTimeoutMs,
    };
    this.answers = {
      client,
      signal,
      counters: this.counters,
      clock: { offsetSeconds: 0 },
      backoff: this.options.backoff,
      pausedRetryMs: this.options.pausedRetrySeconds * 1000,
      log: (text) => this.options.log?.(`${clockText(this.nowMs())} ${text}`),
      recordingFinished: () => this.recordingFinished,
      rediscover: () => this.discover(),
    };
  }

  /** Camera clock (epoch ms): the local clock corrected by the offset measured from the server's time. */
  nowMs(): number {
    return Date.now() + this.answers.clock.offsetSeconds * 1000;
  }

  /** Runs until the recording is uploaded, the signal aborts, or the server refuses the credentials. */
  async run(): Promise<CameraReport> {
    let stoppedBy: StopReason | undefined;
    try {
      stoppedBy = (await this.discover()) ?? (await this.recordAndUpload());
    } catch (error) {
      if (!this.answers.signal.aborted) throw error; // A request cancelled by Ctrl-C: a stop, not a failure.
    } finally {
      this.stopping.abort(); // Stops the recorder when the uploader ended first (refused credentials).
      await this.recording;
    }
    // 'aborted' from the loops may be the camera's own stop; only the caller's signal makes it a Ctrl-C.
    if (stoppedBy === undefined || stoppedBy === 'aborted') stoppedBy = this.options.signal?.aborted ? 'aborted' : 'finished';
    return { stoppedBy, counters: this.counters, clockOffsetSeconds: this.answers.clock.offsetSeconds, detail: this.answers.stopDetail };
  }

  private recordAndUpload(): Promise<StopReason | undefined> {
    // 'asap' uploads footage faster than it is filmed: as a backlog that ends now, since the platform refuses
    // segments that start after its clock (+ skew). Unbounded 'asap' runs get a day of backlog.
    const backlogMs = this.options.pace === 'asap' ? (this.options.durationSeconds ?? ASAP_BACKLOG_SECONDS) * 1000 : 0;
    this.recordingStartedMs = Date.now() - backlogMs;
    if (this.options.pace === 'realtime') this.recording = this.recordInRealtime();
    return this.uploadQueued();
  }

  /** Asks the API host where to upload until it answers (or refuses for good); measures the clock offset. */
  private async discover(): Promise<StopReason | undefined> {
    for (let attempt = 0; !this.answers.signal.aborted; attempt++) {
      const answer = await requestUploadTarget(this.answers.client, this.options.apiUrl, this.timestamp());
      const target = answer.kind === 'accepted' ? asUploadTarget(answer.data) : undefined;
      if (target) {
        this.answers.clock.offsetSeconds = offsetFromServerTime(target.serverTime);
        this.target = target;
        this.answers.log(`upload target ${target.uploadUrl} (≤ ${Math.round(target.maxSegmentBytes / 1024)} KB, ≤ ${target.maxSegmentSeconds} s), clock offset ${signed(this.answers.clock.offsetSeconds)} s`);
        return undefined;
      }
      const next = await handleTargetAnswer(this.answers, answer, attempt);
      if (next !== 'retry') return next;
    }
    return 'aborted';
  }

  private async uploadQueued(): Promise<StopReason | undefined> {
    for (let segment = await this.nextSegment(); segment; segment = await this.nextSegment()) {
      const stoppedBy = await this.deliver(segment);
      if (stoppedBy) return stoppedBy;
    }
    return undefined;
  }

  /** Uploads one segment, retrying as its answers say, until it is stored or dropped. */
  private async deliver(segment: RecordedSegment): Promise<StopReason | undefined> {
    for (let attempt = 0; !this.answers.signal.aborted; attempt++) {
      const target = this.target;
      if (!target) return 'aborted';
      if (segment.bytes.length > target.maxSegmentBytes || segment.durationSeconds > target.maxSegmentSeconds) {
        this.counters.dropped++;
        this.answers.log(`segment ${segment.start} dropped: larger than the upload target allows`);
        return undefined;
      }
      const answer = await uploadSegment(this.answers.client, target.uploadUrl, segment, this.timestamp());
      const next = await handleSegmentAnswer(this.answers, answer, segment, attempt);
      if (next === 'done') return undefined;
      if (next !== 'retry') return next;
    }
    return undefined;
  }

  /** The oldest recorded segment; in 'asap' pace it is recorded on demand. Undefined when there are no more. */
  private async nextSegment(): Promise<RecordedSegment | undefined> {
    while (!this.answers.signal.aborted) {
      const queued = this.queue.shift();
      if (queued) return queued;
      if (this.options.pace === 'asap' && !this.recordingFinished) return this.recordNext();
      if (this.recordingFinished) return undefined;
      await Promise.race([this.queueChanged.wait(), abortion(this.answers.signal)]);
    }
    return undefined;
  }

  /** Records a segment every segmentSeconds, on a fixed schedule (no drift from timer jitter). */
  private async recordInRealtime(): Promise<void> {
    while (!this.recordingFinished && !this.answers.signal.aborted) {
      const endsAtMs = this.recordingStartedMs + (this.counters.recorded + 1) * this.options.segmentSeconds * 1000;
      await sleep(endsAtMs - Date.now(), this.answers.signal);
      if (this.answers.signal.aborted) break;
      this.queue.push(this.recordNext());
      if (this.queue.length > this.options.bufferSegments) {
        const oldest = this.queue.shift();
        this.counters.dropped++;
        this.answers.log(`segment ${oldest?.start} dropped: buffer full (${this.options.bufferSegments} segments)`);
      }
      this.queueChanged.notify();
    }
    this.recordingFinished = true;
    this.queueChanged.notify();
  }

  /** The next segment; its start is when its first frame was recorded, by the camera clock. */
  private recordNext(): RecordedSegment {
    const { segmentSeconds, durationSeconds } = this.options;
    const startMs = this.recordingStartedMs + this.counters.recorded * segmentSeconds * 1000 + this.answers.clock.offsetSeconds * 1000;
    const segment = this.recorder.record(Math.floor(startMs / 1000));
    this.counters.recorded++;
    if (durationSeconds !== undefined && this.counters.recorded * segmentSeconds >= durationSeconds) this.recordingFinished = true;
    return segment;
  }

  private timestamp(): number {
    return Math.floor(this.nowMs() / 1000);
  }
}

/** Runs a camera to its end (see SimulatedCamera). */
export function runCamera(options: CameraOptions): Promise<CameraReport> {
  return new SimulatedCamera(options).run();
}

function abortion(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));
}

function clockText(epochMs: number): string {
  return new Date(epochMs).toTimeString().slice(0, 8);
}

function signed(value: number): string {
  return `${value >= 0 ? '+' : ''}${value.toFixed(1)}`;
}
