/** Operator API: set the maintenance mode (PUT /admin/v1/maintenance) that center.getServerInfo answers. */
import { Injectable } from '@nestjs/common';
import { type MaintenanceView, parseAdminBody, setMaintenanceBodySchema } from '@dcp/contracts';
import { ServiceStatusRepository } from './service-status.repository';

@Injectable()
export class SetMaintenanceUseCase {
  constructor(private readonly status: ServiceStatusRepository) {}

  execute(request: { body: unknown }): Promise<MaintenanceView> {
    return this.status.set(parseAdminBody(setMaintenanceBodySchema, request.body));
  }
}
