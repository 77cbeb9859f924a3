import { grantState, planTypeLabel } from './grants';

const base = { grantStatus: 3, endTime: 2_000, revokedAt: null, revokeReason: null };

it('names a grant state as the permission service decides it', () => {
  expect(grantState({ ...base, grantStatus: 1, endTime: null }, 1_000)).toBe('waiting for activation');
  expect(grantState(base, 1_000)).toBe('active');
  expect(grantState(base, 2_000)).toBe('over');
  expect(grantState({ ...base, revokedAt: '2026-11-24T00:00:00Z', revokeReason: 'device-unbound' }, 1_000)).toBe('revoked (device-unbound)');
  expect(grantState({ ...base, grantStatus: 7 }, 1_000)).toBe('status 7');
});

it('names plan types', () => {
  expect(planTypeLabel(1)).toBe('paid');
  expect(planTypeLabel(2)).toBe('free (type 2)');
  expect(planTypeLabel(9)).toBe('type 9');
});
