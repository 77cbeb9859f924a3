/** One model by machineTypeName (operator API); unknown → ADMIN_NOT_FOUND. */
import { Inject, Injectable } from '@nestjs/common';
import { type ModelView, FIRMWARE_RPC } from '@dcp/contracts';
import { modelNotFound } from '../releases/release';
import { toModelView } from '../releases/release.mapper';
import { ReleaseRepository, type ReleaseStore } from '../releases/release.repository';
import { ServesRpc } from '@dcp/runtime';

@Injectable()
export class GetModelUseCase {
  constructor(@Inject(ReleaseRepository) private readonly releases: ReleaseStore) {}

  @ServesRpc(FIRMWARE_RPC.getModel, 'admin.get_model')
  async execute(request: { machineTypeName: string }): Promise<ModelView> {
    const model = await this.releases.findModel(request.machineTypeName);
    if (!model) throw modelNotFound(request.machineTypeName);
    return toModelView(model);
  }
}
