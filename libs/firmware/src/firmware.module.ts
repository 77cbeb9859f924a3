/**
 * firmware-service: firmware releases forming each model's upgrade chains, the operator API that maintains
 * them, and firmware.latest (spec 2.9, 4.4) — all over request-reply; it asks device-service which devices are
 * bound to the users who asked before it records rollout progress. It neither publishes nor consumes events.
 * Its host (serviceRuntime) serves what the use cases and jobs declare; the process provides the runtime's parts (RuntimeModule).
 */
import { Module } from '@nestjs/common';
import { serviceRuntime } from '@dcp/runtime';
import { FirmwareMetrics } from './common/firmware-metrics';
import { FIRMWARE_JOBS, FIRMWARE_USE_CASES } from './firmware.entry-points';
import { PrismaClient } from './generated/prisma/client';
import { DeviceDirectory } from './progress/device-directory';
import { RolloutCheckRepository } from './progress/rollout-check.repository';
import { RolloutRecorder } from './progress/rollout-recorder';
import { ReleaseRepository } from './releases/release.repository';

@Module({
  providers: [
    ...serviceRuntime('firmware', { database: PrismaClient, counts: [{ name: 'firmwareModels', table: 'firmware_model' }] }),
    FirmwareMetrics,
    ReleaseRepository,
    RolloutCheckRepository,
    DeviceDirectory,
    RolloutRecorder,
    ...FIRMWARE_USE_CASES,
    ...FIRMWARE_JOBS,
  ],
})
export class FirmwareModule {}
