import { ErrorCode, type PageWindow } from '@dcp/contracts';
import { ManualClock, memoryPage } from '@dcp/testing';
import { failure, fakeConfig } from '../test/fakes';
import { CreateMerchantUseCase } from './create-merchant.use-case';
import { DisableMerchantUseCase } from './disable-merchant.use-case';
import { GetMerchantUseCase } from './get-merchant.use-case';
import type { Merchant, MerchantChanges, NewMerchant } from './merchant';
import type { MerchantStore } from './merchant.repository';
import { MerchantSecrets } from './merchant-secrets';
import { RotateMerchantSecretUseCase } from './rotate-merchant-secret.use-case';
import { UpdateMerchantUseCase } from './update-merchant.use-case';

class MemoryMerchants implements MerchantStore {
  rows = new Map<string, Merchant>();
  async findByClientId(clientId: string) {
    return this.rows.get(clientId) ?? null;
  }
  async create(m: NewMerchant) {
    const row: Merchant = { ...m, id: this.rows.size + 1, previousSecretCiphertext: null, previousSecretExpiresAt: null, enabled: true, createdAt: new Date(), updatedAt: new Date() };
    this.rows.set(m.clientId, row);
    return row;
  }
  async update(clientId: string, changes: MerchantChanges, ifSecret?: string) {
    const row = this.rows.get(clientId);
    if (!row || (ifSecret !== undefined && row.secretCiphertext !== ifSecret)) return undefined;
    Object.assign(row, changes);
    return { ...row };
  }
  async page(_filter: unknown, window: PageWindow<[number]>) {
    return memoryPage([...this.rows.values()], window, (m) => m.id);
  }
}

const HEALTHY = { status: 'healthy', breaker: 'closed', windowSeconds: 3600, calls: 0, failures: 0, lastFailureAt: null, lastFailure: null } as const;

function setup() {
  const clock = new ManualClock(Date.now());
  const repo = new MemoryMerchants();
  const secrets = new MerchantSecrets(fakeConfig());
  return {
    clock,
    repo,
    secrets,
    create: new CreateMerchantUseCase(repo, secrets, clock),
    get: new GetMerchantUseCase(repo, clock, { callHealth: () => HEALTHY }),
    update: new UpdateMerchantUseCase(repo, clock),
    rotate: new RotateMerchantSecretUseCase(repo, secrets, clock),
    disable: new DisableMerchantUseCase(repo, clock),
  };
}

const body = { name: 'Acme', tokenValidationUrl: 'https://m.example/idp/is_valid_token', userProfileUrl: 'https://m.example/idp/get_user_profile' };

