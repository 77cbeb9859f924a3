import { ErrorCode, type SignedSsoRequest } from '@dcp/contracts';
import type { Merchant } from '../merchants/merchant';
import { sha256Hex } from '../common/random';
import { ManualClock } from '@dcp/testing';
import { makeMerchant, makeStoredRefreshToken } from '../test/factories';
import { failure, verifierAccepting } from '../test/fakes';
import type { IssuedToken } from './issued-token';
import { RefreshTokenUseCase } from './refresh-token.use-case';
import type { RefreshTokenStore, StoredRefreshToken } from './session.repository';

/** In-memory refresh tokens with the repository's consume-once rule. */
class FakeSessions implements RefreshTokenStore {
  tokens = new Map<string, StoredRefreshToken & { kind: 'ACCESS' | 'REFRESH' }>();
  /** A token of user 7 (openId open-7) in family fam unless `t` says otherwise: the values the expectations below name. */
  add(hash: string, { kind = 'REFRESH', ...t }: Partial<StoredRefreshToken> & { kind?: 'ACCESS' | 'REFRESH' }) {
    this.tokens.set(hash, { ...makeStoredRefreshToken({ userId: 7, openId: 'open-7', family: 'fam', ...t }), kind });
  }
  async findRefreshToken(hash: string) {
    const t = this.tokens.get(hash);
    return t && t.kind === 'REFRESH' ? { ...t } : null;
  }
  async issueAccess(userId: number, family: string, access: IssuedToken) {
    this.add(access.hash, { userId, family, expiresAt: access.expiresAt, kind: 'ACCESS' });
  }
  async rotate(token: StoredRefreshToken, access: IssuedToken, refresh: IssuedToken, now: number) {
    const stored = [...this.tokens.values()].find((t) => t.id === token.id);
    if (!stored || stored.consumedAt || stored.revokedAt) return false;
    stored.consumedAt = new Date(now);
    this.add(access.hash, { userId: token.userId, family: token.family, expiresAt: access.expiresAt, kind: 'ACCESS' });
    this.add(refresh.hash, { userId: token.userId, family: token.family, expiresAt: refresh.expiresAt });
    return true;
  }
  async revokeFamily(family: string, now: number) {
    let n = 0;
    for (const t of this.tokens.values()) {
      if (t.family === family && !t.revokedAt) {
        t.revokedAt = new Date(now);
        n++;
      }
    }
    return n;
  }
}

function setup(merchantOverrides: Partial<Merchant> = {}) {
  const clock = new ManualClock(1_800_000_000_000);
  const merchant = makeMerchant({ id: 1, ...merchantOverrides });
  const verifier = verifierAccepting(merchant);
  const sessions = new FakeSessions();
  const useCase = new RefreshTokenUseCase(verifier, sessions, clock);
  const refresh = (refreshToken?: string) =>
    useCase.execute({ method: 'POST', path: '/sso/refresh_token', headers: {}, params: refreshToken === undefined ? {} : { refreshToken } } as SignedSsoRequest);
  return { clock, merchant, sessions, refresh };
}

describe('RefreshTokenUseCase (spec 3.1)', () => {
  it('issues a new access token and keeps the refresh token without rotation', async () => {
    const { sessions, refresh } = setup();
    sessions.add(sha256Hex('r1'), {});
    const result = await refresh('r1');
    expect(result).toMatchObject({ refreshToken: 'r1', expiresIn: 7200, openId: 'open-7' });
    expect(result.accessToken).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(sessions.tokens.get(sha256Hex(result.accessToken))).toMatchObject({ kind: 'ACCESS', userId: 7, family: 'fam' });
    await expect(refresh('r1')).resolves.toMatchObject({ refreshToken: 'r1' });
  });

  it('requires the refreshToken parameter', async () => {
    const err = await failure(setup().refresh(undefined));
    expect(err.code).toBe(ErrorCode.SSO_PARAMETER_INVALID);
    expect(err.failureDetails).toContain('refreshToken');
  });

  it('refuses a refreshToken holding a control character, naming it', async () => {
    const err = await failure(setup().refresh('r1\u007f'));
    expect(err).toMatchObject({ code: ErrorCode.SSO_PARAMETER_INVALID, failureDetails: 'parameter refreshToken must not contain control characters' });
  });

  it('answers 030091 for an unknown token', async () => {
    expect((await failure(setup().refresh('nope'))).code).toBe(ErrorCode.SSO_TOKEN_INFO_NOT_EXISTS);
  });

  it("answers 030091 for another merchant's token", async () => {
    const { sessions, refresh } = setup();
    sessions.add(sha256Hex('r1'), { merchantId: 99 });
    expect((await failure(refresh('r1'))).code).toBe(ErrorCode.SSO_TOKEN_INFO_NOT_EXISTS);
  });

  it('answers 030051 once the refresh token expired', async () => {
    const { sessions, refresh, clock } = setup();
    sessions.add(sha256Hex('r1'), { expiresAt: new Date(clock.now() + 1000) });
    await expect(refresh('r1')).resolves.toBeDefined();
    clock.advance(1);
    expect((await failure(refresh('r1'))).code).toBe(ErrorCode.SSO_REFRESH_TOKEN_EXPIRED);
  });

  it('rotates under the merchant option and detects reuse, revoking the family', async () => {
    const { sessions, refresh } = setup({ refreshTokenRotation: true });
    sessions.add(sha256Hex('r1'), {});
    const first = await refresh('r1');
    expect(first.refreshToken).not.toBe('r1');
    expect((await failure(refresh('r1'))).code).toBe(ErrorCode.SSO_REFRESH_TOKEN_REUSED);
    expect([...sessions.tokens.values()].every((t) => t.revokedAt)).toBe(true);
    // The family is revoked: the newest refresh token no longer exists either.
    expect((await failure(refresh(first.refreshToken))).code).toBe(ErrorCode.SSO_TOKEN_INFO_NOT_EXISTS);
  });

  it('treats losing a concurrent rotation as reuse', async () => {
    const { sessions, refresh } = setup({ refreshTokenRotation: true });
    sessions.add(sha256Hex('r1'), {});
    const results = await Promise.allSettled([refresh('r1'), refresh('r1')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason.code).toBe(ErrorCode.SSO_REFRESH_TOKEN_REUSED);
  });
});
