import { DEVICE_RPC, ErrorCode, OPERATIONS, PlatformError, gatewaySubject, identityOf } from '@dcp/contracts';
import type { RuntimeContext } from '@dcp/runtime';
import { DeviceRpcHandlers } from './device-rpc.handlers';

describe('DeviceRpcHandlers', () => {
  const handlers = new Map<string, (payload: unknown) => Promise<unknown>>();
  const contracts: string[] = [];
  const counted: Record<string, string>[] = [];
  const ctx = {
    rpcServer: {
      handle: (subject: string, handler: (payload: unknown) => Promise<unknown>) => handlers.set(subject, handler),
      handleContract: (contract: { subject: string }) => contracts.push(contract.subject),
    },
    metrics: { increment: (_name: string, labels: Record<string, string>) => counted.push(labels) },
  } as unknown as RuntimeContext;
  const ok = { execute: async () => ({}) };
  const failing = { execute: async () => Promise.reject(new PlatformError(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS)) };
  const h = new DeviceRpcHandlers(ctx, ok as never, failing as never, ok as never, ok as never, ok as never, ok as never, ok as never, ok as never, ok as never, ok as never, ok as never, ok as never, ok as never, ok as never, ok as never);
  h.register();

  it('serves every device operation of the gateway catalogue (none is left to 009999)', () => {
    const catalogue = OPERATIONS.filter((op) => op.owner === 'device').map((op) => op.service);
    expect(catalogue).toHaveLength(6);
    for (const service of catalogue) expect(handlers.has(gatewaySubject(service))).toBe(true);
  });

  it('serves the ownership queries and the manufacturer admin contracts', () => {
    expect(contracts).toEqual(
      expect.arrayContaining([DEVICE_RPC.findUserDevice, DEVICE_RPC.findDeviceOwner, DEVICE_RPC.boundDevices, DEVICE_RPC.createManufacturer, DEVICE_RPC.listManufacturers, DEVICE_RPC.getManufacturer, DEVICE_RPC.rotateDelKey].map((c) => c.subject)),
    );
  });

  it('counts outcomes per operation: ok or the error code', async () => {
    const user = { userId: 1, openId: 'o', clientId: 'c', uuid: 'u' };
    const params = { ...identityOf(user), macAddr: '06626E63FBA5' };
    await handlers.get(gatewaySubject('user_ipc_setting_v2_0.getOemDeviceByUser'))!({ service: 'user_ipc_setting_v2_0.getOemDeviceByUser', params, user });
    await expect(handlers.get(gatewaySubject('user_ipc_setting_v2_0.updateOemDevice'))!({ service: 'user_ipc_setting_v2_0.updateOemDevice', params, user })).rejects.toThrow(PlatformError);
    expect(counted).toEqual([
      { service: 'device', operation: 'user_ipc_setting_v2_0.getOemDeviceByUser', outcome: 'ok' },
      { service: 'device', operation: 'user_ipc_setting_v2_0.updateOemDevice', outcome: '020041' },
    ]);
  });
});
