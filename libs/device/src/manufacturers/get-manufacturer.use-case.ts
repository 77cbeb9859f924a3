import { Inject, Injectable } from '@nestjs/common';
import type { ManufacturerView } from '@dcp/contracts';
import { manufacturerNotFound } from './admin-input';
import { toManufacturerView } from './manufacturer.mapper';
import { ManufacturerRepository, type ManufacturerStore } from './manufacturer.repository';

@Injectable()
export class GetManufacturerUseCase {
  constructor(@Inject(ManufacturerRepository) private readonly manufacturers: ManufacturerStore) {}

  async execute(request: { oemCode: string }): Promise<ManufacturerView> {
    const manufacturer = await this.manufacturers.findByOemCode(request.oemCode);
    if (!manufacturer) throw manufacturerNotFound(request.oemCode);
    return toManufacturerView(manufacturer);
  }
}
