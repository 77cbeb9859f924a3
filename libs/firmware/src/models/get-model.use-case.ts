/** One model by machineTypeName (operator API); unknown → ADMIN_NOT_FOUND. */
import { Injectable } from '@nestjs/common';
import { ErrorCode, PlatformError, type ModelView } from '@dcp/contracts';
import { toModelView } from '../releases/release.mapper';
import { ReleaseRepository } from '../releases/release.repository';

@Injectable()
export class GetModelUseCase {
  constructor(private readonly releases: ReleaseRepository) {}

  async execute(request: { machineTypeName: string }): Promise<ModelView> {
    const model = await this.releases.findModel(request.machineTypeName);
    if (!model) throw new PlatformError(ErrorCode.ADMIN_NOT_FOUND, `no firmware model ${request.machineTypeName.slice(0, 64)}`);
    return toModelView(model);
  }
}
