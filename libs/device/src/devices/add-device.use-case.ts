/**
 * user_ipc_setting_v2_0.addOemDevice (spec 4.4): binds a device to the authenticated user and publishes
 * device.bound. A MAC is bound to one user at most: 020040 when this user has it, 020042 when another does —
 * also when two adds race (the database's unique MAC decides, the loser is told who won).
 */
import { Inject, Injectable } from '@nestjs/common';
import { type CallOf, ErrorCode, type GatewayResult, PlatformError } from '@dcp/contracts';
import { isUniqueViolation } from '@dcp/database';
import type { Device } from './device';
import { deviceAddedByOthers, deviceAlreadyAdded } from './device-errors';
import { DevicePasswords } from './device-passwords';
import { DeviceRepository, type DeviceStore } from './device.repository';
import { ServesOperation } from '@dcp/runtime';

/** Inserts tried before giving up when the conflicting row keeps vanishing (a concurrent delete each time). */
const MAX_ATTEMPTS = 3;

@Injectable()
export class AddDeviceUseCase {
  constructor(
    @Inject(DeviceRepository) private readonly devices: DeviceStore,
    private readonly passwords: DevicePasswords,
  ) {}

  @ServesOperation('addOemDevice')
  async execute({ params: p, user }: CallOf<'addOemDevice'>): Promise<GatewayResult> {
    const { macAddr } = p;
    const userId = user.userId;
    const device = {
      macAddr,
      userId,
      deviceName: p.deviceName,
      productName: p.productName,
      username: p.username,
      passwordCiphertext: this.passwords.encrypt(macAddr, p.password),
      hasusertag: p.hasusertag,
      supportStore: p.supportStore,
      supportRichMedia: p.supportRichMedia,
      oemCode: p.oemCode,
    };
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const existing = await this.devices.findByMac(macAddr);
      if (existing) throw conflict(existing, userId);
      try {
        await this.devices.bind(device);
        return {};
      } catch (err) {
        // Another add of this MAC committed first: the next pass reads who owns it now.
        if (!isUniqueViolation(err)) throw err;
      }
    }
    throw new PlatformError(ErrorCode.FC_SYSTEM_ERROR, `device ${macAddr} is being added and removed concurrently; retry`);
  }
}

function conflict(existing: Device, userId: number): PlatformError {
  return existing.userId === userId ? deviceAlreadyAdded(existing.macAddr) : deviceAddedByOthers(existing.macAddr);
}
