import { MerchantUserStore, UserAlreadyExistsError } from './user-store';

describe('MerchantUserStore', () => {
  let clock: number;
  let store: MerchantUserStore;
  beforeEach(() => {
    clock = 1_700_000_000_000;
    store = new MerchantUserStore(() => clock);
  });

  it('fills the optional fields of spec 2.3 with empty strings and generates a uuid', () => {
    const user = store.create({ username: 'a@example.com', name: 'A' });
    expect(user).toEqual({ uuid: expect.stringMatching(/^[0-9a-f-]{36}$/), username: 'a@example.com', name: 'A', nickname: '', phone: '', country: '' });
    expect(store.get(user.uuid)).toEqual(user);
  });

  it('refuses a uuid that is taken', () => {
    store.create({ uuid: 'u1', username: 'a@example.com', name: 'A' });
    expect(() => store.create({ uuid: 'u1', username: 'b@example.com', name: 'B' })).toThrow(UserAlreadyExistsError);
  });

  it('keeps the uuid on update and ignores undefined changes', () => {
    const { uuid } = store.create({ username: 'a@example.com', name: 'A', country: 'NL' });
    expect(store.update(uuid, { name: 'B', country: undefined })).toMatchObject({ uuid, name: 'B', country: 'NL' });
    expect(store.update('missing', { name: 'B' })).toBeUndefined();
  });

  it('hands out copies, so callers cannot change stored users', () => {
    const { uuid } = store.create({ username: 'a@example.com', name: 'A' });
    store.get(uuid)!.name = 'changed';
    store.list()[0].name = 'changed';
    expect(store.get(uuid)!.name).toBe('A');
  });

  it('resolves a token until it expires', () => {
    const { uuid } = store.create({ username: 'a@example.com', name: 'A' });
    const token = store.issueToken(uuid, 60)!;
    expect(store.tokenExpiresAt(token)).toBe(clock + 60_000);
    clock += 59_999;
    expect(store.userForToken(token)?.uuid).toBe(uuid);
    clock += 1;
    expect(store.userForToken(token)).toBeUndefined();
  });

  it('issues distinct opaque tokens only for existing users', () => {
    const { uuid } = store.create({ username: 'a@example.com', name: 'A' });
    const a = store.issueToken(uuid)!;
    const b = store.issueToken(uuid)!;
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(store.issueToken('missing')).toBeUndefined();
  });

  it('forgets a deleted user and its tokens', () => {
    const { uuid } = store.create({ username: 'a@example.com', name: 'A' });
    const token = store.issueToken(uuid)!;
    expect(store.delete(uuid)).toBe(true);
    expect(store.get(uuid)).toBeUndefined();
    expect(store.userForToken(token)).toBeUndefined();
    expect(store.tokenExpiresAt(token)).toBeUndefined();
    expect(store.delete(uuid)).toBe(false);
  });
});
