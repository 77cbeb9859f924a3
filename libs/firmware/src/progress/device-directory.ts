/**
 * What rollout progress asks device-service (docs/decisions.md SDD1): which devices named in firmware.latest
 * calls are bound to the user who asked. Always asked of the owner of bindings, never read from a copy.
 */
import { Inject, Injectable } from '@nestjs/common';
import { DEVICE_RPC } from '@dcp/contracts';
import type { RpcClient } from '@dcp/messaging';
import { RUNTIME_RPC_CLIENT } from '@dcp/runtime';

/** A device (canonical MAC) and the user who named it. */
export interface UserDevicePair {
  userId: number;
  macAddr: string;
}

/** What RolloutRecorder asks (DeviceDirectory; a fake in unit specs). */
export interface BoundDeviceLookup {
  /** Those of the pairs (at most BOUND_DEVICES_MAX_PAIRS) bound now; rejects when device-service does not answer. */
  boundAmong(pairs: readonly UserDevicePair[]): Promise<UserDevicePair[]>;
}

@Injectable()
export class DeviceDirectory implements BoundDeviceLookup {
  constructor(@Inject(RUNTIME_RPC_CLIENT) private readonly rpcClient: RpcClient) {}

  async boundAmong(pairs: readonly UserDevicePair[]): Promise<UserDevicePair[]> {
    if (pairs.length === 0) return [];
    const { bound } = await this.rpcClient.request(DEVICE_RPC.boundDevices, { pairs: [...pairs] });
    return bound;
  }
}
