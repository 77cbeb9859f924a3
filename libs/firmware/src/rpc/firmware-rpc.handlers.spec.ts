import { ErrorCode, FIRMWARE_RPC, OPERATIONS, PlatformError, gatewaySubject, identityOf } from '@dcp/contracts';
import type { RuntimeContext } from '@dcp/runtime';
import { FirmwareRpcHandlers } from './firmware-rpc.handlers';

describe('FirmwareRpcHandlers', () => {
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
  let latestOutcome: () => Promise<unknown> = async () => ({ extra: { remind: 0 } });
  const latest = { execute: () => latestOutcome() };
  const ok = { execute: async () => ({}) };
  new FirmwareRpcHandlers(ctx, latest as never, ok as never, ok as never, ok as never, ok as never, ok as never, ok as never, ok as never, ok as never).register();

  it('serves every firmware operation of the gateway catalogue (none is left to 009999)', () => {
    const catalogue = OPERATIONS.filter((op) => op.owner === 'firmware').map((op) => op.service);
    expect(catalogue).toEqual(['firmware.latest']);
    expect(handlers.has(gatewaySubject('firmware.latest'))).toBe(true);
  });

  it('serves the admin contracts on dcp.rpc.firmware.admin.*', () => {
    expect(contracts.sort()).toEqual(Object.values(FIRMWARE_RPC).map((c) => c.subject).sort());
    for (const subject of contracts) expect(subject).toMatch(/^dcp\.rpc\.firmware\.admin\./);
  });

  it('counts outcomes per operation: ok or the error code', async () => {
    const user = { userId: 1, openId: 'o', clientId: 'c', uuid: 'u' };
    const handler = handlers.get(gatewaySubject('firmware.latest'))!;
    const params = { ...identityOf(user), macAddr: '06626E63FBA5', machineTypeName: 'M', sysVersion1: '1', sysVersion3: '0', sysVersion4: '0', appVersion1: '1', appVersion3: '0', appVersion4: '0' };
    await handler({ service: 'firmware.latest', params, user });
    latestOutcome = () => Promise.reject(new PlatformError(ErrorCode.PT_FIRMWARE_LINK_NOT_EXISTS));
    await expect(handler({ service: 'firmware.latest', params, user })).rejects.toThrow(PlatformError);
    expect(counted).toEqual([
      { service: 'firmware', operation: 'firmware.latest', outcome: 'ok' },
      { service: 'firmware', operation: 'firmware.latest', outcome: '010120' },
    ]);
  });
});
