/** The operator's maintenance mode (one row): what center.getServerInfo tells apps before anything else. */
import { Inject, Injectable } from '@nestjs/common';
import { serviceDatabaseToken } from '@dcp/runtime';
import type { MaintenanceView, SetMaintenanceBody } from '@dcp/contracts';
import type { SsoDatabase } from '../sso-database.types';

const ROW_ID = 1;

@Injectable()
export class ServiceStatusRepository {
  constructor(@Inject(serviceDatabaseToken('sso')) private readonly db: SsoDatabase) {}

  async current(): Promise<MaintenanceView> {
    const row = await this.db.client.serviceStatus.findUnique({ where: { id: ROW_ID } });
    if (!row) return { mode: 'none', serverUrl: null, updatedAt: null };
    return { mode: row.mode as MaintenanceView['mode'], serverUrl: row.serverUrl, updatedAt: row.updatedAt.toISOString() };
  }

  async set(body: SetMaintenanceBody): Promise<MaintenanceView> {
    const data = { mode: body.mode, serverUrl: body.serverUrl ?? null };
    await this.db.client.serviceStatus.upsert({ where: { id: ROW_ID }, create: { id: ROW_ID, ...data }, update: data });
    return this.current();
  }
}
