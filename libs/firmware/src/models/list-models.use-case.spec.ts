import { ErrorCode } from '@dcp/contracts';
import { ManualClock } from '@dcp/testing';
import { CreateReleaseUseCase } from '../releases/create-release.use-case';
import { MemoryReleases, T0, failure } from '../test/fakes';
import { ListModelsUseCase } from './list-models.use-case';

describe('list models', () => {
  let releases: MemoryReleases;
  let list: ListModelsUseCase;
  const release = (machineTypeName: string, version1 = 1) =>
    new CreateReleaseUseCase(releases, new ManualClock(T0)).execute({
      body: { machineTypeName, type: 1, version1, version2: '0', version3: 0, version4: 0, patchVersion: 0, downloadUri: 'https://fw.example.com/a.bin', md5: 'a'.repeat(32), desc: { zh: '', en: '' } },
    });

  beforeEach(() => {
    releases = new MemoryReleases();
    list = new ListModelsUseCase(releases);
  });

  it('answers each model with its switch and release counts; q (trimmed, any letter case) narrows the list and its total', async () => {
    await release('IPC-Alpha');
    const second = await release('IPC-Alpha', 2);
    await releases.update(second.id, { active: false }, new Date(T0));
    await release('NVR-Beta');
    expect(await list.execute({ q: ' ipc-a ' })).toEqual({
      total: 1,
      totalIsEstimate: false,
      nextCursor: null,
      items: [{ machineTypeName: 'IPC-Alpha', smartUpgrade: true, releaseCount: 2, activeReleaseCount: 1, createTime: T0, updateTime: T0 }],
    });
    expect(await list.execute({ q: '', limit: 1, offset: 1 })).toMatchObject({ total: 2, items: [{ machineTypeName: 'NVR-Beta' }] });
  });

  it.each([
    [{ q: 'x'.repeat(101) }, 'invalid field q: must be at most 100 characters'],
    [{ q: 'a\u001bb' }, 'invalid field q: must not contain control characters'],
    [{ q: ['a', 'b'] }, 'invalid field q:'],
  ])('refuses a bad q with ADMIN_VALIDATION_FAILED naming it (%j)', async (request, details) => {
    const err = await failure(list.execute(request));
    expect(err.code).toBe(ErrorCode.ADMIN_VALIDATION_FAILED);
    expect(err.failureDetails).toContain(details);
  });
});
