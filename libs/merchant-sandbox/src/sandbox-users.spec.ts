/** The sandbox management API over real HTTP. */
import { type MerchantSandbox, startMerchantSandbox } from './sandbox';
import { call } from './test/http';

describe('sandbox management API', () => {
  let clock: number;
  let sandbox: MerchantSandbox;
  beforeEach(async () => {
    clock = 1_700_000_000_000;
    sandbox = await startMerchantSandbox({ now: () => clock });
  });
  afterEach(() => sandbox.close());

  const api = (method: string, path: string, body?: unknown) => call(sandbox.url, method, path, { body });

  it('creates a user (201) with a generated uuid and lists it', async () => {
    const created = await api('POST', '/sandbox/users', { username: 'ada@example.com', name: 'Ada', nickname: 'ada' });
    expect(created).toEqual({ status: 201, body: { uuid: expect.any(String), username: 'ada@example.com', name: 'Ada', nickname: 'ada', phone: '', country: '' } });
    expect(await api('GET', '/sandbox/users')).toEqual({ status: 200, body: [created.body] });
    expect(await api('GET', `/sandbox/users/${created.body.uuid}`)).toEqual({ status: 200, body: created.body });
  });

  it('takes a chosen uuid and refuses it twice (409)', async () => {
    expect((await api('POST', '/sandbox/users', { uuid: 'u-1', username: 'a@example.com', name: 'A' })).body.uuid).toBe('u-1');
    expect(await api('POST', '/sandbox/users', { uuid: 'u-1', username: 'b@example.com', name: 'B' })).toEqual({
      status: 409,
      body: { errorCode: 'MS0409', failureDetails: 'user u-1 already exists' },
    });
  });

  it.each([
    [{ name: 'A' }, 'username'],
    [{ username: '', name: 'A' }, 'username'],
    [{ username: 'a@example.com', name: 'A', phone: 5 }, 'phone'],
    [{ username: 'a@example.com', name: 'A', colour: 'red' }, 'colour'],
  ])('refuses the body %j with 400 naming %s', async (body, field) => {
    const res = await api('POST', '/sandbox/users', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errorCode: 'MS0400', failureDetails: expect.stringContaining(field) });
  });

  it('changes a user with PATCH but never its uuid', async () => {
    const { uuid } = (await api('POST', '/sandbox/users', { username: 'a@example.com', name: 'A' })).body;
    expect(await api('PATCH', `/sandbox/users/${uuid}`, { name: 'A2', country: 'NL' })).toEqual({
      status: 200,
      body: { uuid, username: 'a@example.com', name: 'A2', nickname: '', phone: '', country: 'NL' },
    });
    expect((await api('PATCH', `/sandbox/users/${uuid}`, { uuid: 'other' })).status).toBe(400);
    expect(await api('PATCH', '/sandbox/users/nobody', { name: 'X' })).toEqual({ status: 404, body: { errorCode: 'MS0404', failureDetails: 'user nobody not found' } });
  });

  it('deletes a user (204), then 404', async () => {
    const { uuid } = (await api('POST', '/sandbox/users', { username: 'a@example.com', name: 'A' })).body;
    expect(await api('DELETE', `/sandbox/users/${uuid}`)).toEqual({ status: 204, body: undefined });
    expect((await api('DELETE', `/sandbox/users/${uuid}`)).status).toBe(404);
    expect((await api('GET', `/sandbox/users/${uuid}`)).status).toBe(404);
    expect((await api('GET', '/sandbox/users')).body).toEqual([]);
  });

  it('issues a token (201) that the merchant endpoint accepts until its ttl runs out', async () => {
    const { uuid } = (await api('POST', '/sandbox/users', { username: 'a@example.com', name: 'A' })).body;
    const issued = await api('POST', `/sandbox/users/${uuid}/tokens`, { ttlSeconds: 120 });
    expect(issued).toEqual({ status: 201, body: { token: expect.any(String), expiresAt: new Date(clock + 120_000).toISOString() } });
    const validate = () => api('GET', `/idp/is_valid_token?token=${encodeURIComponent(issued.body.token)}`);
    expect((await validate()).body.user.uuid).toBe(uuid);
    clock += 120_000;
    expect((await validate()).status).toBe(401);
  });

  it('issues a one-hour token when no body or no ttl is given', async () => {
    const { uuid } = (await api('POST', '/sandbox/users', { username: 'a@example.com', name: 'A' })).body;
    const res = await fetch(`${sandbox.url}/sandbox/users/${uuid}/tokens`, { method: 'POST' });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { expiresAt: string }).expiresAt).toBe(new Date(clock + 3_600_000).toISOString());
    expect((await api('POST', `/sandbox/users/${uuid}/tokens`, {})).body.expiresAt).toBe(new Date(clock + 3_600_000).toISOString());
  });

  it('refuses tokens for unknown users (404) and bad ttls (400)', async () => {
    expect((await api('POST', '/sandbox/users/nobody/tokens', {})).status).toBe(404);
    const { uuid } = (await api('POST', '/sandbox/users', { username: 'a@example.com', name: 'A' })).body;
    for (const ttlSeconds of [0, -1, 1.5, '60']) expect((await api('POST', `/sandbox/users/${uuid}/tokens`, { ttlSeconds })).status).toBe(400);
  });
});
