/**
 * Everything firmware-service serves, as a barrel its module lists: each class declares its own entry point
 * (`@ServesOperation`, `@ServesRpc`, `@Periodic`), and the service's host serves what it finds.
 */
import { LatestFirmwareUseCase } from './latest/latest-firmware.use-case';
import { GetModelUseCase } from './models/get-model.use-case';
import { ListModelsUseCase } from './models/list-models.use-case';
import { SetModelUseCase } from './models/set-model.use-case';
import { ModelProgressUseCase } from './progress/model-progress.use-case';
import { RolloutCheckPurger } from './progress/rollout-check.purger';
import { CreateReleaseUseCase } from './releases/create-release.use-case';
import { GetReleaseUseCase } from './releases/get-release.use-case';
import { ListReleasesUseCase } from './releases/list-releases.use-case';
import { UpdateReleaseUseCase } from './releases/update-release.use-case';

export const FIRMWARE_USE_CASES = [
  LatestFirmwareUseCase,
  CreateReleaseUseCase,
  ListReleasesUseCase,
  GetReleaseUseCase,
  UpdateReleaseUseCase,
  SetModelUseCase,
  GetModelUseCase,
  ListModelsUseCase,
  ModelProgressUseCase,
];

export const FIRMWARE_JOBS = [RolloutCheckPurger];
