import { ErrorCode } from '@dcp/contracts';
import { MemoryPermissions, failure } from '../test/fakes';
import { CreatePermissionUseCase } from './create-permission.use-case';
import { ListPermissionsUseCase } from './list-permissions.use-case';

describe('permission catalogue (operator API)', () => {
  let permissions: MemoryPermissions;
  let create: CreatePermissionUseCase;

  beforeEach(() => {
    permissions = new MemoryPermissions();
    create = new CreatePermissionUseCase(permissions);
  });

  it('creates a permission with defaults belongServer "", channelCount 1, bpi false', async () => {
    const view = await create.execute({ body: { permissionCode: 'cloud-30', permissionName: 'Cloud 30', permissionType: 1, durationDays: 30 } });
    expect(view).toEqual({ permissionCode: 'cloud-30', permissionName: 'Cloud 30', permissionType: 1, durationDays: 30, belongServer: '', channelCount: 1, bpi: false, retentionDays: null, createdAt: expect.any(String) });
  });

  it('keeps given optional fields', async () => {
    const view = await create.execute({ body: { permissionCode: 'bpi-7', permissionName: 'BPI', permissionType: 3, durationDays: 7, belongServer: 'cs', channelCount: 4, bpi: true } });
    expect(view).toMatchObject({ belongServer: 'cs', channelCount: 4, bpi: true, permissionType: 3 });
  });

  it.each([
    [{ permissionName: 'x', permissionType: 1, durationDays: 1 }, 'permissionCode'],
    [{ permissionCode: 'a b', permissionName: 'x', permissionType: 1, durationDays: 1 }, 'permissionCode'],
    [{ permissionCode: 'a', permissionName: 'x', permissionType: 4, durationDays: 1 }, 'permissionType'],
    [{ permissionCode: 'a', permissionName: 'x', permissionType: 1, durationDays: 0 }, 'durationDays'],
    [{ permissionCode: 'a', permissionName: 'x', permissionType: 1, durationDays: 1, price: 3 }, 'price'],
  ])('refuses %j with ADMIN_VALIDATION_FAILED naming %s', async (body, field) => {
    const err = await failure(create.execute({ body }));
    expect(err.code).toBe(ErrorCode.ADMIN_VALIDATION_FAILED);
    expect(err.failureDetails).toContain(field);
  });

  it('a taken code → ADMIN_CONFLICT; the list shows each once', async () => {
    const body = { permissionCode: 'dup', permissionName: 'Dup', permissionType: 2, durationDays: 1 };
    await create.execute({ body });
    expect((await failure(create.execute({ body }))).code).toBe(ErrorCode.ADMIN_CONFLICT);
    const list = await new ListPermissionsUseCase(permissions).execute({});
    expect(list).toEqual({ items: [expect.objectContaining({ permissionCode: 'dup' })], total: 1, totalIsEstimate: false, nextCursor: null });
  });
});
