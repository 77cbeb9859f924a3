/**
 * firmware-service: firmware releases forming each model's upgrade chains, the operator API that maintains
 * them, and firmware.latest (spec 2.9, 4.4) — all over request-reply; it asks device-service which devices are
 * bound to the users who asked before it records rollout progress. The host provides RUNTIME_CONTEXT globally.
 */
import { Module } from '@nestjs/common';
import { serviceDatabaseProvider } from '@dcp/runtime';
import { PrismaClient } from './generated/prisma/client';
import { FirmwareLifecycle } from './firmware-lifecycle';
import { LatestFirmwareUseCase } from './latest/latest-firmware.use-case';
import { GetModelUseCase } from './models/get-model.use-case';
import { SetModelUseCase } from './models/set-model.use-case';
import { CreateReleaseUseCase } from './releases/create-release.use-case';
import { GetReleaseUseCase } from './releases/get-release.use-case';
import { ListReleasesUseCase } from './releases/list-releases.use-case';
import { ReleaseRepository } from './releases/release.repository';
import { UpdateReleaseUseCase } from './releases/update-release.use-case';
import { FirmwareRpcHandlers } from './rpc/firmware-rpc.handlers';
import { FirmwareMetrics } from './common/firmware-metrics';
import { ListModelsUseCase } from './models/list-models.use-case';
import { DeviceDirectory } from './progress/device-directory';
import { ModelProgressUseCase } from './progress/model-progress.use-case';
import { RolloutCheckPurger } from './progress/rollout-check.purger';
import { RolloutCheckRepository } from './progress/rollout-check.repository';
import { RolloutRecorder } from './progress/rollout-recorder';

@Module({
  providers: [
    serviceDatabaseProvider('firmware', PrismaClient),
    FirmwareMetrics,
    ReleaseRepository,
    CreateReleaseUseCase,
    ListReleasesUseCase,
    GetReleaseUseCase,
    UpdateReleaseUseCase,
    SetModelUseCase,
    GetModelUseCase,
    ListModelsUseCase,
    RolloutCheckRepository,
    DeviceDirectory,
    RolloutRecorder,
    RolloutCheckPurger,
    ModelProgressUseCase,
    LatestFirmwareUseCase,
    FirmwareRpcHandlers,
    FirmwareLifecycle,
  ],
})
export class FirmwareModule {}