describe('merchant administration', () => {
  it('creates a merchant with defaults, a ≤40-char clientId and an encrypted secret shown once', async () => {
    const s = setup();
    const created = await s.create.execute({ body });
    expect(created).toMatchObject({ name: 'Acme', accessTokenTtlSeconds: 7200, refreshTokenTtlSeconds: 2592000, refreshTokenRotation: false, enabled: true, previousSecretExpiresAt: null });
    expect(created.clientId.length).toBeLessThanOrEqual(40);
    const row = s.repo.rows.get(created.clientId)!;
    expect(row.secretCiphertext).not.toContain(created.clientSecret);
    expect(s.secrets.current(row)).toBe(created.clientSecret);
    const view = await s.get.execute({ clientId: created.clientId });
    expect(view).not.toHaveProperty('clientSecret');
  });

  it.each([
    [{ ...body, name: '' }, 'name'],
    [{ ...body, tokenValidationUrl: 'ftp://m.example/x' }, 'tokenValidationUrl'],
    [{ ...body, userProfileUrl: 'not a url' }, 'userProfileUrl'],
    [{ ...body, userProfileUrl: 'https://user:pw@m.example/x' }, 'userProfileUrl'],
    [{ ...body, accessTokenTtlSeconds: 0 }, 'accessTokenTtlSeconds'],
    [{ ...body, accessTokenTtlSeconds: -1 }, 'accessTokenTtlSeconds'],
    [{ ...body, accessTokenTtlSeconds: 0.5 }, 'accessTokenTtlSeconds'],
    [{ ...body, accessTokenTtlSeconds: 7.5 }, 'accessTokenTtlSeconds'],
    [{ ...body, accessTokenTtlSeconds: 7 * 86400 + 1 }, 'accessTokenTtlSeconds'],
    [{ ...body, refreshTokenTtlSeconds: 0 }, 'refreshTokenTtlSeconds'],
    [{ ...body, refreshTokenTtlSeconds: 365 * 86400 + 1 }, 'refreshTokenTtlSeconds'],
    [{ ...body, accessTokenTtlSeconds: 7200, refreshTokenTtlSeconds: 3600 }, 'refreshTokenTtlSeconds'],
    [{ ...body, accessTokenTtlSeconds: 2, refreshTokenTtlSeconds: 1 }, 'refreshTokenTtlSeconds'],
    [{ ...body, refreshTokenRotation: 'yes' }, 'refreshTokenRotation'],
    [{ ...body, color: 'red' }, 'color'],
    [{ name: 'x', userProfileUrl: body.userProfileUrl }, 'tokenValidationUrl'],
  ])('refuses %j naming %s', async (input, field) => {
    const err = await failure(setup().create.execute({ body: input }));
    expect(err.code).toBe(ErrorCode.ADMIN_VALIDATION_FAILED);
    expect(err.failureDetails).toContain(field);
  });

  it.each([
    [1, 1],
    [1, 2],
    [60, 3600],
    [7 * 86400, 365 * 86400],
  ])('accepts lifetimes from 1 s up to the upper bounds: access %i s, refresh %i s', async (accessTokenTtlSeconds, refreshTokenTtlSeconds) => {
    const s = setup();
    const created = await s.create.execute({ body: { ...body, accessTokenTtlSeconds, refreshTokenTtlSeconds } });
    expect(created).toMatchObject({ accessTokenTtlSeconds, refreshTokenTtlSeconds });
  });

  it('patches a merchant down to 1-second lifetimes, refresh never below access', async () => {
    const s = setup();
    const { clientId } = await s.create.execute({ body });
    // A 1 s refresh lifetime alone falls below the stored 7200 s access lifetime; both together are fine.
    expect((await failure(s.update.execute({ clientId, body: { refreshTokenTtlSeconds: 1 } }))).failureDetails).toContain('refreshTokenTtlSeconds');
    await expect(s.update.execute({ clientId, body: { accessTokenTtlSeconds: 1, refreshTokenTtlSeconds: 1 } })).resolves.toMatchObject({ accessTokenTtlSeconds: 1, refreshTokenTtlSeconds: 1 });
    expect((await failure(s.update.execute({ clientId, body: { accessTokenTtlSeconds: 2 } }))).failureDetails).toContain('refreshTokenTtlSeconds');
  });

  it('patches fields and checks TTLs against the stored ones', async () => {
    const s = setup();
    const { clientId } = await s.create.execute({ body });
    await expect(s.update.execute({ clientId, body: { name: 'Acme 2', refreshTokenRotation: true, enabled: false } })).resolves.toMatchObject({ name: 'Acme 2', refreshTokenRotation: true, enabled: false });
    const err = await failure(s.update.execute({ clientId, body: { accessTokenTtlSeconds: 7 * 86400, refreshTokenTtlSeconds: 3600 } }));
    expect(err.code).toBe(ErrorCode.ADMIN_VALIDATION_FAILED);
    expect((await failure(s.update.execute({ clientId, body: { name: 5 } }))).failureDetails).toContain('name');
  });

  it('answers ADMIN_NOT_FOUND for an unknown clientId everywhere', async () => {
    const s = setup();
    for (const run of [
      () => s.get.execute({ clientId: 'nope' }),
      () => s.update.execute({ clientId: 'nope', body: {} }),
      () => s.rotate.execute({ clientId: 'nope', body: {} }),
      () => s.disable.execute({ clientId: 'nope' }),
    ]) {
      expect((await failure(run())).code).toBe(ErrorCode.ADMIN_NOT_FOUND);
    }
  });

  it('rotates the secret keeping the old one for the grace period', async () => {
    const s = setup();
    const created = await s.create.execute({ body });
    const rotated = await s.rotate.execute({ clientId: created.clientId, body: { graceSeconds: 600 } });
    expect(rotated.clientSecret).not.toBe(created.clientSecret);
    expect(rotated.previousSecretExpiresAt).toBe(new Date(s.clock.now() + 600_000).toISOString());
    const row = s.repo.rows.get(created.clientId)!;
    expect(s.secrets.acceptable(row, s.clock.now())).toEqual([rotated.clientSecret, created.clientSecret]);
    s.clock.advance(600);
    expect(s.secrets.acceptable(row, s.clock.now())).toEqual([rotated.clientSecret]);
  });

  it('rotates with graceSeconds 0 dropping the old secret at once; refuses a bad grace', async () => {
    const s = setup();
    const created = await s.create.execute({ body });
    const rotated = await s.rotate.execute({ clientId: created.clientId, body: { graceSeconds: 0 } });
    expect(s.secrets.acceptable(s.repo.rows.get(created.clientId)!, s.clock.now())).toEqual([rotated.clientSecret]);
    expect((await failure(s.rotate.execute({ clientId: created.clientId, body: { graceSeconds: -1 } }))).failureDetails).toContain('graceSeconds');
  });

  it('disables a merchant', async () => {
    const s = setup();
    const { clientId } = await s.create.execute({ body });
    await expect(s.disable.execute({ clientId })).resolves.toMatchObject({ enabled: false });
  });
});
