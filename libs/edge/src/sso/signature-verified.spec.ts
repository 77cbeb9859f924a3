import { ErrorCode, PlatformError, SSO_SIGNATURE_CODES } from '@dcp/contracts';
import { refusedAfterVerification } from './signature-verified';

describe('refusedAfterVerification (decisions SDE1)', () => {
  it.each([
    ['authorize_by_token', ErrorCode.SSO_PARTNER_AUTHORIZATION_DENIED],
    ['authorize_by_token', ErrorCode.SSO_MERCHANT_UNAVAILABLE],
    ['refresh_token', ErrorCode.SSO_TOKEN_INFO_NOT_EXISTS],
    ['refresh_token', ErrorCode.SSO_REFRESH_TOKEN_EXPIRED],
    ['refresh_token', ErrorCode.SSO_REFRESH_TOKEN_REUSED],
    ['user_callback', ErrorCode.SSO_USER_NOT_FOUND],
    ['user_callback', ErrorCode.SSO_USER_STILL_EXISTS],
  ])('%s refused with %s: the signature was verified', (operation, code) => {
    expect(refusedAfterVerification(operation, new PlatformError(code))).toBe(true);
  });

  it('a signature refusal, OP0046, 000099 or anything but a PlatformError shows nothing', () => {
    for (const operation of ['authorize_by_token', 'refresh_token', 'user_callback']) {
      for (const code of SSO_SIGNATURE_CODES) expect(refusedAfterVerification(operation, new PlatformError(code))).toBe(false);
      expect(refusedAfterVerification(operation, new Error('boom'))).toBe(false);
    }
  });

  it('an operation\'s code answering another operation, or an unknown operation, shows nothing', () => {
    expect(refusedAfterVerification('authorize_by_token', new PlatformError(ErrorCode.SSO_REFRESH_TOKEN_REUSED))).toBe(false);
    expect(refusedAfterVerification('nope', new PlatformError(ErrorCode.SSO_MERCHANT_UNAVAILABLE))).toBe(false);
  });
});
