import { currentServiceLabel } from './current-service';

it('names the current service as the permission service answers it', () => {
  expect(currentServiceLabel({ name: 'Cloud 30', status: 3, flag: 1, validity: '30 days' })).toBe('Cloud 30 (paid, 30 days)');
  expect(currentServiceLabel({ name: 'free 8-hour cloud storage', status: 3, flag: 2, validity: '8 hours' })).toBe('free 8-hour cloud storage (free, 8 hours)');
  expect(currentServiceLabel({ name: '', status: 0, flag: 0, validity: '' })).toBe('no cloud service');
});
