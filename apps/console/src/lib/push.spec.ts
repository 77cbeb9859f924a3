import { alarmTypeName, deliveryStateBadge, healthBadge, needsAttention, providerLabel, retentionLabel, summaryLine, utcDay } from './push';

it('names the alarm types cameras send, and an unknown one by its number', () => {
  expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(alarmTypeName)).toEqual(['motion', 'sound', 'human', 'doorbell', 'offline', 'low battery', 'tamper', 'vehicle', 'pet', 'package']);
  expect(alarmTypeName(0)).toBe('alarm 0');
  expect(alarmTypeName(4711)).toBe('alarm 4711');
});

it('colours a delivery by its state: sent green, pending neutral, invalid token and cancelled grey, dead red', () => {
  expect(deliveryStateBadge('sent')).toEqual({ color: 'green', label: 'sent' });
  expect(deliveryStateBadge('pending')).toEqual({ color: 'blue', label: 'pending' });
  expect(deliveryStateBadge('invalid_token')).toEqual({ color: 'gray', label: 'invalid token' });
  expect(deliveryStateBadge('cancelled')).toEqual({ color: 'gray', label: 'cancelled' });
  expect(deliveryStateBadge('dead')).toEqual({ color: 'red', label: 'dead' });
});

it('asks for attention when a provider has dead letters or its breaker is open', () => {
  expect(needsAttention({ dead: 0, breaker: 'closed' })).toBe(false);
  expect(needsAttention({ dead: 2, breaker: 'closed' })).toBe(true);
  expect(needsAttention({ dead: 0, breaker: 'open' })).toBe(true);
  expect(healthBadge({ dead: 0, breaker: 'closed' })).toEqual({ color: 'green', label: 'healthy' });
  expect(healthBadge({ dead: 3, breaker: 'closed' })).toEqual({ color: 'red', label: '3 dead' });
  expect(healthBadge({ dead: 3, breaker: 'open' })).toEqual({ color: 'red', label: 'breaker open' });
  expect(healthBadge({ dead: 0, breaker: 'half-open' })).toEqual({ color: 'orange', label: 'breaker half-open' });
});

it('words providers, their summaries and the retention', () => {
  expect(['fcm', 'apns', 'webhook', 'sms'].map(providerLabel)).toEqual(['FCM', 'APNs', 'Push server (webhook)', 'sms']);
  expect(summaryLine({ projectId: 'acme-cams', clientEmail: 'push@acme.example' })).toBe('projectId acme-cams · clientEmail push@acme.example');
  expect(retentionLabel(null, 30)).toBe("30 days (the platform's default)");
  expect(retentionLabel(1, 30)).toBe('1 day');
  expect(retentionLabel(90, 30)).toBe('90 days');
});

it('takes the UTC day of an alarm time, as the recordings pages name days', () => {
  expect(utcDay('2031-03-04T23:59:59.000Z')).toBe('2031-03-04');
  expect(utcDay('not a time')).toBeUndefined();
});
