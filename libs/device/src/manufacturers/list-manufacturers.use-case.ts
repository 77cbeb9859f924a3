import { Inject, Injectable } from '@nestjs/common';
import { type ManufacturerView, resolvePage } from '@dcp/contracts';
import { toManufacturerView } from './manufacturer.mapper';
import { ManufacturerRepository, type ManufacturerStore } from './manufacturer.repository';

@Injectable()
export class ListManufacturersUseCase {
  constructor(@Inject(ManufacturerRepository) private readonly manufacturers: ManufacturerStore) {}

  async execute(request: { limit?: number; offset?: number }): Promise<{ items: ManufacturerView[]; total: number }> {
    const { limit, offset } = resolvePage(request);
    const { items, total } = await this.manufacturers.page(limit, offset);
    return { items: items.map(toManufacturerView), total };
  }
}
