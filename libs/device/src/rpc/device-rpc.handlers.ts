/**
 * Request-reply entry points of device-service: the six gateway operations the edge routes here
 * (`dcp.gateway.<service>`), the ownership queries for other services, and the operator API. Each maps to one
 * use case; outcomes are counted per operation.
 */
import { Inject, Injectable } from '@nestjs/common';
import { ADMIN_LOOKUP_RPC, DEVICE_RPC } from '@dcp/contracts';
import { RUNTIME_CONTEXT, type RuntimeContext, ServiceOperations } from '@dcp/runtime';
import { AddDeviceUseCase } from '../devices/add-device.use-case';
import { DeleteDeviceUseCase } from '../devices/delete-device.use-case';
import { GetDeviceAdminUseCase } from '../devices/admin/get-device-admin.use-case';
import { ListUserDevicesAdminUseCase } from '../devices/admin/list-user-devices-admin.use-case';
import { FindBoundDevicesUseCase } from '../devices/find-bound-devices.use-case';
import { FindDeviceOwnerUseCase } from '../devices/find-device-owner.use-case';
import { FindUserDeviceUseCase } from '../devices/find-user-device.use-case';
import { GetUserDeviceUseCase } from '../devices/get-user-device.use-case';
import { ListUserDevicesUseCase } from '../devices/list-user-devices.use-case';
import { UpdateDeviceUseCase } from '../devices/update-device.use-case';
import { ForceUnbindUseCase } from '../force-unbind/force-unbind.use-case';
import { CreateManufacturerUseCase } from '../manufacturers/create-manufacturer.use-case';
import { GetManufacturerUseCase } from '../manufacturers/get-manufacturer.use-case';
import { ListManufacturersUseCase } from '../manufacturers/list-manufacturers.use-case';
import { RotateDelKeyUseCase } from '../manufacturers/rotate-del-key.use-case';

@Injectable()
export class DeviceRpcHandlers {
  constructor(
    @Inject(RUNTIME_CONTEXT) private readonly ctx: RuntimeContext,
    private readonly addDevice: AddDeviceUseCase,
    private readonly updateDevice: UpdateDeviceUseCase,
    private readonly deleteDevice: DeleteDeviceUseCase,
    private readonly listUserDevices: ListUserDevicesUseCase,
    private readonly getUserDevice: GetUserDeviceUseCase,
    private readonly forceUnbind: ForceUnbindUseCase,
    private readonly findUserDevice: FindUserDeviceUseCase,
    private readonly createManufacturer: CreateManufacturerUseCase,
    private readonly listManufacturers: ListManufacturersUseCase,
    private readonly getManufacturer: GetManufacturerUseCase,
    private readonly rotateDelKey: RotateDelKeyUseCase,
    private readonly findDeviceOwner: FindDeviceOwnerUseCase,
    private readonly findBoundDevices: FindBoundDevicesUseCase,
    private readonly getDeviceAdmin: GetDeviceAdminUseCase,
    private readonly listUserDevicesAdmin: ListUserDevicesAdminUseCase,
  ) {}

  /** Registers every handler; refuses to start when a device operation of the catalogue is not served. */
  register(): void {
    const ops = new ServiceOperations(this.ctx, 'device');
    ops.serveCatalogue({
      addOemDevice: (call) => this.addDevice.execute(call),
      updateOemDevice: (call) => this.updateDevice.execute(call),
      delOemDeviceByMac: (call) => this.deleteDevice.execute(call),
      getOemDeviceByUser: (call) => this.listUserDevices.execute(call),
      getOemDeviceByUserAndMac: (call) => this.getUserDevice.execute(call),
      delOemDeviceForce: (call) => this.forceUnbind.execute(call),
    });
    ops.contract(DEVICE_RPC.findUserDevice, 'find_user_device', (req) => this.findUserDevice.execute(req));
    ops.contract(DEVICE_RPC.findDeviceOwner, 'find_device_owner', (req) => this.findDeviceOwner.execute(req));
    ops.contract(DEVICE_RPC.boundDevices, 'bound_devices', (req) => this.findBoundDevices.execute(req));
    ops.contract(DEVICE_RPC.createManufacturer, 'admin.create_manufacturer', (req) => this.createManufacturer.execute(req));
    ops.contract(DEVICE_RPC.listManufacturers, 'admin.list_manufacturers', (req) => this.listManufacturers.execute(req));
    ops.contract(DEVICE_RPC.getManufacturer, 'admin.get_manufacturer', (req) => this.getManufacturer.execute(req));
    ops.contract(DEVICE_RPC.rotateDelKey, 'admin.rotate_del_key', (req) => this.rotateDelKey.execute(req));
    ops.contract(ADMIN_LOOKUP_RPC.getDevice, 'admin.get_device', (req) => this.getDeviceAdmin.execute(req));
    ops.contract(ADMIN_LOOKUP_RPC.listUserDevices, 'admin.list_user_devices', (req) => this.listUserDevicesAdmin.execute(req));
  }
}
