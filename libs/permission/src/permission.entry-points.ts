/**
 * Everything permission-service serves, as barrels its module lists: each class declares its own entry point
 * (`@ServesOperation`, `@ServesRpc`, `@EventReactionEntry`), and the service's host serves what it finds.
 */
import { CurrentServiceAdminUseCase } from './admin/current-service-admin.use-case';
import { DeviceGrantsUseCase } from './admin/device-grants.use-case';
import { CreatePermissionUseCase } from './catalogue/create-permission.use-case';
import { ListPermissionsUseCase } from './catalogue/list-permissions.use-case';
import { UpdatePermissionUseCase } from './catalogue/update-permission.use-case';
import { ActivateGrantUseCase } from './gateway/activate-grant.use-case';
import { CurrentServiceUseCase } from './gateway/current-service.use-case';
import { QueryNotActiveUseCase } from './gateway/query-not-active.use-case';
import { QueryValidUseCase } from './gateway/query-valid.use-case';
import { CreateGrantUseCase } from './grants/create-grant.use-case';
import { GetGrantUseCase } from './grants/get-grant.use-case';
import { ListGrantsUseCase } from './grants/list-grants.use-case';
import { DeviceUnboundReaction } from './reactions/device-unbound.reaction';
import { UserDeletedReaction } from './reactions/user-deleted.reaction';
import { CameraStreamKeysUseCase } from './streams/camera-stream-keys.use-case';

export const PERMISSION_USE_CASES = [
  QueryNotActiveUseCase,
  ActivateGrantUseCase,
  CurrentServiceUseCase,
  QueryValidUseCase,
  CreatePermissionUseCase,
  ListPermissionsUseCase,
  UpdatePermissionUseCase,
  CreateGrantUseCase,
  GetGrantUseCase,
  ListGrantsUseCase,
  DeviceGrantsUseCase,
  CurrentServiceAdminUseCase,
  CameraStreamKeysUseCase,
];

export const PERMISSION_REACTIONS = [UserDeletedReaction, DeviceUnboundReaction];
