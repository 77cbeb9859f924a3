import { ErrorCode, type ListPermissionsFilter, type ListTotal, type PageWindow } from '@dcp/contracts';
import { failure } from '../test/fakes';
import { ListPermissionsUseCase } from './list-permissions.use-case';
import type { Permission } from './permission';
import type { PermissionStore } from './permission.repository';

/** Keeps the filter and page each list asked for (the filtering itself is SQL: permission-grants.int.spec.ts). */
class AskedPages implements Pick<PermissionStore, 'page'> {
  readonly asked: { filter: ListPermissionsFilter; take: number; offset: number }[] = [];
  async page(filter: ListPermissionsFilter, window: PageWindow<[number]>): Promise<{ items: Permission[] } & ListTotal> {
    this.asked.push({ filter, take: window.take, offset: window.offset });
    return { items: [], total: 0, totalIsEstimate: false };
  }
}

describe('list permissions: filters', () => {
  let store: AskedPages;
  let list: ListPermissionsUseCase;
  beforeEach(() => {
    store = new AskedPages();
    list = new ListPermissionsUseCase(store as unknown as PermissionStore);
  });

  it('passes q trimmed and permissionType as a number; an empty q is no filter', async () => {
    await list.execute({ q: '  Cloud ', permissionType: '2', limit: 5, offset: 10 });
    await list.execute({ q: '   ', permissionType: '3' });
    await list.execute({});
    expect(store.asked).toEqual([
      { filter: { q: 'Cloud', permissionType: 2 }, take: 6, offset: 10 },
      { filter: { q: undefined, permissionType: 3 }, take: 101, offset: 0 },
      { filter: {}, take: 101, offset: 0 },
    ]);
  });

  it.each([
    ['permissionType', { permissionType: '4' }, 'invalid field permissionType: must be 1, 2 or 3'],
    ['permissionType', { permissionType: 'paid' }, 'invalid field permissionType: must be 1, 2 or 3'],
    ['permissionType', { permissionType: '' }, 'invalid field permissionType: must be 1, 2 or 3'],
    ['permissionType', { permissionType: ['1', '2'] }, 'invalid field permissionType: must be 1, 2 or 3'],
    ['q', { q: 'a'.repeat(101) }, 'invalid field q: must be at most 100 characters'],
    ['q', { q: 'a\u0000b' }, 'invalid field q: must not contain control characters'],
    ['q', { q: ['a', 'b'] }, 'invalid field q:'],
  ])('refuses a bad %s with ADMIN_VALIDATION_FAILED naming it (%j)', async (_name, request, details) => {
    const err = await failure(list.execute(request));
    expect(err.code).toBe(ErrorCode.ADMIN_VALIDATION_FAILED);
    expect(err.failureDetails).toContain(details);
    expect(store.asked).toEqual([]);
  });
});
