import { auditCall, auditResultColor, auditWhat, operationLabel } from './audit';

it('reads an audit entry as what was done (its route\'s summary), the call beside it', () => {
  expect(auditWhat({ method: 'POST', path: '/admin/v1/merchants/abc/secret', operationId: 'postMerchantsClientIdSecret' })).toBe('Rotate the clientSecret');
  expect(auditWhat({ method: 'POST', path: '/admin/v1/merchants', operationId: 'postMerchants' })).toBe('Register a merchant');
  expect(auditWhat({ method: 'PATCH', path: '/admin/v1/merchants/abc', operationId: 'patchMerchantsClientId' })).toBe('Change a merchant');
  expect(auditWhat({ method: 'PUT', path: '/admin/v1/nowhere', operationId: null })).toBe('PUT /admin/v1/nowhere');
  expect(auditWhat({ method: 'PUT', path: '/admin/v1/gone', operationId: 'putGone' })).toBe('PUT /admin/v1/gone');
  expect(auditCall({ method: 'POST', path: '/admin/v1/merchants', operationId: 'postMerchants' })).toBe('POST /admin/v1/merchants');
});

it('labels every changing route of the table in a few words', () => {
  expect(operationLabel('x', { x: 'Mark a dead letter of device-service handled; with {"replay": true} apply the event again first' })).toBe('Mark a dead letter of device-service handled');
  expect(operationLabel('x', { x: 'Disable a merchant: every SSO call and its users\' gateway calls are refused' })).toBe('Disable a merchant');
});

it('colours each result differently', () => {
  const colours = (['ok', 'refused', 'failed', 'pending'] as const).map(auditResultColor);
  expect(new Set(colours).size).toBe(4);
});
