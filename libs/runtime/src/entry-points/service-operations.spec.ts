import { ErrorCode, PlatformError, SSO_RPC, gatewaySubject } from '@dcp/contracts';
import type { RuntimeContext } from '../host/context';
import { PlatformMetrics } from '@dcp/observability';
import { ServiceOperations } from './service-operations';

function fakeContext() {
  const handlers = new Map<string, (payload: unknown) => Promise<unknown>>();
  const metrics = new PlatformMetrics({ defaultMetrics: false });
  const ctx = {
    metrics,
    rpcServer: {
      handle: (subject: string, handler: (payload: unknown) => Promise<unknown>) => handlers.set(subject, handler),
      handleContract: (contract: { subject: string }, handler: (req: unknown) => Promise<unknown>) => handlers.set(contract.subject, handler),
    },
  } as unknown as RuntimeContext;
  return { ctx, handlers, metrics };
}

const user = { userId: 1, openId: 'o', clientId: 'c', uuid: 'u' };
const identity = { clientId: 'c', openId: 'o', accessToken: 'a' };
const latestParams = {
  ...identity,
  macAddr: '06-62-6e-63-fb-a5',
  machineTypeName: 'IPC-1',
  sysVersion1: ' 1',
  sysVersion3: '2',
  sysVersion4: '3',
  appVersion1: '4',
  appVersion3: '5',
  appVersion4: '6',
  lang: 'en',
};

describe('ServiceOperations', () => {
  it('counts each answer by operation and outcome: ok or the error value', async () => {
    const { ctx, handlers, metrics } = fakeContext();
    const ops = new ServiceOperations(ctx, 'firmware');
    ops.operation('firmwareLatest', async () => {
      throw new PlatformError(ErrorCode.PT_FIRMWARE_LINK_NOT_EXISTS);
    });
    ops.contract(SSO_RPC.ssoFindUser, 'find_user', async () => ({ user: null }));
    await expect(handlers.get(gatewaySubject('firmware.latest'))!({ service: 'firmware.latest', params: latestParams, user })).rejects.toMatchObject({ value: '010120' });
    await handlers.get(SSO_RPC.ssoFindUser.subject)!({ openId: 'x' });
    const text = await metrics.render();
    expect(text).toContain('dcp_service_operations_total{service="firmware",operation="firmware.latest",outcome="010120"} 1');
    expect(text).toContain('dcp_service_operations_total{service="firmware",operation="find_user",outcome="ok"} 1');
  });

  it('hands the handler the typed parameters of its catalogue entry, unknown ones dropped', async () => {
    const { ctx, handlers } = fakeContext();
    const received: unknown[] = [];
    new ServiceOperations(ctx, 'firmware').operation('firmwareLatest', async (call) => {
      received.push(call.params, call.user);
      return {};
    });
    await handlers.get(gatewaySubject('firmware.latest'))!({ service: 'firmware.latest', params: latestParams, user });
    expect(received[0]).toEqual({
      ...identity,
      macAddr: '06626E63FBA5',
      machineTypeName: 'IPC-1',
      sysVersion1: 1,
      sysVersion3: 2,
      sysVersion4: 3,
      appVersion1: 4,
      appVersion3: 5,
      appVersion4: 6,
      patchVersion: undefined,
      oemCode: undefined,
    });
    expect(received[1]).toEqual(user);
  });

  it('parses again what arrives on the bus: a call that bypassed the edge is refused naming the parameter', async () => {
    const { ctx, handlers } = fakeContext();
    const run = jest.fn(async () => ({}));
    new ServiceOperations(ctx, 'firmware').operation('firmwareLatest', run);
    await expect(handlers.get(gatewaySubject('firmware.latest'))!({ service: 'firmware.latest', params: { ...latestParams, macAddr: 'nope' }, user })).rejects.toMatchObject({
      value: '000006',
      failureDetails: expect.stringContaining('parameter macAddr'),
    });
    expect(run).not.toHaveBeenCalled();
  });

  it('refuses a user-scoped call that arrives without its authenticated user', async () => {
    const { ctx, handlers } = fakeContext();
    new ServiceOperations(ctx, 'firmware').operation('firmwareLatest', async () => ({}));
    await expect(handlers.get(gatewaySubject('firmware.latest'))!({ service: 'firmware.latest', params: latestParams })).rejects.toMatchObject({ value: '000099' });
  });
});
