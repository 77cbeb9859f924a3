import { ErrorCode } from '@dcp/contracts';
import { GetModelUseCase } from '../models/get-model.use-case';
import { SetModelUseCase } from '../models/set-model.use-case';
import { ManualClock } from '@dcp/testing';
import { MemoryReleases, T0, failure } from '../test/fakes';
import { CreateReleaseUseCase } from './create-release.use-case';
import { GetReleaseUseCase } from './get-release.use-case';
import { ListReleasesUseCase } from './list-releases.use-case';
import { UpdateReleaseUseCase } from './update-release.use-case';

const body = (overrides: Record<string, unknown> = {}) => ({
  machineTypeName: 'IPC-100',
  version1: 1,
  version2: '0',
  version3: 2,
  version4: 3,
  patchVersion: 0,
  type: 1,
  downloadUri: 'https://fw.example.com/ipc-100/1.2.3.bin',
  md5: '0123456789abcdef0123456789abcdef',
  desc: { zh: '修复', en: 'Fixes' },
  ...overrides,
});

describe('firmware releases and models (operator API)', () => {
  let releases: MemoryReleases;
  let clock: ManualClock;
  let create: CreateReleaseUseCase;
  let update: UpdateReleaseUseCase;

  beforeEach(() => {
    releases = new MemoryReleases();
    clock = new ManualClock(T0);
    create = new CreateReleaseUseCase(releases, clock);
    update = new UpdateReleaseUseCase(releases, clock);
  });

  it('creates a release with defaults interim false, active true, remind 0, rolloutPercent 100; md5 upper-case; the model with smartUpgrade true', async () => {
    const view = await create.execute({ body: body() });
    expect(view).toEqual({
      id: expect.any(Number),
      machineTypeName: 'IPC-100',
      type: 1,
      version1: 1,
      version2: '0',
      version3: 2,
      version4: 3,
      patchVersion: 0,
      downloadUri: 'https://fw.example.com/ipc-100/1.2.3.bin',
      md5: '0123456789ABCDEF0123456789ABCDEF',
      desc: { zh: '修复', en: 'Fixes' },
      interim: false,
      active: true,
      remind: 0,
      rolloutPercent: 100,
      createTime: T0,
      updateTime: T0,
    });
    expect(await new GetModelUseCase(releases).execute({ machineTypeName: 'IPC-100' })).toEqual({ machineTypeName: 'IPC-100', smartUpgrade: true, createTime: T0, updateTime: T0 });
  });

  it('keeps given optional fields', async () => {
    const view = await create.execute({ body: body({ interim: true, active: false, remind: 1, rolloutPercent: 25, type: 2 }) });
    expect(view).toMatchObject({ interim: true, active: false, remind: 1, rolloutPercent: 25, type: 2 });
  });

  it.each([
    [{ machineTypeName: '' }, 'machineTypeName'],
    [{ machineTypeName: 'x'.repeat(51) }, 'machineTypeName'],
    [{ version1: -1 }, 'version1'],
    [{ version3: 2147483648 }, 'version3'],
    [{ version4: 1.5 }, 'version4'],
    [{ patchVersion: '1' }, 'patchVersion'],
    [{ version2: 'x'.repeat(33) }, 'version2'],
    [{ version2: 3 }, 'version2'],
    [{ type: 3 }, 'type'],
    [{ downloadUri: 'ftp://fw.example.com/a.bin' }, 'downloadUri'],
    [{ downloadUri: '/relative.bin' }, 'downloadUri'],
    [{ downloadUri: `https://fw.example.com/${'a'.repeat(2040)}` }, 'downloadUri'],
    [{ md5: 'abc' }, 'md5'],
    [{ md5: 'g'.repeat(32) }, 'md5'],
    [{ desc: { zh: 'x' } }, 'desc.en'],
    [{ desc: { zh: 'x', en: 'y'.repeat(2001) } }, 'desc.en'],
    [{ desc: { zh: 'x', en: 'y', fr: 'z' } }, 'fr'],
    [{ remind: 2 }, 'remind'],
    [{ rolloutPercent: 101 }, 'rolloutPercent'],
    [{ rolloutPercent: -1 }, 'rolloutPercent'],
    [{ interim: 'yes' }, 'interim'],
    [{ seqNo: 1 }, 'seqNo'],
  ])('refuses %j with ADMIN_VALIDATION_FAILED naming %s', async (overrides, field) => {
    const err = await failure(create.execute({ body: body(overrides) }));
    expect(err.code).toBe(ErrorCode.ADMIN_VALIDATION_FAILED);
    expect(err.failureDetails).toContain(field);
  });

  it('the same model, type and (version1, version3, version4, patchVersion) → ADMIN_CONFLICT, whatever version2 says', async () => {
    await create.execute({ body: body() });
    const err = await failure(create.execute({ body: body({ version2: 'other', md5: 'F'.repeat(32) }) }));
    expect(err).toMatchObject({ code: ErrorCode.ADMIN_CONFLICT, failureDetails: 'release of IPC-100 type 1 version 1.2.3 patch 0 already exists' });
    await create.execute({ body: body({ type: 2 }) });
    await create.execute({ body: body({ patchVersion: 1 }) });
    await create.execute({ body: body({ machineTypeName: 'IPC-200' }) });
    expect(releases.rows).toHaveLength(4);
  });

  it('lists in creation order, optionally one model, paged', async () => {
    const a = await create.execute({ body: body() });
    const b = await create.execute({ body: body({ machineTypeName: 'IPC-200' }) });
    const c = await create.execute({ body: body({ version1: 2 }) });
    const list = new ListReleasesUseCase(releases);
    const exact = { totalIsEstimate: false, nextCursor: null };
    expect(await list.execute({})).toEqual({ items: [a, b, c], total: 3, ...exact });
    expect(await list.execute({ machineTypeName: 'IPC-100' })).toEqual({ items: [a, c], total: 2, ...exact });
    const second = await list.execute({ limit: 1, offset: 1 });
    expect(second).toEqual({ items: [b], total: 3, totalIsEstimate: false, nextCursor: expect.any(String) });
    expect(await list.execute({ limit: 1, cursor: second.nextCursor })).toEqual({ items: [c], total: 3, ...exact });
  });

  it('gets a release; a non-numeric, zero, over-long or unknown id → ADMIN_NOT_FOUND', async () => {
    const a = await create.execute({ body: body() });
    const get = new GetReleaseUseCase(releases);
    expect(await get.execute({ id: String(a.id) })).toEqual(a);
    for (const id of ['abc', '0', '-1', '1.5', '99999', '2147483648', '12345678901234567890']) expect((await failure(get.execute({ id }))).code).toBe(ErrorCode.ADMIN_NOT_FOUND);
  });

  it('updates active, remind, rolloutPercent and interim only; versions and artifacts are immutable', async () => {
    const a = await create.execute({ body: body() });
    clock.advance(60);
    const changed = await update.execute({ id: String(a.id), body: { active: false, remind: 1, rolloutPercent: 10, interim: true } });
    expect(changed).toEqual({ ...a, active: false, remind: 1, rolloutPercent: 10, interim: true, updateTime: T0 + 60_000 });
    for (const field of ['version1', 'md5', 'downloadUri', 'machineTypeName', 'desc']) {
      const err = await failure(update.execute({ id: String(a.id), body: { [field]: a[field as keyof typeof a] } }));
      expect(err.code).toBe(ErrorCode.ADMIN_VALIDATION_FAILED);
      expect(err.failureDetails).toContain(field);
    }
    expect((await failure(update.execute({ id: String(a.id), body: { rolloutPercent: 101 } }))).failureDetails).toContain('rolloutPercent');
    expect(await update.execute({ id: String(a.id), body: {} })).toEqual(changed);
    expect((await failure(update.execute({ id: '999', body: { active: true } }))).code).toBe(ErrorCode.ADMIN_NOT_FOUND);
    expect((await failure(update.execute({ id: 'x', body: {} }))).code).toBe(ErrorCode.ADMIN_NOT_FOUND);
  });

  it('marks a model as not supporting smart upgrade; an unknown model → ADMIN_NOT_FOUND', async () => {
    await create.execute({ body: body() });
    const setModel = new SetModelUseCase(releases, clock);
    clock.advance(1);
    expect(await setModel.execute({ machineTypeName: 'IPC-100', body: { smartUpgrade: false } })).toEqual({ machineTypeName: 'IPC-100', smartUpgrade: false, createTime: T0, updateTime: T0 + 1000 });
    expect((await failure(setModel.execute({ machineTypeName: 'NOPE', body: { smartUpgrade: false } }))).code).toBe(ErrorCode.ADMIN_NOT_FOUND);
    expect((await failure(setModel.execute({ machineTypeName: 'IPC-100', body: { smartUpgrade: 'no' } }))).failureDetails).toContain('smartUpgrade');
    expect((await failure(setModel.execute({ machineTypeName: 'IPC-100', body: {} }))).failureDetails).toContain('smartUpgrade');
    expect((await failure(new GetModelUseCase(releases).execute({ machineTypeName: 'NOPE' }))).code).toBe(ErrorCode.ADMIN_NOT_FOUND);
  });
});
