/**
 * What the camera does with each answer of the upload protocol: store and go on, retry the same request (after
 * the wait the answer calls for), drop the segment and go on, or stop. One table for both requests, so the
 * discovery and the uploads cannot drift apart in how they treat a code.
 */
import type { RecordedSegment } from './recorder';
import type { ClientContext, ProtocolAnswer } from './upload-client';
import { type BackoffPolicy, backoffMs, sleep } from './waiting';

/** Why a camera stopped: nothing more to upload, Ctrl-C, or a refusal only new values from the app can fix. */
export type StopReason = 'finished' | 'aborted' | 'credentials-refused' | 'bad-request' | 'no-plan';
export type NextStep = 'retry' | 'done' | StopReason;

export interface Counters {
  recorded: number;
  /** Stored (201). */
  uploaded: number;
  /** Already stored (200 duplicate: a retry of a segment whose first answer was lost). */
  duplicates: number;
  /** Requests sent again: after 5xx, network errors, CR0402, CR0403 pauses and CR0429. */
  retries: number;
  /** Segments given up: refused for good (CR0400, CR0409, CR0413, CR0415, …) or pushed out of a full buffer. */
  dropped: number;
  /** Refusal answers by error code. */
  refusals: Record<string, number>;
}

export interface AnswerContext {
  client: ClientContext;
  /** Aborts on Ctrl-C or when the camera stops. */
  signal: AbortSignal;
  counters: Counters;
  /** Camera clock minus local clock; corrected from the server's time. */
  clock: { offsetSeconds: number };
  backoff: BackoffPolicy;
  pausedRetryMs: number;
  log: (text: string) => void;
  recordingFinished: () => boolean;
  /** Asks for the upload target again (after a CR0403 pause: the plan may have changed, and with it the store). */
  rediscover: () => Promise<StopReason | undefined>;
  /** The failureDetails of the refusal that stopped the camera. */
  stopDetail?: string;
}

type Refusal = Extract<ProtocolAnswer, { kind: 'refused' }>;
type Request = 'target' | 'segment';

export async function handleTargetAnswer(context: AnswerContext, answer: ProtocolAnswer, attempt: number): Promise<'retry' | StopReason> {
  const label = 'upload target →';
  if (answer.kind === 'refused') {
    const next = await handleRefusal(context, answer, 'target', label, attempt);
    return next === 'done' ? 'retry' : next; // Only a segment can be dropped; a discovery is asked again.
  }
  const why = answer.kind === 'accepted' ? `${answer.status} without an upload target` : describeUnavailable(answer);
  return retryAfterBackoff(context, `${label} ${why}`, attempt);
}

export async function handleSegmentAnswer(context: AnswerContext, answer: ProtocolAnswer, segment: RecordedSegment, attempt: number): Promise<NextStep> {
  const label = `segment ${segment.start} type ${segment.type} ${segment.durationSeconds.toFixed(1)} s ${Math.round(segment.bytes.length / 1024)} KB →`;
  if (answer.kind === 'unavailable') return retryAfterBackoff(context, `${label} ${describeUnavailable(answer)}`, attempt);
  if (answer.kind === 'refused') return handleRefusal(context, answer, 'segment', label, attempt);
  const duplicate = answer.data.duplicate === true;
  if (duplicate) context.counters.duplicates++;
  else context.counters.uploaded++;
  context.log(`${label} ${answer.status} ${duplicate ? 'duplicate (already stored)' : 'stored'}`);
  return 'done';
}

async function handleRefusal(context: AnswerContext, refusal: Refusal, request: Request, label: string, attempt: number): Promise<NextStep> {
  const { counters } = context;
  counters.refusals[refusal.errorCode] = (counters.refusals[refusal.errorCode] ?? 0) + 1;
  const answer = `${label} ${refusal.status} ${refusal.errorCode}`;
  switch (refusal.errorCode) {
    case 'CR0401':
      context.stopDetail = refusal.failureDetails;
      context.log(`${answer} credentials refused (${refusal.failureDetails}): stopping, the app must give new values`);
      return 'credentials-refused';
    case 'CR0402':
      return correctClock(context, refusal, answer, attempt);
    case 'CR0403':
      return pauseWithoutPlan(context, request, answer);
    case 'CR0429': {
      const waitMs = refusal.retryAfterSeconds !== undefined ? refusal.retryAfterSeconds * 1000 : backoffMs(context.backoff, attempt);
      return retryAfter(context, `${answer} quota reached`, waitMs);
    }
  }
  if (request === 'segment') {
    // CR0400, CR0409, CR0413, CR0415 and any other refusal: this segment will never be accepted; the next may.
    counters.dropped++;
    context.log(`${answer} dropped (${refusal.failureDetails})`);
    return 'done';
  }
  if (refusal.errorCode === 'CR0400') {
    context.stopDetail = refusal.failureDetails;
    context.log(`${answer} bad parameter (${refusal.failureDetails}): stopping`);
    return 'bad-request';
  }
  return retryAfterBackoff(context, `${answer} (${refusal.failureDetails})`, attempt);
}

/** Camera clock minus local clock, from a whole-second serverTime (taken as the middle of its second). */
export function offsetFromServerTime(serverTime: number): number {
  return serverTime + 0.5 - Date.now() / 1000;
}

/**
 * CR0402: the camera's clock is off. Take the server's time and sign again at once — unless the correction
 * changed nothing (no serverTime, or the same one again), which a retry at once would not fix either.
 */
async function correctClock(context: AnswerContext, refusal: Refusal, answer: string, attempt: number): Promise<NextStep> {
  const previous = context.clock.offsetSeconds;
  if (refusal.serverTime !== undefined) context.clock.offsetSeconds = offsetFromServerTime(refusal.serverTime);
  const correction = context.clock.offsetSeconds - previous;
  if (Math.abs(correction) >= 1) {
    context.log(`${answer} clock off by ${correction >= 0 ? '+' : ''}${correction.toFixed(1)} s: corrected, signing again at once`);
    context.counters.retries++;
    return 'retry';
  }
  return retryAfterBackoff(context, `${answer} timestamp refused, clock correction ${correction.toFixed(1)} s`, attempt);
}

/** CR0403: no active cloud-recording plan. Ask again every pausedRetryMs; segments recorded meanwhile queue up. */
async function pauseWithoutPlan(context: AnswerContext, request: Request, answer: string): Promise<NextStep> {
  if (context.recordingFinished() && request === 'segment') {
    context.log(`${answer} no active cloud-recording plan: stopping (recording finished)`);
    return 'no-plan';
  }
  context.log(`${answer} no active cloud-recording plan: paused, asking again in ${context.pausedRetryMs / 1000} s`);
  await sleep(context.pausedRetryMs, context.signal);
  context.counters.retries++;
  if (request === 'target') return 'retry'; // The discovery loop asks again itself.
  return (await context.rediscover()) ?? 'retry';
}

function retryAfterBackoff(context: AnswerContext, answer: string, attempt: number): Promise<'retry'> {
  return retryAfter(context, answer, backoffMs(context.backoff, attempt));
}

async function retryAfter(context: AnswerContext, answer: string, waitMs: number): Promise<'retry'> {
  context.log(`${answer}, retrying ${waitMs > 0 ? `in ${(waitMs / 1000).toFixed(1)} s` : 'at once'}`);
  await sleep(waitMs, context.signal);
  context.counters.retries++;
  return 'retry';
}

function describeUnavailable(answer: Extract<ProtocolAnswer, { kind: 'unavailable' }>): string {
  return answer.status !== undefined ? `${answer.status} unavailable` : `network error (${answer.reason})`;
}
