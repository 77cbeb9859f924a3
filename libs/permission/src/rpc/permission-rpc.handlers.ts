/**
 * Request-reply entry points of permission-service: its four gateway operations (dcp.gateway.<service>) and
 * the operator API (dcp.rpc.permission.admin.*). Each maps to one use case; outcomes are counted per operation.
 */
import { Inject, Injectable } from '@nestjs/common';
import { PERMISSION_RPC, PlatformError, type GatewayResult, type RpcContract } from '@dcp/contracts';
import { RUNTIME_CONTEXT, serveUserGatewayOperation, type RuntimeContext, type UserGatewayCall } from '@dcp/runtime';
import type { z } from 'zod';
import { CreatePermissionUseCase } from '../catalogue/create-permission.use-case';
import { ListPermissionsUseCase } from '../catalogue/list-permissions.use-case';
import { ActivateGrantUseCase } from '../gateway/activate-grant.use-case';
import { CurrentServiceUseCase } from '../gateway/current-service.use-case';
import { QueryNotActiveUseCase } from '../gateway/query-not-active.use-case';
import { QueryValidUseCase } from '../gateway/query-valid.use-case';
import { CreateGrantUseCase } from '../grants/create-grant.use-case';
import { GetGrantUseCase } from '../grants/get-grant.use-case';
import { ListGrantsUseCase } from '../grants/list-grants.use-case';
import { PermissionMetrics } from '../shared/permission-metrics';

/** The gateway operations permission-service owns (libs/contracts gateway-catalog.ts). */
export const PERMISSION_GATEWAY_OPERATIONS = ['permission.query_user_not_active', 'permission.active', 'fcmall.get_current_service', 'permission.query_user_ipcs_valid'] as const;

@Injectable()
export class PermissionRpcHandlers {
  constructor(
    @Inject(RUNTIME_CONTEXT) private readonly ctx: RuntimeContext,
    private readonly metrics: PermissionMetrics,
    private readonly queryNotActive: QueryNotActiveUseCase,
    private readonly activateGrant: ActivateGrantUseCase,
    private readonly currentService: CurrentServiceUseCase,
    private readonly queryValid: QueryValidUseCase,
    private readonly createPermission: CreatePermissionUseCase,
    private readonly listPermissions: ListPermissionsUseCase,
    private readonly createGrant: CreateGrantUseCase,
    private readonly getGrant: GetGrantUseCase,
    private readonly listGrants: ListGrantsUseCase,
  ) {}

  register(): void {
    this.gateway('permission.query_user_not_active', (call) => this.queryNotActive.execute(call));
    this.gateway('permission.active', (call) => this.activateGrant.execute(call));
    this.gateway('fcmall.get_current_service', (call) => this.currentService.execute(call));
    this.gateway('permission.query_user_ipcs_valid', (call) => this.queryValid.execute(call));
    this.serve(PERMISSION_RPC.createPermission, 'admin.create_permission', (req) => this.createPermission.execute(req));
    this.serve(PERMISSION_RPC.listPermissions, 'admin.list_permissions', (req) => this.listPermissions.execute(req));
    this.serve(PERMISSION_RPC.createGrant, 'admin.create_grant', (req) => this.createGrant.execute(req));
    this.serve(PERMISSION_RPC.getGrant, 'admin.get_grant', (req) => this.getGrant.execute(req));
    this.serve(PERMISSION_RPC.listGrants, 'admin.list_grants', (req) => this.listGrants.execute(req));
  }

  private gateway(service: (typeof PERMISSION_GATEWAY_OPERATIONS)[number], run: (call: UserGatewayCall) => Promise<GatewayResult>): void {
    serveUserGatewayOperation(this.ctx, service, (call) => this.counted(service, () => run(call)));
  }

  private serve<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(contract: RpcContract<Req, Res>, operation: string, run: (req: z.output<Req>) => Promise<z.input<Res>>): void {
    this.ctx.rpcServer.handleContract(contract, (req) => this.counted(operation, () => run(req)));
  }

  private async counted<T>(operation: string, run: () => Promise<T>): Promise<T> {
    try {
      const result = await run();
      this.metrics.operation(operation, 'ok');
      return result;
    } catch (err) {
      this.metrics.operation(operation, PlatformError.from(err).value);
      throw err;
    }
  }
}
