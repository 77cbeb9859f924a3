import { ADMIN_LOOKUP_RPC, ErrorCode, OPERATIONS, PlatformError, STORAGE_RPC, gatewaySubject } from '@dcp/contracts';
import type { RuntimeContext } from '@dcp/runtime';
import { StorageRpcHandlers } from './storage-rpc.handlers';

describe('StorageRpcHandlers', () => {
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
  const ok = { execute: async () => ({ extra: {} }) };
  const failing = { execute: async () => Promise.reject(new PlatformError(ErrorCode.FC_AUTH_ACCESSTOKEN_NOT_MATCH)) };
  new StorageRpcHandlers(ctx, ok as never, failing as never, ok as never, ok as never, ok as never, ok as never, ok as never, ok as never, ok as never).register();

  it('serves every storage operation of the stream catalogue (none is left to 009999)', () => {
    const catalogue = OPERATIONS.filter((op) => op.owner === 'storage').map((op) => op.service);
    expect(catalogue.sort()).toEqual(['record.date.query', 'record.play', 'record.query']);
    for (const service of catalogue) expect(handlers.has(gatewaySubject(service))).toBe(true);
  });

  it('serves ingest, playback and the operator look-ups', () => {
    expect(contracts).toEqual([
      STORAGE_RPC.ingestSegment.subject,
      STORAGE_RPC.playlist.subject,
      STORAGE_RPC.segment.subject,
      ADMIN_LOOKUP_RPC.recordingSummary.subject,
      ADMIN_LOOKUP_RPC.recordings.subject,
      ADMIN_LOOKUP_RPC.playback.subject,
    ]);
    expect(STORAGE_RPC.ingestSegment.subject).toBe('dcp.rpc.storage.ingest-segment');
  });

  it('counts outcomes per operation: ok or the error code', async () => {
    const params = { devId: '06626E63FBA5', sessionToken: 'f'.repeat(32), timestamp: '1795651260', recordSt: '1795651200', recordEt: '1795651300', version: '' };
    await handlers.get(gatewaySubject('record.date.query'))!({ service: 'record.date.query', params });
    await expect(handlers.get(gatewaySubject('record.query'))!({ service: 'record.query', params })).rejects.toThrow(PlatformError);
    expect(counted).toEqual([
      { service: 'storage', operation: 'record.date.query', outcome: 'ok' },
      { service: 'storage', operation: 'record.query', outcome: '030040' },
    ]);
  });
});
