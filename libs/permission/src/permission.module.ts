/**
 * permission-service: the permission catalogue, grants (spec 2.5 authorization records), activation and the
 * current service of a device (spec 2.6), the operator API, and the reactions to user.deleted and
 * device.unbound — all over request-reply and the event backbone. The host provides RUNTIME_CONTEXT globally.
 */
import { Module } from '@nestjs/common';
import { CreatePermissionUseCase } from './catalogue/create-permission.use-case';
import { ListPermissionsUseCase } from './catalogue/list-permissions.use-case';
import { PermissionRepository } from './catalogue/permission.repository';
import { ActivateGrantUseCase } from './gateway/activate-grant.use-case';
import { CurrentServiceUseCase } from './gateway/current-service.use-case';
import { QueryNotActiveUseCase } from './gateway/query-not-active.use-case';
import { QueryValidUseCase } from './gateway/query-valid.use-case';
import { CreateGrantUseCase } from './grants/create-grant.use-case';
import { GetGrantUseCase } from './grants/get-grant.use-case';
import { GrantRepository } from './grants/grant.repository';
import { ListGrantsUseCase } from './grants/list-grants.use-case';
import { CurrentServiceAdminUseCase } from './admin/current-service-admin.use-case';
import { DeviceGrantsUseCase } from './admin/device-grants.use-case';
import { serviceEventsProvider, serviceDatabaseToken, serviceDatabaseProvider } from '@dcp/runtime';
import { PrismaClient } from './generated/prisma/client';
import { PermissionLifecycle } from './permission-lifecycle';
import { DeviceUnboundReaction } from './reactions/device-unbound.reaction';
import { UserDeletedReaction } from './reactions/user-deleted.reaction';
import { PermissionRpcHandlers } from './rpc/permission-rpc.handlers';
import { DeviceDirectory, UserDirectory } from './common/directories';
import { PermissionMetrics } from './common/permission-metrics';

@Module({
  providers: [
    serviceDatabaseProvider('permission', PrismaClient),
    serviceEventsProvider('permission', serviceDatabaseToken('permission')),
    PermissionMetrics,
    UserDirectory,
    DeviceDirectory,
    PermissionRepository,
    GrantRepository,
    CreatePermissionUseCase,
    ListPermissionsUseCase,
    CreateGrantUseCase,
    GetGrantUseCase,
    ListGrantsUseCase,
    DeviceGrantsUseCase,
    CurrentServiceAdminUseCase,
    QueryNotActiveUseCase,
    ActivateGrantUseCase,
    CurrentServiceUseCase,
    QueryValidUseCase,
    UserDeletedReaction,
    DeviceUnboundReaction,
    PermissionRpcHandlers,
    PermissionLifecycle,
  ],
})
export class PermissionModule {}
