/** Operator API: read the maintenance mode (GET /admin/v1/maintenance). */
import { Injectable } from '@nestjs/common';
import type { MaintenanceView } from '@dcp/contracts';
import { ServiceStatusRepository } from './service-status.repository';

@Injectable()
export class GetMaintenanceUseCase {
  constructor(private readonly status: ServiceStatusRepository) {}

  execute(): Promise<MaintenanceView> {
    return this.status.current();
  }
}
