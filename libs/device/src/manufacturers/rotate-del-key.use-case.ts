/**
 * Issues a new delKey (shown once). The old one stops verifying at once: no grace period, because a leaked
 * delKey lets its holder unbind every device of the manufacturer.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ErrorCode, type ManufacturerWithDelKey, PlatformError, DEVICE_RPC } from '@dcp/contracts';
import { RUNTIME_CLOCK, type Clock, ServesRpc } from '@dcp/runtime';
import { manufacturerNotFound } from './admin-input';
import { DelKeys } from './del-keys';
import { toManufacturerView, withDelKey } from './manufacturer.mapper';
import { ManufacturerRepository, type ManufacturerStore } from './manufacturer.repository';

@Injectable()
export class RotateDelKeyUseCase {
  private readonly logger = new Logger('device-manufacturers');

  constructor(
    @Inject(ManufacturerRepository) private readonly manufacturers: ManufacturerStore,
    private readonly delKeys: DelKeys,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  @ServesRpc(DEVICE_RPC.rotateDelKey, 'admin.rotate_del_key')
  async execute(request: { oemCode: string }): Promise<ManufacturerWithDelKey> {
    const current = await this.manufacturers.findByOemCode(request.oemCode);
    if (!current) throw manufacturerNotFound(request.oemCode);
    const delKey = this.delKeys.generate();
    const updated = await this.manufacturers.replaceDelKey(current.oemCode, this.delKeys.encrypt(current.oemCode, delKey), this.clock.now(), current.delKeyCiphertext);
    // Another rotation won the race: this key was never stored, so it must not be shown.
    if (!updated) throw new PlatformError(ErrorCode.ADMIN_CONFLICT, `the delKey of ${current.oemCode} was rotated concurrently; retry`);
    this.logger.log(`manufacturer ${updated.oemCode}: delKey rotated, the previous one no longer verifies`);
    return withDelKey(toManufacturerView(updated), delKey);
  }
}
