import { lifetime, utcTime } from './format';

it('shows times in UTC to the second, and a dash for none', () => {
  expect(utcTime('2026-11-24T09:30:12.345Z')).toBe('2026-11-24 09:30:12 UTC');
  expect(utcTime(Date.parse('2026-11-24T09:30:12Z'))).toBe('2026-11-24 09:30:12 UTC');
  expect(utcTime(null)).toBe('—');
  expect(utcTime('not a time')).toBe('not a time');
});

it('shows lifetimes in the largest whole unit', () => {
  expect(lifetime(7200)).toBe('2 h');
  expect(lifetime(2592000)).toBe('30 d');
  expect(lifetime(90)).toBe('90 s');
  expect(lifetime(120)).toBe('2 min');
});
