/** Registers a manufacturer: its delKey is generated, returned this once and stored encrypted. */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { type ManufacturerWithDelKey, createManufacturerBodySchema, parseAdminBody, DEVICE_RPC } from '@dcp/contracts';
import { isUniqueViolation } from '@dcp/database';
import { manufacturerExists } from './admin-input';
import { DelKeys } from './del-keys';
import { toManufacturerView, withDelKey } from './manufacturer.mapper';
import { ManufacturerRepository, type ManufacturerStore } from './manufacturer.repository';
import { ServesRpc } from '@dcp/runtime';

@Injectable()
export class CreateManufacturerUseCase {
  private readonly logger = new Logger('device-manufacturers');

  constructor(
    @Inject(ManufacturerRepository) private readonly manufacturers: ManufacturerStore,
    private readonly delKeys: DelKeys,
  ) {}

  @ServesRpc(DEVICE_RPC.createManufacturer, 'admin.create_manufacturer')
  async execute(request: { body: unknown }): Promise<ManufacturerWithDelKey> {
    const body = parseAdminBody(createManufacturerBodySchema, request.body);
    if (await this.manufacturers.findByOemCode(body.oemCode)) throw manufacturerExists(body.oemCode);
    const delKey = this.delKeys.generate();
    try {
      const created = await this.manufacturers.create({ oemCode: body.oemCode, name: body.name, delKeyCiphertext: this.delKeys.encrypt(body.oemCode, delKey) });
      this.logger.log(`manufacturer ${created.oemCode} (${created.name}) registered`);
      return withDelKey(toManufacturerView(created), delKey);
    } catch (err) {
      // A concurrent registration of the same oemCode won.
      if (isUniqueViolation(err)) throw manufacturerExists(body.oemCode);
      throw err;
    }
  }
}
