/**
 * Manufacturers in registration order, one page, optionally those whose oemCode or name contains `q` (operator
 * API). Paged by cursor or a bounded offset, the total exact or estimated (libs/contracts/src/admin-paging.ts).
 */
import { Inject, Injectable } from '@nestjs/common';
import { type ListPage, type ManufacturerView, listManufacturersFilterSchema, listPaging, parseAdminBody, DEVICE_RPC } from '@dcp/contracts';
import { ServesRpc } from '@dcp/runtime';
import { z } from 'zod';
import { toManufacturerView } from './manufacturer.mapper';
import { ManufacturerRepository, type ManufacturerStore } from './manufacturer.repository';

/** The manufacturer list's pages, by manufacturer id. */
const MANUFACTURER_PAGES = listPaging('manufacturers', z.tuple([z.number().int().positive()]));

@Injectable()
export class ListManufacturersUseCase {
  constructor(@Inject(ManufacturerRepository) private readonly manufacturers: ManufacturerStore) {}

  @ServesRpc(DEVICE_RPC.listManufacturers, 'admin.list_manufacturers')
  async execute(request: { limit?: unknown; offset?: unknown; cursor?: unknown; q?: unknown }): Promise<ListPage<ManufacturerView>> {
    // `q` comes as the query string gave it: a bad one answers ADMIN_VALIDATION_FAILED naming it.
    const filter = parseAdminBody(listManufacturersFilterSchema, { q: request.q });
    const page = MANUFACTURER_PAGES.resolve(request, filter);
    const { items, ...total } = await this.manufacturers.page(filter, page);
    return MANUFACTURER_PAGES.answer(items, page, filter, total, (m) => [m.id], toManufacturerView);
  }
}
