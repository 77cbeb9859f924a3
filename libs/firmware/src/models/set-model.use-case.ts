/** Marks a model as (not) supporting smart upgrade; an unknown model → ADMIN_NOT_FOUND (models come with their first release). */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { RUNTIME_CLOCK, type Clock, ServesRpc } from '@dcp/runtime';
import { type ModelView, parseAdminBody, setModelBodySchema, FIRMWARE_RPC } from '@dcp/contracts';
import { modelNotFound } from '../releases/release';
import { toModelView } from '../releases/release.mapper';
import { ReleaseRepository, type ReleaseStore } from '../releases/release.repository';

@Injectable()
export class SetModelUseCase {
  private readonly logger = new Logger('firmware-models');

  constructor(
    @Inject(ReleaseRepository) private readonly releases: ReleaseStore,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  @ServesRpc(FIRMWARE_RPC.setModel, 'admin.set_model')
  async execute(request: { machineTypeName: string; body: unknown }): Promise<ModelView> {
    const body = parseAdminBody(setModelBodySchema, request.body);
    const model = await this.releases.setSmartUpgrade(request.machineTypeName, body.smartUpgrade, new Date(this.clock.now()));
    if (!model) throw modelNotFound(request.machineTypeName);
    this.logger.log(`model ${model.machineTypeName}: smartUpgrade ${model.smartUpgrade}`);
    return toModelView(model);
  }
}
