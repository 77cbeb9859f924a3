/** Manufacturers in registration order, one page, optionally those whose oemCode or name contains `q` (operator API). */
import { Inject, Injectable } from '@nestjs/common';
import { type ManufacturerView, listManufacturersFilterSchema, parseAdminBody, resolvePage, DEVICE_RPC } from '@dcp/contracts';
import { toManufacturerView } from './manufacturer.mapper';
import { ManufacturerRepository, type ManufacturerStore } from './manufacturer.repository';
import { ServesRpc } from '@dcp/runtime';

@Injectable()
export class ListManufacturersUseCase {
  constructor(@Inject(ManufacturerRepository) private readonly manufacturers: ManufacturerStore) {}

  @ServesRpc(DEVICE_RPC.listManufacturers, 'admin.list_manufacturers')
  async execute(request: { limit?: number; offset?: number; q?: unknown }): Promise<{ items: ManufacturerView[]; total: number }> {
    // `q` comes as the query string gave it: a bad one answers ADMIN_VALIDATION_FAILED naming it.
    const filter = parseAdminBody(listManufacturersFilterSchema, { q: request.q });
    const { limit, offset } = resolvePage(request);
    const { items, total } = await this.manufacturers.page(filter, limit, offset);
    return { items: items.map(toManufacturerView), total };
  }
}
