import { Injectable } from '@nestjs/common';
import type { ManufacturerView } from '@dcp/contracts';
import { toManufacturerView } from './manufacturer.mapper';
import { ManufacturerRepository } from './manufacturer.repository';

export const DEFAULT_PAGE_SIZE = 100;

@Injectable()
export class ListManufacturersUseCase {
  constructor(private readonly manufacturers: ManufacturerRepository) {}

  async execute(request: { limit?: number; offset?: number }): Promise<{ items: ManufacturerView[]; total: number }> {
    const { items, total } = await this.manufacturers.page(request.limit ?? DEFAULT_PAGE_SIZE, request.offset ?? 0);
    return { items: items.map(toManufacturerView), total };
  }
}
