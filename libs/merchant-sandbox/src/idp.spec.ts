/** The merchant endpoints of spec 4.3 over real HTTP, signature checking off. */
import { type MerchantSandbox, startMerchantSandbox } from './sandbox';
import { call } from './test/http';

describe('merchant endpoints (spec 4.3)', () => {
  let clock: number;
  let sandbox: MerchantSandbox;
  beforeAll(async () => {
    clock = 1_700_000_000_000;
    sandbox = await startMerchantSandbox({ now: () => clock });
  });
  afterAll(() => sandbox.close());

  const get = (path: string) => call(sandbox.url, 'GET', path);

  describe('GET /idp/is_valid_token', () => {
    it('answers 200 with the user of the token (spec 2.3)', async () => {
      const user = sandbox.store.create({ username: 'ada@example.com', name: 'Ada Lovelace', nickname: 'ada', phone: '+44 1', country: 'GB' });
      const token = sandbox.store.issueToken(user.uuid)!;
      expect(await get(`/idp/is_valid_token?token=${encodeURIComponent(token)}`)).toEqual({
        status: 200,
        body: { errorCode: '', failureDetails: '', user: { uuid: user.uuid, username: 'ada@example.com', name: 'Ada Lovelace', nickname: 'ada', phone: '+44 1', country: 'GB' } },
      });
    });

    it('reflects changes to the user', async () => {
      const { uuid } = sandbox.store.create({ username: 'b@example.com', name: 'B' });
      const token = sandbox.store.issueToken(uuid)!;
      sandbox.store.update(uuid, { name: 'B2' });
      expect((await get(`/idp/is_valid_token?token=${token}`)).body.user.name).toBe('B2');
    });

    it.each([
      ['an unknown token', '?token=not-a-token'],
      ['an empty token', '?token='],
      ['no token', ''],
    ])('answers 401 "token is invalid" for %s', async (_case, query) => {
      expect(await get(`/idp/is_valid_token${query}`)).toEqual({ status: 401, body: { errorCode: 'MS0401', failureDetails: 'token is invalid' } });
    });

    it('answers 401 once the token has expired', async () => {
      const { uuid } = sandbox.store.create({ username: 'c@example.com', name: 'C' });
      const token = sandbox.store.issueToken(uuid, 30)!;
      expect((await get(`/idp/is_valid_token?token=${token}`)).status).toBe(200);
      clock += 30_000;
      expect(await get(`/idp/is_valid_token?token=${token}`)).toEqual({ status: 401, body: { errorCode: 'MS0401', failureDetails: 'token is invalid' } });
    });

    it('answers 401 once the user is deleted', async () => {
      const { uuid } = sandbox.store.create({ username: 'd@example.com', name: 'D' });
      const token = sandbox.store.issueToken(uuid)!;
      sandbox.store.delete(uuid);
      expect((await get(`/idp/is_valid_token?token=${token}`)).status).toBe(401);
    });
  });

  describe('GET /idp/get_user_profile', () => {
    it('answers 200 with the user', async () => {
      const user = sandbox.store.create({ username: 'e@example.com', name: 'E', country: 'NL' });
      expect(await get(`/idp/get_user_profile?uuid=${user.uuid}`)).toEqual({ status: 200, body: { errorCode: '', failureDetails: '', user } });
    });

    it.each([
      ['an unknown uuid', '?uuid=nobody'],
      ['no uuid', ''],
    ])('answers 401 "user profile not exists" for %s', async (_case, query) => {
      expect(await get(`/idp/get_user_profile${query}`)).toEqual({ status: 401, body: { errorCode: 'MS0402', failureDetails: 'user profile not exists' } });
    });

    it('answers 401 after the user is deleted', async () => {
      const { uuid } = sandbox.store.create({ username: 'f@example.com', name: 'F' });
      sandbox.store.delete(uuid);
      expect((await get(`/idp/get_user_profile?uuid=${uuid}`)).body).toEqual({ errorCode: 'MS0402', failureDetails: 'user profile not exists' });
    });
  });

  it('ignores signature headers while checking is off', async () => {
    const user = sandbox.store.create({ username: 'g@example.com', name: 'G' });
    const res = await call(sandbox.url, 'GET', `/idp/get_user_profile?uuid=${user.uuid}`, { headers: { 'x-client-time': '1', 'x-version': '1.0', 'x-client-Id': 'c', sign: 'bad' } });
    expect(res.status).toBe(200);
    expect(sandbox.signatureVerdicts()).toEqual([]);
  });
});
