/**
 * The recordings part of the device view in words: what is stored, the cloud-recording plan the device's
 * camera uploads under (docs/decisions.md CU6: rolling retention, then RECORDING_GRACE_DAYS after the plan
 * ends) and what it uploaded today against its quota (CU7).
 */
import { utcTime } from './format';

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
