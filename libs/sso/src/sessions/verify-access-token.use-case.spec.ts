import { ErrorCode } from '@dcp/contracts';
import { ManualClock } from '@dcp/testing';
import { makeAccessTokenFacts } from '../test/factories';
import { failure, lookupFinding } from '../test/fakes';
import type { AccessTokenFacts } from './access-token.lookup';
import { VerifyAccessTokenUseCase } from './verify-access-token.use-case';

const clock = new ManualClock(1_800_000_000_000);
const valid = makeAccessTokenFacts({ userId: 7, uuid: 'u-7', tokenExpiresAt: new Date(clock.now() + 60_000) });

const verify = (facts: Partial<AccessTokenFacts>) =>
  new VerifyAccessTokenUseCase(lookupFinding({ ...valid, ...facts }), clock).execute({ clientId: 'c', openId: 'o', accessToken: 't' });

describe('VerifyAccessTokenUseCase (spec 5.2 / 7.2)', () => {
  it('returns the user and the expiry in epoch ms', async () => {
    await expect(verify({})).resolves.toEqual({ userId: 7, openId: 'o', clientId: 'c', uuid: 'u-7', expiresAt: valid.tokenExpiresAt!.getTime() });
  });

  it.each<[string, Partial<AccessTokenFacts>, ErrorCode]>([
    ['unknown clientId', { merchantId: null, merchantEnabled: null }, ErrorCode.FC_AUTH_APPKEY_NOT_EXISTS],
    ['disabled merchant', { merchantEnabled: false }, ErrorCode.FC_AUTH_APPKEY_NOT_EXISTS],
    ['unknown openId', { userId: null, userMerchantId: null }, ErrorCode.FC_AUTH_OPENID_NOT_EXISTS],
    ["another merchant's openId", { userMerchantId: 2 }, ErrorCode.FC_AUTH_OPENID_NOT_MATCH],
    ['unknown token', { tokenUserId: null, tokenKind: null, tokenExpiresAt: null }, ErrorCode.FC_AUTH_ACCESSTOKEN_NOT_MATCH],
    ["another user's token", { tokenUserId: 8 }, ErrorCode.FC_AUTH_ACCESSTOKEN_NOT_MATCH],
    ['a refresh token', { tokenKind: 'REFRESH' }, ErrorCode.FC_AUTH_ACCESSTOKEN_NOT_MATCH],
    ['a revoked token', { tokenRevokedAt: new Date() }, ErrorCode.FC_AUTH_ACCESSTOKEN_NOT_MATCH],
    ['an expired token', { tokenExpiresAt: new Date(clock.now()) }, ErrorCode.FC_AUTH_ACCESSTOKEN_EXPIRED],
  ])('%s → %s', async (_case, facts, code) => {
    expect((await failure(verify(facts))).code).toBe(code);
  });
});
