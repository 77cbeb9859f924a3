/**
 * What permission-service asks other services, always at their owner (never from a copy): the shadow account
 * behind an openId (sso-service) and whether a device is bound to a user (device-service).
 */
import { Inject, Injectable } from '@nestjs/common';
import { DEVICE_RPC, SSO_RPC } from '@dcp/contracts';
import type { RpcClient } from '@dcp/messaging';
import { RUNTIME_RPC_CLIENT } from '@dcp/runtime';

export interface DirectoryUser {
  userId: number;
  openId: string;
}

export interface UserDevice {
  /** Canonical MAC. */
  macAddr: string;
  /** Spec 2.4: 1 when the device supports cloud storage. */
  supportStore: number;
}

/** What the use cases ask sso-service (UserDirectory; a fake in unit specs). */
export interface UserLookup {
  findByOpenId(openId: string): Promise<DirectoryUser | null>;
}

/** What the use cases ask device-service (DeviceDirectory; a fake in unit specs). */
export interface UserDeviceLookup {
  /** The device bound to this user under this (canonical) MAC, or null. */
  findUserDevice(userId: number, macAddr: string): Promise<UserDevice | null>;
}

@Injectable()
export class UserDirectory implements UserLookup {
  constructor(@Inject(RUNTIME_RPC_CLIENT) private readonly rpcClient: RpcClient) {}

  async findByOpenId(openId: string): Promise<DirectoryUser | null> {
    const { user } = await this.rpcClient.request(SSO_RPC.ssoFindUser, { openId });
    return user ? { userId: user.userId, openId: user.openId } : null;
  }
}

@Injectable()
export class DeviceDirectory implements UserDeviceLookup {
  constructor(@Inject(RUNTIME_RPC_CLIENT) private readonly rpcClient: RpcClient) {}

  /** The device bound to this user under this (canonical) MAC, or null. */
  async findUserDevice(userId: number, macAddr: string): Promise<UserDevice | null> {
    const { device } = await this.rpcClient.request(DEVICE_RPC.findUserDevice, { userId, macAddr });
    return device ? { macAddr: device.macAddr, supportStore: device.supportStore } : null;
  }
}
