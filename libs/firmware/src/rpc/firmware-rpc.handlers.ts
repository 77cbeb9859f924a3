/**
 * Request-reply entry points of firmware-service: firmware.latest (dcp.gateway.firmware.latest) and the
 * operator API (dcp.rpc.firmware.admin.*). Each maps to one use case; outcomes are counted per operation.
 */
import { Inject, Injectable } from '@nestjs/common';
import { FIRMWARE_RPC } from '@dcp/contracts';
import { RUNTIME_CONTEXT, type RuntimeContext, ServiceOperations } from '@dcp/runtime';
import { LatestFirmwareUseCase } from '../latest/latest-firmware.use-case';
import { GetModelUseCase } from '../models/get-model.use-case';
import { ListModelsUseCase } from '../models/list-models.use-case';
import { ModelProgressUseCase } from '../progress/model-progress.use-case';
import { SetModelUseCase } from '../models/set-model.use-case';
import { CreateReleaseUseCase } from '../releases/create-release.use-case';
import { GetReleaseUseCase } from '../releases/get-release.use-case';
import { ListReleasesUseCase } from '../releases/list-releases.use-case';
import { UpdateReleaseUseCase } from '../releases/update-release.use-case';

@Injectable()
export class FirmwareRpcHandlers {
  constructor(
    @Inject(RUNTIME_CONTEXT) private readonly ctx: RuntimeContext,
    private readonly latest: LatestFirmwareUseCase,
    private readonly createRelease: CreateReleaseUseCase,
    private readonly listReleases: ListReleasesUseCase,
    private readonly getRelease: GetReleaseUseCase,
    private readonly updateRelease: UpdateReleaseUseCase,
    private readonly setModel: SetModelUseCase,
    private readonly getModel: GetModelUseCase,
    private readonly listModels: ListModelsUseCase,
    private readonly modelProgress: ModelProgressUseCase,
  ) {}

  /** Registers every handler; refuses to start when a firmware operation of the catalogue is not served. */
  register(): void {
    const ops = new ServiceOperations(this.ctx, 'firmware');
    ops.serveCatalogue({ firmwareLatest: (call) => this.latest.execute(call) });
    ops.contract(FIRMWARE_RPC.createRelease, 'admin.create_release', (req) => this.createRelease.execute(req));
    ops.contract(FIRMWARE_RPC.listReleases, 'admin.list_releases', (req) => this.listReleases.execute(req));
    ops.contract(FIRMWARE_RPC.getRelease, 'admin.get_release', (req) => this.getRelease.execute(req));
    ops.contract(FIRMWARE_RPC.updateRelease, 'admin.update_release', (req) => this.updateRelease.execute(req));
    ops.contract(FIRMWARE_RPC.setModel, 'admin.set_model', (req) => this.setModel.execute(req));
    ops.contract(FIRMWARE_RPC.getModel, 'admin.get_model', (req) => this.getModel.execute(req));
    ops.contract(FIRMWARE_RPC.listModels, 'admin.list_models', (req) => this.listModels.execute(req));
    ops.contract(FIRMWARE_RPC.modelProgress, 'admin.model_progress', (req) => this.modelProgress.execute(req));
  }
}
