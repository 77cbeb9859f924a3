import { ErrorCode, PlatformError, type RecordAuditRequest, type RpcContract, SSO_AUDIT_RPC } from '@dcp/contracts';
import type { RpcClient } from '@dcp/messaging';
import type { FastifyRequest } from 'fastify';
import { loadConfig } from '@dcp/runtime';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AdminAudit, auditRequest } from './admin-audit';
import { ADMIN_ROUTES } from './admin-routes';
import { type AdminIdentity, attachAdminIdentity } from './admin-tokens';
import { fakeAdapterHost, makeRequest } from '../test/fakes';

const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'dcp-audit-')), ADMIN_TOKENS: 'alice:full:alice-token-0123456789,ci-bot:read-only:bot-token-0123456789' });
const createMerchant = ADMIN_ROUTES.find((r) => r.method === 'POST' && r.path === '/merchants')!;

/** The audit RPCs as sso-service would answer them, or fail them. */
function fakeRpc(fail: { record?: boolean; complete?: boolean } = {}) {
  const calls: { subject: string; payload: unknown }[] = [];
  return {
    calls,
    client: {
      request: (async (contract: RpcContract, payload: unknown) => {
        calls.push({ subject: contract.subject, payload });
        if (contract === SSO_AUDIT_RPC.record && fail.record) throw new PlatformError(ErrorCode.FC_SYSTEM_ERROR, 'no responders');
        if (contract === SSO_AUDIT_RPC.complete && fail.complete) throw new PlatformError(ErrorCode.FC_SYSTEM_ERROR, 'timeout');
        return contract === SSO_AUDIT_RPC.record ? { id: '00000000-0000-4000-8000-000000000001' } : { completed: true };
      }) as RpcClient['request'],
      requestRaw: async (subject: string) => {
        throw new Error(`unexpected ${subject}`);
      },
    } satisfies RpcClient,
  };
}

function audit(rpc: ReturnType<typeof fakeRpc>): AdminAudit {
  return new AdminAudit(config, rpc.client, fakeAdapterHost({ addHook: () => undefined }));
}

function request(method: string, url: string, body: unknown, who: AdminIdentity = { name: 'alice', role: 'full' }): FastifyRequest {
  const req = makeRequest({ id: 'req-7', method, url, body, headers: { authorization: 'Bearer alice-token-0123456789' } });
  attachAdminIdentity(req, who);
  return req;
}

describe('AdminAudit', () => {
  it('records the call pending before forwarding it, and completes it with the route\'s status after', async () => {
    const rpc = fakeRpc();
    const forwarded: string[] = [];
    const result = await audit(rpc).forward(request('POST', '/admin/v1/merchants', { name: 'Acme' }), createMerchant, {}, async () => {
      forwarded.push(rpc.calls.map((c) => c.subject).join(','));
      return { clientSecret: 'never-recorded' };
    });
    expect(result).toEqual({ clientSecret: 'never-recorded' });
    expect(forwarded).toEqual(['dcp.rpc.sso.admin.audit.record']);
    expect(rpc.calls.map((c) => c.subject)).toEqual(['dcp.rpc.sso.admin.audit.record', 'dcp.rpc.sso.admin.audit.complete']);
    expect(rpc.calls[0].payload).toEqual({
      actor: { name: 'alice', role: 'full' },
      method: 'POST',
      requestId: 'req-7',
      clientRequestId: null,
      request: { route: '/admin/v1/merchants', operationId: 'postMerchants', tag: 'merchants', path: '/admin/v1/merchants', params: {}, query: {}, body: { name: 'Acme' }, bodyBytes: null, bodySha256: null },
    });
    expect(rpc.calls[1].payload).toEqual({ id: '00000000-0000-4000-8000-000000000001', outcome: { status: 201, errorCode: null } });
    expect(JSON.stringify(rpc.calls)).not.toContain('never-recorded');
  });

  it('refuses the call with FC_SYSTEM_ERROR when its entry cannot be recorded, and never forwards it', async () => {
    const rpc = fakeRpc({ record: true });
    const forward = jest.fn(async () => ({}));
    const err = await audit(rpc)
      .forward(request('POST', '/admin/v1/merchants', { name: 'Acme' }), createMerchant, {}, forward)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PlatformError);
    expect(err).toMatchObject({ code: ErrorCode.FC_SYSTEM_ERROR, value: '000099', failureDetails: expect.stringContaining('audit log could not record this change') });
    expect(forward).not.toHaveBeenCalled();
  });

  it('completes the entry with the refusal of the owning service and passes the refusal on', async () => {
    const rpc = fakeRpc();
    const refusal = new PlatformError(ErrorCode.ADMIN_CONFLICT, 'taken');
    await expect(audit(rpc).forward(request('POST', '/admin/v1/merchants', {}), createMerchant, {}, () => Promise.reject(refusal))).rejects.toBe(refusal);
    expect(rpc.calls[1].payload).toEqual({ id: expect.any(String), outcome: { status: 409, errorCode: 'AD0409' } });
  });

  it('answers the change even when its completion cannot be written (the entry stays pending)', async () => {
    const rpc = fakeRpc({ complete: true });
    await expect(audit(rpc).forward(request('POST', '/admin/v1/merchants', {}), createMerchant, {}, async () => 'done')).resolves.toBe('done');
    expect(rpc.calls.map((c) => c.subject)).toEqual(['dcp.rpc.sso.admin.audit.record', 'dcp.rpc.sso.admin.audit.complete']);
  });

  it('lets reads through unrecorded', async () => {
    const rpc = fakeRpc();
    const list = ADMIN_ROUTES.find((r) => r.method === 'GET' && r.path === '/merchants')!;
    await audit(rpc).forward(request('GET', '/admin/v1/merchants', undefined), list, {}, async () => 'list');
    expect(rpc.calls).toEqual([]);
  });

  it('records a refusal before forwarding once, complete with its code; not one without a token', async () => {
    const rpc = fakeRpc();
    const a = audit(rpc);
    const req = request('POST', '/admin/v1/merchants/m_12/disable', undefined, { name: 'ci-bot', role: 'read-only' });
    a.recordRefusal(req, new PlatformError(ErrorCode.ADMIN_FORBIDDEN));
    a.recordRefusal(req, new PlatformError(ErrorCode.ADMIN_FORBIDDEN));
    const anonymous = makeRequest({ id: 'r', method: 'POST', url: '/admin/v1/merchants', headers: { authorization: 'Bearer nope' } });
    a.recordRefusal(anonymous, new PlatformError(ErrorCode.ADMIN_VALIDATION_FAILED));
    await new Promise((resolve) => setImmediate(resolve));
    expect(rpc.calls).toHaveLength(1);
    const recorded = rpc.calls[0].payload as RecordAuditRequest;
    expect(recorded).toMatchObject({ actor: { name: 'ci-bot', role: 'read-only' }, method: 'POST', outcome: { status: 403, errorCode: 'AD0403' } });
    expect(recorded.request).toMatchObject({ route: '/admin/v1/merchants/{clientId}/disable', operationId: 'postMerchantsClientIdDisable', params: { clientId: 'm_12' }, path: '/admin/v1/merchants/m_12/disable', body: null });
  });
});

