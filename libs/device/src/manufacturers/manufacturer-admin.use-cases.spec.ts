import { ErrorCode } from '@dcp/contracts';
import { ManualClock } from '@dcp/testing';
import { T0, MemoryManufacturers, failure, fakeConfig } from '../test/fakes';
import { CreateManufacturerUseCase } from './create-manufacturer.use-case';
import { DelKeys } from './del-keys';
import { GetManufacturerUseCase } from './get-manufacturer.use-case';
import { ListManufacturersUseCase } from './list-manufacturers.use-case';
import { RotateDelKeyUseCase } from './rotate-del-key.use-case';

describe('manufacturer admin use cases', () => {
  let repo: MemoryManufacturers;
  let delKeys: DelKeys;
  let clock: ManualClock;
  let create: CreateManufacturerUseCase;

  beforeEach(() => {
    repo = new MemoryManufacturers();
    delKeys = new DelKeys(fakeConfig());
    clock = new ManualClock(T0);
    create = new CreateManufacturerUseCase(repo, delKeys);
  });

  it('creates with a 32-character base62 delKey shown once and stored encrypted under the oemCode', async () => {
    const created = await create.execute({ body: { oemCode: 'ACME', name: 'Acme' } });
    expect(created).toEqual({ oemCode: 'ACME', name: 'Acme', createdAt: new Date(0).toISOString(), delKeyRotatedAt: null, delKey: expect.stringMatching(/^[A-Za-z0-9]{32}$/) });
    expect(repo.rows[0].delKeyCiphertext).not.toContain(created.delKey);
    expect(delKeys.current(repo.rows[0])).toBe(created.delKey);
    // Bound to its owner: the ciphertext does not decrypt as another manufacturer's.
    expect(() => delKeys.current({ ...repo.rows[0], oemCode: 'OTHER' })).toThrow();
    expect(await new GetManufacturerUseCase(repo).execute({ oemCode: 'ACME' })).not.toHaveProperty('delKey');
  });

  it.each([
    [undefined, 'oemCode'],
    [{ oemCode: '', name: 'x' }, 'oemCode'],
    [{ oemCode: 'ok', name: '' }, 'name'],
    [{ oemCode: 'ok', name: 'x', extra: 1 }, 'extra'],
  ])('refuses %j with ADMIN_VALIDATION_FAILED naming %s', async (body, field) => {
    const err = await failure(create.execute({ body }));
    expect(err.code).toBe(ErrorCode.ADMIN_VALIDATION_FAILED);
    expect(err.failureDetails).toMatch(new RegExp(`^invalid field ${field}`));
  });

  it('answers ADMIN_CONFLICT for a taken oemCode, also when the insert loses a race', async () => {
    await create.execute({ body: { oemCode: 'ACME', name: 'Acme' } });
    expect((await failure(create.execute({ body: { oemCode: 'ACME', name: 'Again' } }))).code).toBe(ErrorCode.ADMIN_CONFLICT);
    // The lookup misses the row another create inserted first; the insert then hits the unique oemCode.
    const racing = new CreateManufacturerUseCase(Object.assign(Object.create(repo) as MemoryManufacturers, { findByOemCode: async () => null }), delKeys);
    expect((await failure(racing.execute({ body: { oemCode: 'ACME', name: 'Racer' } }))).code).toBe(ErrorCode.ADMIN_CONFLICT);
  });

  it('rotates: a new key at once (the old one no longer decrypts from the row), delKeyRotatedAt = now', async () => {
    const { delKey } = await create.execute({ body: { oemCode: 'ACME', name: 'Acme' } });
    const rotated = await new RotateDelKeyUseCase(repo, delKeys, clock).execute({ oemCode: 'ACME' });
    expect(rotated.delKey).not.toBe(delKey);
    expect(rotated.delKeyRotatedAt).toBe(new Date(clock.now()).toISOString());
    expect(delKeys.current(repo.rows[0])).toBe(rotated.delKey);
  });

  it('answers ADMIN_NOT_FOUND for unknown manufacturers', async () => {
    expect((await failure(new GetManufacturerUseCase(repo).execute({ oemCode: 'X' }))).code).toBe(ErrorCode.ADMIN_NOT_FOUND);
    expect((await failure(new RotateDelKeyUseCase(repo, delKeys, clock).execute({ oemCode: 'X' }))).code).toBe(ErrorCode.ADMIN_NOT_FOUND);
  });

  it('lists 100 by default with the total', async () => {
    for (let i = 0; i < 105; i++) await create.execute({ body: { oemCode: `M${i}`, name: `Maker ${i}` } });
    const page = await new ListManufacturersUseCase(repo).execute({});
    expect(page.items).toHaveLength(100);
    expect(page.total).toBe(105);
    expect(page.items[0]).toEqual({ oemCode: 'M0', name: 'Maker 0', createdAt: expect.any(String), delKeyRotatedAt: null });
  });

  it('filters by q: part of the oemCode or name, trimmed, any letter case; an empty q is no filter', async () => {
    await create.execute({ body: { oemCode: 'ACME', name: 'Acme Cameras' } });
    await create.execute({ body: { oemCode: 'ZETA', name: 'Zeta Optics' } });
    const list = new ListManufacturersUseCase(repo);
    expect((await list.execute({ q: ' optic ' })).items.map((m) => m.oemCode)).toEqual(['ZETA']);
    expect((await list.execute({ q: 'acm' })).items.map((m) => m.oemCode)).toEqual(['ACME']);
    expect(await list.execute({ q: '' })).toMatchObject({ total: 2 });
  });

  it.each([
    [{ q: 'a'.repeat(101) }, 'invalid field q: must be at most 100 characters'],
    [{ q: 'a\u0007' }, 'invalid field q: must not contain control characters'],
    [{ q: ['a', 'b'] }, 'invalid field q:'],
  ])('refuses a bad q with ADMIN_VALIDATION_FAILED naming it (%j)', async (request, details) => {
    const err = await failure(new ListManufacturersUseCase(repo).execute(request));
    expect(err.code).toBe(ErrorCode.ADMIN_VALIDATION_FAILED);
    expect(err.failureDetails).toContain(details);
  });
});
