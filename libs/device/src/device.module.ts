/**
 * device-service: devices bound to users (the user_ipc_setting_v2_0 gateway operations), manufacturers and
 * their force unbind, the ownership query for other services, and the removal of a deleted user's devices.
 * The host provides RUNTIME_CONTEXT globally.
 */
import { Module } from '@nestjs/common';
import { DeviceLifecycle } from './device-lifecycle';
import { AddDeviceUseCase } from './devices/add-device.use-case';
import { DeleteDeviceUseCase } from './devices/delete-device.use-case';
import { DevicePasswords } from './devices/device-passwords';
import { DeviceRepository } from './devices/device.repository';
import { FindBoundDevicesUseCase } from './devices/find-bound-devices.use-case';
import { FindDeviceOwnerUseCase } from './devices/find-device-owner.use-case';
import { FindUserDeviceUseCase } from './devices/find-user-device.use-case';
import { GetUserDeviceUseCase } from './devices/get-user-device.use-case';
import { ListUserDevicesUseCase } from './devices/list-user-devices.use-case';
import { UpdateDeviceUseCase } from './devices/update-device.use-case';
import { AdminDeviceReads } from './devices/admin/admin-device.reads';
import { GetDeviceAdminUseCase } from './devices/admin/get-device-admin.use-case';
import { ListUserDevicesAdminUseCase } from './devices/admin/list-user-devices-admin.use-case';
import { ForceUnbindUseCase } from './force-unbind/force-unbind.use-case';
import { UsedForceSignStore } from './force-unbind/used-force-sign.store';
import { CreateManufacturerUseCase } from './manufacturers/create-manufacturer.use-case';
import { DelKeys } from './manufacturers/del-keys';
import { ReencryptDeviceSecretsJob } from './reencrypt-device-secrets.job';
import { GetManufacturerUseCase } from './manufacturers/get-manufacturer.use-case';
import { ListManufacturersUseCase } from './manufacturers/list-manufacturers.use-case';
import { ManufacturerRepository } from './manufacturers/manufacturer.repository';
import { RotateDelKeyUseCase } from './manufacturers/rotate-del-key.use-case';
import { UserDeletedReaction } from './reactions/user-deleted.reaction';
import { DeviceRpcHandlers } from './rpc/device-rpc.handlers';
import { serviceEventsProvider, serviceDatabaseToken, serviceDatabaseProvider } from '@dcp/runtime';
import { PrismaClient } from './generated/prisma/client';

@Module({
  providers: [
    serviceDatabaseProvider('device', PrismaClient),
    serviceEventsProvider('device', serviceDatabaseToken('device')),
    DeviceRepository,
    DevicePasswords,
    ManufacturerRepository,
    DelKeys,
    ReencryptDeviceSecretsJob,
    UsedForceSignStore,
    AddDeviceUseCase,
    UpdateDeviceUseCase,
    DeleteDeviceUseCase,
    ListUserDevicesUseCase,
    GetUserDeviceUseCase,
    FindUserDeviceUseCase,
    FindDeviceOwnerUseCase,
    FindBoundDevicesUseCase,
    UserDeletedReaction,
    ForceUnbindUseCase,
    CreateManufacturerUseCase,
    ListManufacturersUseCase,
    GetManufacturerUseCase,
    RotateDelKeyUseCase,
    AdminDeviceReads,
    GetDeviceAdminUseCase,
    ListUserDevicesAdminUseCase,
    DeviceRpcHandlers,
    DeviceLifecycle,
  ],
})
export class DeviceModule {}
