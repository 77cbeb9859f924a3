/**
 * Request-reply entry points of permission-service: its four gateway operations (dcp.gateway.<service>) and
 * the operator API (dcp.rpc.permission.admin.*). Each maps to one use case; outcomes are counted per operation.
 */
import { Inject, Injectable } from '@nestjs/common';
import { ADMIN_LOOKUP_RPC, PERMISSION_RPC } from '@dcp/contracts';
import { RUNTIME_CONTEXT, type RuntimeContext, ServiceOperations } from '@dcp/runtime';
import { CurrentServiceAdminUseCase } from '../admin/current-service-admin.use-case';
import { DeviceGrantsUseCase } from '../admin/device-grants.use-case';
import { CreatePermissionUseCase } from '../catalogue/create-permission.use-case';
import { ListPermissionsUseCase } from '../catalogue/list-permissions.use-case';
import { ActivateGrantUseCase } from '../gateway/activate-grant.use-case';
import { CurrentServiceUseCase } from '../gateway/current-service.use-case';
import { QueryNotActiveUseCase } from '../gateway/query-not-active.use-case';
import { QueryValidUseCase } from '../gateway/query-valid.use-case';
import { CreateGrantUseCase } from '../grants/create-grant.use-case';
import { GetGrantUseCase } from '../grants/get-grant.use-case';
import { ListGrantsUseCase } from '../grants/list-grants.use-case';

@Injectable()
export class PermissionRpcHandlers {
  constructor(
    @Inject(RUNTIME_CONTEXT) private readonly ctx: RuntimeContext,
    private readonly queryNotActive: QueryNotActiveUseCase,
    private readonly activateGrant: ActivateGrantUseCase,
    private readonly currentService: CurrentServiceUseCase,
    private readonly queryValid: QueryValidUseCase,
    private readonly createPermission: CreatePermissionUseCase,
    private readonly listPermissions: ListPermissionsUseCase,
    private readonly createGrant: CreateGrantUseCase,
    private readonly getGrant: GetGrantUseCase,
    private readonly listGrants: ListGrantsUseCase,
    private readonly deviceGrants: DeviceGrantsUseCase,
    private readonly currentServiceAdmin: CurrentServiceAdminUseCase,
  ) {}

  /** Registers every handler; refuses to start when a permission operation of the catalogue is not served. */
  register(): void {
    const ops = new ServiceOperations(this.ctx, 'permission');
    ops.serveCatalogue({
      queryUserNotActive: (call) => this.queryNotActive.execute(call),
      activatePermission: (call) => this.activateGrant.execute(call),
      getCurrentService: (call) => this.currentService.execute(call),
      queryUserIpcsValid: (call) => this.queryValid.execute(call),
    });
    ops.contract(PERMISSION_RPC.createPermission, 'admin.create_permission', (req) => this.createPermission.execute(req));
    ops.contract(PERMISSION_RPC.listPermissions, 'admin.list_permissions', (req) => this.listPermissions.execute(req));
    ops.contract(PERMISSION_RPC.createGrant, 'admin.create_grant', (req) => this.createGrant.execute(req));
    ops.contract(PERMISSION_RPC.getGrant, 'admin.get_grant', (req) => this.getGrant.execute(req));
    ops.contract(PERMISSION_RPC.listGrants, 'admin.list_grants', (req) => this.listGrants.execute(req));
    ops.contract(ADMIN_LOOKUP_RPC.deviceGrants, 'admin.device_grants', (req) => this.deviceGrants.execute(req));
    ops.contract(ADMIN_LOOKUP_RPC.currentService, 'admin.current_service', (req) => this.currentServiceAdmin.execute(req));
  }
}
