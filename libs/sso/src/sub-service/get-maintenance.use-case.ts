/** Operator API: read the maintenance mode (GET /admin/v1/maintenance). */
import { Injectable } from '@nestjs/common';
import type { MaintenanceView } from '@dcp/contracts';
import { ServiceStatusRepository } from './service-status.repository';
import { ServesRpc } from '@dcp/runtime';
import { SSO_ADMIN_RPC } from '@dcp/contracts';

@Injectable()
export class GetMaintenanceUseCase {
  constructor(private readonly status: ServiceStatusRepository) {}

  @ServesRpc(SSO_ADMIN_RPC.getMaintenance, 'admin.get_maintenance')
  execute(): Promise<MaintenanceView> {
    return this.status.current();
  }
}
