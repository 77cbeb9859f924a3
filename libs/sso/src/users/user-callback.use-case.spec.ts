import { ErrorCode, type SignedSsoRequest } from '@dcp/contracts';
import type { MerchantAnswer } from '../merchant-client/merchant-user';
import { makeMerchant, makeMerchantUser } from '../test/factories';
import { failure, fakeMerchantClient, verifierAccepting } from '../test/fakes';
import type { ShadowUserStore } from './shadow-user.repository';
import { UserCallbackUseCase } from './user-callback.use-case';

function setup(answer: MerchantAnswer | Error, shadowUsers: string[] = ['u-1']) {
  const users = new Set(shadowUsers);
  const events: string[] = [];
  const { client: merchantClient, asked: calls } = fakeMerchantClient(answer);
  const repo: ShadowUserStore = {
    exists: async (_id, uuid) => users.has(uuid),
    updateProfile: async (_m, u) => users.has(u.uuid) && !!events.push(`updated:${u.uuid}`),
    delete: async (_m, uuid) => {
      if (!users.delete(uuid)) return undefined;
      events.push(`deleted:${uuid}`);
      return 1;
    },
  };
  const useCase = new UserCallbackUseCase(verifierAccepting(makeMerchant()), merchantClient, repo);
  const callback = (params: Record<string, string>) => useCase.execute({ method: 'POST', path: '/sso/user_callback', headers: {}, params } as SignedSsoRequest);
  return { callback, calls, events, users };
}

describe('UserCallbackUseCase', () => {
  it.each([
    [{ uuid: 'u-1' }, 'operation'],
    [{ operation: 'REMOVE', uuid: 'u-1' }, 'operation'],
    [{ operation: 'update', uuid: 'u-1' }, 'operation'],
    [{ operation: 'UPDATE' }, 'uuid'],
    [{ operation: 'UPDATE', uuid: 'x'.repeat(129) }, 'uuid'],
    [{ operation: 'DELETE', uuid: 'u-1\u0000' }, 'uuid'],
    [{ operation: 'UPDATE', uuid: '\u009bu-1' }, 'uuid'],
    [{ operation: 'DELETE\n', uuid: 'u-1' }, 'operation'],
  ])('refuses %j naming %s, before asking the merchant or touching the account', async (params, name) => {
    const s = setup({ kind: 'user', user: makeMerchantUser({ uuid: 'u-1' }) });
    const err = await failure(s.callback(params));
    expect(err.code).toBe(ErrorCode.SSO_PARAMETER_INVALID);
    expect(err.failureDetails).toContain(name);
    expect(s.calls).toEqual([]);
    expect(s.events).toEqual([]);
  });

  it('UPDATE refreshes the shadow account with what the merchant returns', async () => {
    const s = setup({ kind: 'user', user: makeMerchantUser({ uuid: 'u-1' }) });
    await expect(s.callback({ operation: 'UPDATE', uuid: 'u-1' })).resolves.toEqual({});
    expect(s.events).toEqual(['updated:u-1']);
  });

  it('UPDATE of a user unknown to the merchant → SSO_USER_NOT_FOUND', async () => {
    const s = setup({ kind: 'refused', errorCode: 'X', failureDetails: 'user profile not exists' });
    expect((await failure(s.callback({ operation: 'UPDATE', uuid: 'u-1' }))).code).toBe(ErrorCode.SSO_USER_NOT_FOUND);
    expect(s.events).toEqual([]);
  });

  it('UPDATE of a user who never signed in succeeds without an event', async () => {
    const s = setup({ kind: 'user', user: makeMerchantUser({ uuid: 'u-2' }) });
    await s.callback({ operation: 'UPDATE', uuid: 'u-2' });
    expect(s.events).toEqual([]);
  });

  it('UPDATE refuses a merchant answering with another user', async () => {
    const err = await failure(setup({ kind: 'user', user: makeMerchantUser({ uuid: 'u-9' }) }).callback({ operation: 'UPDATE', uuid: 'u-1' }));
    expect(err.code).toBe(ErrorCode.SSO_MERCHANT_UNAVAILABLE);
    expect(err.failureDetails).toContain('u-9');
  });

  it('DELETE refuses while the merchant still returns the user', async () => {
    const s = setup({ kind: 'user', user: makeMerchantUser({ uuid: 'u-1' }) });
    const err = await failure(s.callback({ operation: 'DELETE', uuid: 'u-1' }));
    expect(err.code).toBe(ErrorCode.SSO_USER_STILL_EXISTS);
    expect(err.failureDetails).toMatch(/still returns user u-1/);
    expect(s.users.has('u-1')).toBe(true);
  });

  it('DELETE removes the account once the merchant confirms, and a repeat is a quiet success', async () => {
    const s = setup({ kind: 'refused', errorCode: 'X', failureDetails: 'user profile not exists' });
    await s.callback({ operation: 'DELETE', uuid: 'u-1' });
    await s.callback({ operation: 'DELETE', uuid: 'u-1' });
    expect(s.events).toEqual(['deleted:u-1']);
    expect(s.calls).toEqual(['u-1']); // the repeat did not need to ask the merchant
  });

  it('DELETE propagates an unavailable merchant and keeps the account', async () => {
    const s = setup(Object.assign(new Error('down'), { code: ErrorCode.SSO_MERCHANT_UNAVAILABLE }));
    await failure(s.callback({ operation: 'DELETE', uuid: 'u-1' }));
    expect(s.users.has('u-1')).toBe(true);
  });
});
