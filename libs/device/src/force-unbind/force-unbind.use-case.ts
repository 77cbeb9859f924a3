/**
 * user_ipc_setting_v2_0.delOemDeviceForce (spec 4.4): a manufacturer's server unbinds one of its devices
 * without a user, authenticated by sign = MD5(mac + timeStamp + delKey). Checks, in this order, each with
 * its own code: mac is a MAC (000006) → oemCode registered (DV0040) → timeStamp a number (000006) within
 * ±300 s (DV0042) → sign matches the current delKey (DV0043) → sign not used before (DV0044) → the MAC is
 * bound to a device of this manufacturer (020041). Then the device is deleted and device.unbound (reason
 * force) published in the same transaction.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { type CallOf, ErrorCode, type GatewayResult, PlatformError } from '@dcp/contracts';
import { DeviceRepository, type DeviceStore } from '../devices/device.repository';
import { DelKeys } from '../manufacturers/del-keys';
import { ManufacturerRepository, type ManufacturerStore } from '../manufacturers/manufacturer.repository';
import { RUNTIME_CLOCK, type Clock, ServesOperation } from '@dcp/runtime';
import { FORCE_UNBIND_WINDOW_SECONDS, insideWindow, parseTimeStamp, signMatches, skewSeconds, usedSignExpiry } from './force-unbind-rules';
import { UsedForceSignStore, type UsedSigns } from './used-force-sign.store';

@Injectable()
export class ForceUnbindUseCase {
  private readonly logger = new Logger('device-force-unbind');

  constructor(
    @Inject(ManufacturerRepository) private readonly manufacturers: ManufacturerStore,
    private readonly delKeys: DelKeys,
    @Inject(UsedForceSignStore) private readonly usedSigns: UsedSigns,
    @Inject(DeviceRepository) private readonly devices: DeviceStore,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  @ServesOperation('delOemDeviceForce')
  async execute({ params }: CallOf<'delOemDeviceForce'>): Promise<GatewayResult> {
    const { timeStamp, oemCode, sign } = params;
    // The sign covers the MAC as the manufacturer sent it; the device is found by its canonical form.
    const { sent: mac, canonical: macAddr } = params.mac;

    const manufacturer = await this.manufacturers.findByOemCode(oemCode);
    if (!manufacturer) throw new PlatformError(ErrorCode.DEVICE_FORCE_OEM_UNKNOWN, `oemCode ${oemCode} is not a registered manufacturer`);

    const ts = parseTimeStamp(timeStamp);
    if (!ts) throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, 'parameter timeStamp must be a unix timestamp in seconds (10 digits) or milliseconds (13 digits)');
    const now = this.clock.now();
    if (!insideWindow(ts, now)) {
      const skew = Math.round(skewSeconds(ts, now));
      throw new PlatformError(
        ErrorCode.DEVICE_FORCE_TIMESTAMP_OUT_OF_WINDOW,
        `timeStamp is ${Math.abs(skew)} s ${skew > 0 ? 'ahead of' : 'behind'} server time (at most ${FORCE_UNBIND_WINDOW_SECONDS} s allowed)`,
      );
    }

    if (!signMatches({ mac, timeStamp, sign }, this.delKeys.current(manufacturer))) {
      throw new PlatformError(ErrorCode.DEVICE_FORCE_SIGN_MISMATCH, 'sign does not match: expected MD5(mac + timeStamp + delKey) as 32 hex digits over the parameters as sent');
    }
    if (!(await this.usedSigns.remember(oemCode, sign.toLowerCase(), usedSignExpiry(ts), now))) {
      throw new PlatformError(ErrorCode.DEVICE_FORCE_SIGN_REPLAYED, 'sign already used: sign each force unbind anew with a fresh timeStamp');
    }

    // A manufacturer unbinds only its own devices: a device of another oemCode looks like no device.
    if (!(await this.devices.unbindOfManufacturer(oemCode, macAddr))) {
      throw new PlatformError(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS, `device setting does not exist: no device ${macAddr} of manufacturer ${oemCode} is bound`);
    }
    this.logger.log(`device ${macAddr} force-unbound by manufacturer ${oemCode}`);
    return {};
  }
}
