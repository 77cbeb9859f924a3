import { auditResultColor, auditWhat } from './audit';

it('reads an audit entry as its method, path and route name', () => {
  expect(auditWhat({ method: 'POST', path: '/admin/v1/merchants', operationId: 'postMerchants' })).toBe('POST /admin/v1/merchants (postMerchants)');
  expect(auditWhat({ method: 'PUT', path: '/admin/v1/nowhere', operationId: null })).toBe('PUT /admin/v1/nowhere');
});

it('colours each result differently', () => {
  const colours = (['ok', 'refused', 'failed', 'pending'] as const).map(auditResultColor);
  expect(new Set(colours).size).toBe(4);
});
