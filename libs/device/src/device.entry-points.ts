/**
 * Everything device-service serves, as barrels its module lists: each class declares its own entry point
 * (`@ServesOperation`, `@ServesRpc`, `@EventReactionEntry`), and the service's host serves what it finds.
 */
import { GetDeviceAdminUseCase } from './devices/admin/get-device-admin.use-case';
import { ListUserDevicesAdminUseCase } from './devices/admin/list-user-devices-admin.use-case';
import { AddDeviceUseCase } from './devices/add-device.use-case';
import { DeleteDeviceUseCase } from './devices/delete-device.use-case';
import { FindBoundDevicesUseCase } from './devices/find-bound-devices.use-case';
import { FindDeviceOwnerUseCase } from './devices/find-device-owner.use-case';
import { FindUserDeviceUseCase } from './devices/find-user-device.use-case';
import { GetUserDeviceUseCase } from './devices/get-user-device.use-case';
import { ListUserDevicesUseCase } from './devices/list-user-devices.use-case';
import { UpdateDeviceUseCase } from './devices/update-device.use-case';
import { ForceUnbindUseCase } from './force-unbind/force-unbind.use-case';
import { CreateManufacturerUseCase } from './manufacturers/create-manufacturer.use-case';
import { GetManufacturerUseCase } from './manufacturers/get-manufacturer.use-case';
import { ListManufacturersUseCase } from './manufacturers/list-manufacturers.use-case';
import { RotateDelKeyUseCase } from './manufacturers/rotate-del-key.use-case';
import { UserDeletedReaction } from './reactions/user-deleted.reaction';

export const DEVICE_USE_CASES = [
  AddDeviceUseCase,
  UpdateDeviceUseCase,
  DeleteDeviceUseCase,
  ListUserDevicesUseCase,
  GetUserDeviceUseCase,
  ForceUnbindUseCase,
  FindUserDeviceUseCase,
  FindDeviceOwnerUseCase,
  FindBoundDevicesUseCase,
  CreateManufacturerUseCase,
  ListManufacturersUseCase,
  GetManufacturerUseCase,
  RotateDelKeyUseCase,
  GetDeviceAdminUseCase,
  ListUserDevicesAdminUseCase,
];

export const DEVICE_REACTIONS = [UserDeletedReaction];
