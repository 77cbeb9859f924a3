/** One model by machineTypeName (operator API); unknown → ADMIN_NOT_FOUND. */
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, PlatformError, type ModelView, FIRMWARE_RPC } from '@dcp/contracts';
import { toModelView } from '../releases/release.mapper';
import { ReleaseRepository, type ReleaseStore } from '../releases/release.repository';
import { ServesRpc } from '@dcp/runtime';

@Injectable()
export class GetModelUseCase {
  constructor(@Inject(ReleaseRepository) private readonly releases: ReleaseStore) {}

  @ServesRpc(FIRMWARE_RPC.getModel, 'admin.get_model')
  async execute(request: { machineTypeName: string }): Promise<ModelView> {
    const model = await this.releases.findModel(request.machineTypeName);
    if (!model) throw new PlatformError(ErrorCode.ADMIN_NOT_FOUND, `no firmware model ${request.machineTypeName.slice(0, 64)}`);
    return toModelView(model);
  }
}
