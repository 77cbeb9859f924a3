import { losesFootage, mib, recordingPlanLabel, recordingTypeName, uploadedTodayLabel } from './recordings';

it('names the plan the camera uploads under with its end and grace end in UTC, or that there is none', () => {
  const planEndsAt = Date.parse('2031-03-04T05:06:07Z');
  expect(recordingPlanLabel({ retentionDays: 7, planEndsAt, graceEndsAt: planEndsAt + 7 * 86_400_000 })).toBe(
    'Plan keeps 7 days of footage; ends 2031-03-04 05:06:07 UTC, grace until 2031-03-11 05:06:07 UTC',
  );
  expect(recordingPlanLabel({ retentionDays: 1, planEndsAt, graceEndsAt: planEndsAt })).toMatch(/^Plan keeps 1 day of footage;/);
  expect(recordingPlanLabel(null)).toBe('No cloud-recording plan on record');
});

it('states today\'s uploads in MiB and segments', () => {
  expect(uploadedTodayLabel({ bytes: 5_242_880, segments: 12 })).toBe('Uploaded today (UTC): 5.0 MiB in 12 segments');
  expect(uploadedTodayLabel({ bytes: 3760, segments: 1 })).toBe('Uploaded today (UTC): 0.0 MiB in 1 segment');
  expect(mib(0)).toBe('0.0 MiB');
});

it('asks before a retention change that keeps less footage: shorter or cleared, not longer, not a first one', () => {
  expect(losesFootage(30, 7)).toBe(true);
  expect(losesFootage(30, null)).toBe(true);
  expect(losesFootage(7, 30)).toBe(false);
  expect(losesFootage(7, 7)).toBe(false);
  expect(losesFootage(null, 7)).toBe(false);
  expect(losesFootage(null, null)).toBe(false);
});

describe('recording types in words (CS7)', () => {
  it('names the types recorders send and shows any other by its number', () => {
    expect([0, 2, 3, 7].map(recordingTypeName)).toEqual(['continuous', 'motion', 'sound', 'type 7']);
  });
});
