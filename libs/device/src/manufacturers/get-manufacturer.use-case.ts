import { Inject, Injectable } from '@nestjs/common';
import type { ManufacturerView } from '@dcp/contracts';
import { manufacturerNotFound } from './admin-input';
import { toManufacturerView } from './manufacturer.mapper';
import { ManufacturerRepository, type ManufacturerStore } from './manufacturer.repository';
import { ServesRpc } from '@dcp/runtime';
import { DEVICE_RPC } from '@dcp/contracts';

@Injectable()
export class GetManufacturerUseCase {
  constructor(@Inject(ManufacturerRepository) private readonly manufacturers: ManufacturerStore) {}

  @ServesRpc(DEVICE_RPC.getManufacturer, 'admin.get_manufacturer')
  async execute(request: { oemCode: string }): Promise<ManufacturerView> {
    const manufacturer = await this.manufacturers.findByOemCode(request.oemCode);
    if (!manufacturer) throw manufacturerNotFound(request.oemCode);
    return toManufacturerView(manufacturer);
  }
}
