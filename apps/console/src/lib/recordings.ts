/**
 * The recordings part of the device view in words: what is stored, the cloud-recording plan the device's
 * camera uploads under (docs/decisions.md CU6: rolling retention, then RECORDING_GRACE_DAYS after the plan
 * ends) and what it uploaded today against its quota (CU7).
 */
import { utcTime } from './format';

/**
 * The recording types recorders send (docs/decisions.md CS7, as record.query describes them in
 * libs/contracts gateway-responses.ts): 0 normal (continuous), 2 motion, 3 sound; any other 0–65535 is kept as
 * the recorder sent it and shown by its number.
 */
const RECORDING_TYPE_NAMES: Readonly<Record<number, string>> = { 0: 'continuous', 2: 'motion', 3: 'sound' };

/** A recording type in words: 0 → "continuous", 2 → "motion", 3 → "sound", 7 → "type 7". */
export function recordingTypeName(type: number): string {
  return RECORDING_TYPE_NAMES[type] ?? `type ${type}`;
}

/** Bytes as MiB with one decimal ("4.2 MiB"). */
export function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

export interface RecordingPlanFacts {
  readonly retentionDays: number;
  /** Epoch ms. */
  readonly planEndsAt: number;
  /** Epoch ms. */
  readonly graceEndsAt: number;
}

export function recordingPlanLabel(plan: RecordingPlanFacts | null): string {
  if (!plan) return 'No cloud-recording plan on record';
  const days = plan.retentionDays === 1 ? '1 day' : `${plan.retentionDays} days`;
  return `Plan keeps ${days} of footage; ends ${utcTime(plan.planEndsAt)}, grace until ${utcTime(plan.graceEndsAt)}`;
}

export function uploadedTodayLabel(uploaded: { readonly bytes: number; readonly segments: number }): string {
  return `Uploaded today (UTC): ${mib(uploaded.bytes)} in ${uploaded.segments} ${uploaded.segments === 1 ? 'segment' : 'segments'}`;
}

/** Whether changing a plan's retention makes the platform keep less footage than now (the console asks first). */
export function losesFootage(current: number | null, next: number | null): boolean {
  return current !== null && (next === null || next < current);
}
