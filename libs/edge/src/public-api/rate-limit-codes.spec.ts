import { ErrorCode, GATEWAY_OPERATIONS, SSO_OPERATIONS } from '@dcp/contracts';
import { operationCodes, ssoCodes } from './public-openapi';

describe('the API document lists the rate-limit refusal (decisions AB1)', () => {
  it.each(Object.values(GATEWAY_OPERATIONS).map((op) => [op.service, op] as const))('on gateway operation %s, first (checked before anything else)', (_service, op) => {
    expect(operationCodes(op)[0]).toBe(ErrorCode.RATE_LIMITED);
  });

  it.each(SSO_OPERATIONS.map((op) => [op.operation, op] as const))('on SSO operation %s, first', (_path, op) => {
    expect(ssoCodes(op)[0]).toBe(ErrorCode.RATE_LIMITED);
  });
});
