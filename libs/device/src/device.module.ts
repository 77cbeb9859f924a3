/**
 * device-service: devices bound to users (the user_ipc_setting_v2_0 gateway operations), manufacturers and
 * their force unbind, the ownership query for other services, and the removal of a deleted user's devices.
 * Its host (serviceRuntime) serves what the use cases and reactions declare; the process provides the
 * runtime's parts globally (RuntimeModule).
 */
import { Module } from '@nestjs/common';
import { serviceRuntime } from '@dcp/runtime';
import { DEVICE_REACTIONS, DEVICE_USE_CASES } from './device.entry-points';
import { AdminDeviceReads } from './devices/admin/admin-device.reads';
import { DevicePasswords } from './devices/device-passwords';
import { DeviceRepository } from './devices/device.repository';
import { UsedForceSignStore } from './force-unbind/used-force-sign.store';
import { DelKeys } from './manufacturers/del-keys';
import { ManufacturerRepository } from './manufacturers/manufacturer.repository';
import { ReencryptDeviceSecretsJob } from './reencrypt-device-secrets.job';
import { PrismaClient } from './generated/prisma/client';

@Module({
  providers: [
    ...serviceRuntime('device', { database: PrismaClient, events: true, counts: [{ name: 'devices', table: 'device' }] }),
    DeviceRepository,
    DevicePasswords,
    ManufacturerRepository,
    DelKeys,
    AdminDeviceReads,
    UsedForceSignStore,
    ReencryptDeviceSecretsJob,
    ...DEVICE_USE_CASES,
    ...DEVICE_REACTIONS,
  ],
})
export class DeviceModule {}
