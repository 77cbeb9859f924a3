import { ErrorCode, PlatformError, SSO_RPC } from '@dcp/contracts';
import type { RpcClient, RpcHandler, RpcServer } from '@dcp/messaging';
import { PlatformMetrics } from '@dcp/observability';
import { parsePrometheusText } from '@dcp/testing';
import { ObservedRpcClient, ObservedRpcServer } from './observed-rpc';

const outcomes = async (metrics: PlatformMetrics, family: string) =>
  parsePrometheusText(await metrics.render())
    .find(`${family}_count`)
    .map((s) => [s.labels.subject, s.labels.outcome, s.value]);

describe('ObservedRpcClient', () => {
  it('times every call by subject and outcome (ok or the error value), passing results and errors through', async () => {
    const metrics = new PlatformMetrics({ defaultMetrics: false });
    const inner: RpcClient = {
      request: jest.fn(async () => ({ user: null })) as unknown as RpcClient['request'],
      requestRaw: jest.fn(async (subject: string) => {
        if (subject === 'dcp.gateway.slow') throw new PlatformError(ErrorCode.FC_SYSTEM_ERROR, 'the service did not answer');
        return { data: 1 };
      }),
    };
    const client = new ObservedRpcClient(inner, metrics);
    await expect(client.request(SSO_RPC.ssoFindUser, { openId: 'x' })).resolves.toEqual({ user: null });
    await expect(client.requestRaw('dcp.gateway.fast', {})).resolves.toEqual({ data: 1 });
    await expect(client.requestRaw('dcp.gateway.slow', {})).rejects.toMatchObject({ value: '000099' });
    expect(await outcomes(metrics, 'dcp_rpc_client_duration_seconds')).toEqual([
      [SSO_RPC.ssoFindUser.subject, 'ok', 1],
      ['dcp.gateway.fast', 'ok', 1],
      ['dcp.gateway.slow', '000099', 1],
    ]);
  });
});

describe('ObservedRpcServer', () => {
  it('times the handlers it registers, raw and contract ones, by subject and outcome', async () => {
    const metrics = new PlatformMetrics({ defaultMetrics: false });
    const handlers = new Map<string, RpcHandler>();
    const inner: RpcServer = {
      handle: (subject, handler) => void handlers.set(subject, handler),
      handleContract: (contract, handler) => void handlers.set(contract.subject, handler as RpcHandler),
    };
    const server = new ObservedRpcServer(inner, metrics);
    server.handle('dcp.gateway.thing', async () => {
      throw new PlatformError(ErrorCode.FC_AUTH_ACCESSTOKEN_NOT_MATCH);
    });
    server.handleContract(SSO_RPC.ssoFindUser, async () => ({ user: null }));
    await expect(handlers.get('dcp.gateway.thing')!({})).rejects.toMatchObject({ value: '030040' });
    await expect(handlers.get(SSO_RPC.ssoFindUser.subject)!({ openId: 'x' })).resolves.toEqual({ user: null });
    // Anything that is not a PlatformError reaches callers as 000099, and is counted so.
    server.handle('dcp.gateway.crash', async () => {
      throw new Error('boom');
    });
    await expect(handlers.get('dcp.gateway.crash')!({})).rejects.toThrow('boom');
    expect(await outcomes(metrics, 'dcp_rpc_server_duration_seconds')).toEqual([
      ['dcp.gateway.thing', '030040', 1],
      [SSO_RPC.ssoFindUser.subject, 'ok', 1],
      ['dcp.gateway.crash', '000099', 1],
    ]);
  });
});
