/**
 * Request-reply entry points of device-service: the six gateway operations the edge routes here
 * (`dcp.gateway.<service>`), the ownership query for other services, and the operator API. Each maps to one
 * use case; outcomes are counted per operation.
 */
import { Inject, Injectable } from '@nestjs/common';
import { DEVICE_RPC, type GatewayCall, type GatewayResult, OPERATIONS, PlatformError, type RpcContract } from '@dcp/contracts';
import { RUNTIME_CONTEXT, type RuntimeContext, type UserGatewayCall, serveGatewayOperation, serveUserGatewayOperation } from '@dcp/runtime';
import type { z } from 'zod';
import { AddDeviceUseCase } from '../devices/add-device.use-case';
import { DeleteDeviceUseCase } from '../devices/delete-device.use-case';
import { FindUserDeviceUseCase } from '../devices/find-user-device.use-case';
import { GetUserDeviceUseCase } from '../devices/get-user-device.use-case';
import { ListUserDevicesUseCase } from '../devices/list-user-devices.use-case';
import { UpdateDeviceUseCase } from '../devices/update-device.use-case';
import { ForceUnbindUseCase } from '../force-unbind/force-unbind.use-case';
import { CreateManufacturerUseCase } from '../manufacturers/create-manufacturer.use-case';
import { GetManufacturerUseCase } from '../manufacturers/get-manufacturer.use-case';
import { ListManufacturersUseCase } from '../manufacturers/list-manufacturers.use-case';
import { RotateDelKeyUseCase } from '../manufacturers/rotate-del-key.use-case';
import { DeviceMetrics } from '../shared/device-metrics';

const GROUP = 'user_ipc_setting_v2_0';

@Injectable()
export class DeviceRpcHandlers {
  constructor(
    @Inject(RUNTIME_CONTEXT) private readonly ctx: RuntimeContext,
    private readonly metrics: DeviceMetrics,
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
  ) {}

  /** Registers every handler; returns the gateway operations served (all of device's in the catalogue). */
  register(): string[] {
    const served = [
      this.userOperation(`${GROUP}.addOemDevice`, (call) => this.addDevice.execute(call)),
      this.userOperation(`${GROUP}.updateOemDevice`, (call) => this.updateDevice.execute(call)),
      this.userOperation(`${GROUP}.delOemDeviceByMac`, (call) => this.deleteDevice.execute(call)),
      this.userOperation(`${GROUP}.getOemDeviceByUser`, (call) => this.listUserDevices.execute(call)),
      this.userOperation(`${GROUP}.getOemDeviceByUserAndMac`, (call) => this.getUserDevice.execute(call)),
      this.operation(`${GROUP}.delOemDeviceForce`, (call) => this.forceUnbind.execute(call)),
    ];
    const missing = OPERATIONS.filter((op) => op.owner === 'device' && !served.includes(op.service)).map((op) => op.service);
    if (missing.length > 0) throw new Error(`device-service does not serve ${missing.join(', ')}`);
    this.contract(DEVICE_RPC.findUserDevice, 'find_user_device', (req) => this.findUserDevice.execute(req));
    this.contract(DEVICE_RPC.createManufacturer, 'admin.create_manufacturer', (req) => this.createManufacturer.execute(req));
    this.contract(DEVICE_RPC.listManufacturers, 'admin.list_manufacturers', (req) => this.listManufacturers.execute(req));
    this.contract(DEVICE_RPC.getManufacturer, 'admin.get_manufacturer', (req) => this.getManufacturer.execute(req));
    this.contract(DEVICE_RPC.rotateDelKey, 'admin.rotate_del_key', (req) => this.rotateDelKey.execute(req));
    return served;
  }

  private userOperation(service: string, run: (call: UserGatewayCall) => Promise<GatewayResult>): string {
    serveUserGatewayOperation(this.ctx, service, (call) => this.counted(service, () => run(call)));
    return service;
  }

  private operation(service: string, run: (call: GatewayCall) => Promise<GatewayResult>): string {
    serveGatewayOperation(this.ctx, service, (call) => this.counted(service, () => run(call)));
    return service;
  }

  private contract<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(contract: RpcContract<Req, Res>, operation: string, run: (req: z.output<Req>) => Promise<z.input<Res>>): void {
    this.ctx.rpcServer.handleContract(contract, (req) => this.counted(operation, () => run(req)));
  }

  private async counted<T>(operation: string, run: () => Promise<T>): Promise<T> {
    try {
      const result = await run();
      this.metrics.operation(operation, 'ok');
      return result;
    } catch (err) {
      this.metrics.operation(operation, PlatformError.from(err).value);
      throw err;
    }
  }
}
