import { ErrorCode, PlatformError, RPC, gatewaySubject } from '@dcp/contracts';
import type { RuntimeContext } from './context';
import { MetricsRegistry } from './metrics-registry';
import { ServiceOperations } from './service-operations';

function fakeContext() {
  const handlers = new Map<string, (payload: unknown) => Promise<unknown>>();
  const metrics = new MetricsRegistry();
  const ctx = {
    metrics,
    rpcServer: {
      handle: (subject: string, handler: (payload: unknown) => Promise<unknown>) => handlers.set(subject, handler),
      handleContract: (contract: { subject: string }, handler: (req: unknown) => Promise<unknown>) => handlers.set(contract.subject, handler),
    },
  } as unknown as RuntimeContext;
  return { ctx, handlers, metrics };
}

describe('ServiceOperations', () => {
  it('counts each answer by operation and outcome: ok or the error value', async () => {
    const { ctx, handlers, metrics } = fakeContext();
    const ops = new ServiceOperations(ctx, 'firmware');
    ops.userGateway('firmware.latest', async () => {
      throw new PlatformError(ErrorCode.PT_FIRMWARE_LINK_NOT_EXISTS);
    });
    ops.contract(RPC.ssoFindUser, 'find_user', async () => ({ user: null }));
    const user = { userId: 1, openId: 'o', clientId: 'c', uuid: 'u' };
    await expect(handlers.get(gatewaySubject('firmware.latest'))!({ service: 'firmware.latest', params: {}, user })).rejects.toMatchObject({ value: '010120' });
    await handlers.get(RPC.ssoFindUser.subject)!({ openId: 'x' });
    const text = await metrics.render();
    expect(text).toContain('dcp_firmware_operations_total{operation="firmware.latest",outcome="010120"} 1');
    expect(text).toContain('dcp_firmware_operations_total{operation="find_user",outcome="ok"} 1');
  });

  it('refuses a user-scoped call that arrives without its authenticated user', async () => {
    const { ctx, handlers } = fakeContext();
    new ServiceOperations(ctx, 'firmware').userGateway('firmware.latest', async () => ({}));
    await expect(handlers.get(gatewaySubject('firmware.latest'))!({ service: 'firmware.latest', params: {} })).rejects.toMatchObject({ value: '000099' });
  });

  it('names the catalogue operations a service leaves unserved', () => {
    const { ctx } = fakeContext();
    const ops = new ServiceOperations(ctx, 'storage');
    ops.gateway('record.date.query', async () => ({}));
    expect(() => ops.assertServesCatalogue()).toThrow('storage-service does not serve record.query, record.play');
  });
});