describe('auditRequest', () => {
  it('masks every credential-like field, in any case and spelling (SDB7)', () => {
    const body = { name: 'Acme', apiKey: 'k-1', api_key: 'k-2', Token: 't-1', PASSWORD: 'p-1', authorization: 'Bearer b-1', nested: { 'X-Api-Key': 'k-3', webhookSecret: 's-1' }, tokenValidationUrl: 'https://m.example/v' };
    const recorded = auditRequest({ url: '/admin/v1/merchants', query: { api_key: 'k-4' }, body }, createMerchant, {});
    expect(recorded.body).toEqual({
      name: 'Acme',
      apiKey: '[REDACTED]',
      api_key: '[REDACTED]',
      Token: '[REDACTED]',
      PASSWORD: '[REDACTED]',
      authorization: '[REDACTED]',
      nested: { 'X-Api-Key': '[REDACTED]', webhookSecret: '[REDACTED]' },
      tokenValidationUrl: 'https://m.example/v',
    });
    expect(recorded.query).toEqual({ api_key: '[REDACTED]' });
  });

  it('keeps of a call refused before forwarding only its body\'s size and SHA-256, never the body (SDB1)', () => {
    const huge = { name: 'x'.repeat(60 * 1024) };
    const declared = { 'content-length': String(Buffer.byteLength(JSON.stringify(huge))) };
    const refused = auditRequest({ url: '/admin/v1/merchants', query: {}, body: huge, headers: declared }, createMerchant, {}, { refused: true });
    expect(refused).toMatchObject({ body: null, bodyBytes: Buffer.byteLength(JSON.stringify(huge)), bodySha256: null });
    expect(JSON.stringify(refused)).not.toContain('xxxx');
    const segment = ADMIN_ROUTES.find((r) => r.path === '/devices/{devId}/segments')!;
    expect(auditRequest({ url: '/admin/v1/devices/AA/segments', query: {}, body: Buffer.alloc(376), headers: { 'content-length': '376' } }, segment, { devId: 'AA' }, { refused: true })).toMatchObject({ body: null, bodyBytes: 376 });
  });

  it('masks credential-named fields at any depth and in the query', () => {
    const recorded = auditRequest({ url: '/admin/v1/merchants?token=abc', query: { token: 'abc', q: 'x' }, body: { name: 'A', nested: [{ clientSecret: 's', password: 'p' }] } }, createMerchant, {});
    expect(recorded.body).toEqual({ name: 'A', nested: [{ clientSecret: '[REDACTED]', password: '[REDACTED]' }] });
    expect(recorded.query).toEqual({ token: '[REDACTED]', q: 'x' });
    expect(recorded.path).toBe('/admin/v1/merchants');
  });

  it('replaces NUL characters, which PostgreSQL cannot store in JSON, in the body, the query and the params', () => {
    const recorded = auditRequest({ url: '/admin/v1/merchants/a%00b', query: { q: 'x\u0000' }, body: { 'k\u0000': 'v\u0000' } }, createMerchant, { clientId: 'a\u0000b' });
    expect(JSON.stringify(recorded)).not.toContain('\\u0000');
    expect(recorded).toMatchObject({ body: { 'k\uFFFD': 'v\uFFFD' }, query: { q: 'x\uFFFD' }, params: { clientId: 'a\uFFFDb' } });
  });

  it('keeps only the size of a raw body, and the size of a JSON body over 64 KiB', () => {
    const segment = ADMIN_ROUTES.find((r) => r.path === '/devices/{devId}/segments')!;
    expect(auditRequest({ url: '/admin/v1/devices/AA/segments?start=1', query: { start: '1' }, body: Buffer.alloc(376) }, segment, { devId: 'AA' })).toMatchObject({ body: null, bodyBytes: 376, query: { start: '1' } });
    const big = { name: 'x'.repeat(70_000) };
    expect(auditRequest({ url: '/admin/v1/merchants', query: {}, body: big }, createMerchant, {}).body).toEqual({ truncated: true, bytes: JSON.stringify(big).length });
  });
});
