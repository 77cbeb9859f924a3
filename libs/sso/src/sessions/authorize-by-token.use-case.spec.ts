import { ErrorCode, type SignedSsoRequest } from '@dcp/contracts';
import type { MerchantAnswer } from '../merchant-client/merchant-user';
import { sha256Hex } from '../common/random';
import { ManualClock } from '@dcp/testing';
import { makeMerchant, makeMerchantUser } from '../test/factories';
import { failure, fakeMerchantClient, verifierAccepting } from '../test/fakes';
import { AuthorizeByTokenUseCase } from './authorize-by-token.use-case';
import type { IssuedToken } from './issued-token';
import type { SessionLogin } from './session.repository';

function setup(answer: MerchantAnswer) {
  const clock = new ManualClock(1_800_000_000_000);
  const merchant = makeMerchant({ accessTokenTtlSeconds: 600, refreshTokenTtlSeconds: 86400 });
  const stored: { access?: IssuedToken; refresh?: IssuedToken } = {};
  const sessions: SessionLogin = {
    login: async (_m, _u, access, refresh) => {
      Object.assign(stored, { access, refresh });
      return { userId: 1, openId: 'open-1', created: true };
    },
  };
  const useCase = new AuthorizeByTokenUseCase(
    verifierAccepting(merchant),
    fakeMerchantClient(answer).client,
    sessions,
    clock,
  );
  const login = (params: Record<string, string>) => useCase.execute({ method: 'POST', path: '/sso/authorize_by_token', headers: {}, params } as SignedSsoRequest);
  return { login, stored, clock };
}

const user = makeMerchantUser();

describe('AuthorizeByTokenUseCase', () => {
  it('issues opaque tokens, stores only their hashes, and reports the merchant TTL', async () => {
    const s = setup({ kind: 'user', user });
    const result = await s.login({ token: 'merchant-token' });
    expect(result).toMatchObject({ expiresIn: 600, openId: 'open-1' });
    expect(result.accessToken).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(result.refreshToken).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(s.stored.access?.hash).toBe(sha256Hex(result.accessToken));
    expect(s.stored.refresh?.expiresAt.getTime()).toBe(s.clock.now() + 86400_000);
  });

  it('requires the token parameter', async () => {
    const err = await failure(setup({ kind: 'user', user }).login({}));
    expect(err).toMatchObject({ code: ErrorCode.SSO_PARAMETER_INVALID, failureDetails: 'parameter token is required' });
  });

  it('refuses a token holding a control character, naming it, before the merchant is asked', async () => {
    const s = setup({ kind: 'user', user });
    const err = await failure(s.login({ token: 'abc\u0000def' }));
    expect(err).toMatchObject({ code: ErrorCode.SSO_PARAMETER_INVALID, failureDetails: 'parameter token must not contain control characters' });
    expect(s.stored.access).toBeUndefined();
  });

  it('maps a merchant refusal to OP0051 with the merchant text', async () => {
    const err = await failure(setup({ kind: 'refused', errorCode: 'MS0401', failureDetails: 'token is invalid' }).login({ token: 'x' }));
    expect(err).toMatchObject({ code: ErrorCode.SSO_PARTNER_AUTHORIZATION_DENIED, failureDetails: 'partner authorization denied: token is invalid' });
  });
});
