/** Operator API: set the maintenance mode (PUT /admin/v1/maintenance) that center.getServerInfo answers. */
import { Injectable } from '@nestjs/common';
import { type MaintenanceView, parseAdminBody, setMaintenanceBodySchema, SSO_ADMIN_RPC } from '@dcp/contracts';
import { ServiceStatusRepository } from './service-status.repository';
import { ServesRpc } from '@dcp/runtime';

@Injectable()
export class SetMaintenanceUseCase {
  constructor(private readonly status: ServiceStatusRepository) {}

  @ServesRpc(SSO_ADMIN_RPC.setMaintenance, 'admin.set_maintenance')
  execute(request: { body: unknown }): Promise<MaintenanceView> {
    return this.status.set(parseAdminBody(setMaintenanceBodySchema, request.body));
  }
}
