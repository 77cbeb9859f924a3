import { canChange, roleLabel } from './roles';

it('lets only a full-access token change things', () => {
  expect(canChange({ name: 'alice', role: 'full' })).toBe(true);
  expect(canChange({ name: 'ci', role: 'read-only' })).toBe(false);
  expect(canChange(undefined)).toBe(false);
  expect(roleLabel('read-only')).toBe('read only');
});
