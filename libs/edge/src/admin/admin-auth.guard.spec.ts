import type { ExecutionContext } from '@nestjs/common';
import { ErrorCode, PlatformError } from '@dcp/contracts';
import { loadConfig } from '@dcp/runtime';
import type { FastifyRequest } from 'fastify';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AdminAuthGuard } from './admin-auth.guard';
import { AdminTokens, adminIdentityOf } from './admin-tokens';
import { makeRequest } from '../test/fakes';

const ALICE = 'alice-token-0123456789';
const BOT = 'ci-bot-token-0123456789';
const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'dcp-guard-')), ADMIN_TOKEN: 'legacy-admin-token', ADMIN_TOKENS: `alice:full:${ALICE},ci-bot:read-only:${BOT}` });
const guard = new AdminAuthGuard(config);

function request(method: string, url: string, token?: string): FastifyRequest {
  return makeRequest({ method, url, headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });
}

function context(req: FastifyRequest): ExecutionContext {
  return { switchToHttp: () => ({ getRequest: () => req }) } as unknown as ExecutionContext;
}

function refusal(req: FastifyRequest): PlatformError {
  try {
    guard.canActivate(context(req));
  } catch (err) {
    if (err instanceof PlatformError) return err;
    throw err;
  }
  throw new Error('the guard let the request through');
}

describe('AdminAuthGuard (ADMIN_TOKEN, ADMIN_TOKENS)', () => {
  it.each([
    ['legacy-admin-token', { name: 'admin', role: 'full' }],
    [ALICE, { name: 'alice', role: 'full' }],
    [BOT, { name: 'ci-bot', role: 'read-only' }],
  ])('resolves the token %s to its name and role and attaches it to the request', (token, identity) => {
    const req = request('GET', '/admin/v1/merchants', token);
    expect(guard.canActivate(context(req))).toBe(true);
    expect(adminIdentityOf(req)).toEqual(identity);
  });

  it('refuses a wrong, missing or malformed token with AD0401 and attaches nothing', () => {
    for (const req of [request('GET', '/admin/v1/merchants', 'wrong'), request('GET', '/admin/v1/merchants'), request('GET', '/admin/v1/merchants', `${ALICE}x`)]) {
      expect(refusal(req)).toMatchObject({ code: ErrorCode.ADMIN_UNAUTHORIZED, value: 'AD0401', httpStatus: 401 });
      expect(adminIdentityOf(req)).toBeUndefined();
    }
    const basic = makeRequest({ method: 'GET', url: '/admin/v1/merchants', headers: { authorization: `Basic ${ALICE}` } });
    expect(refusal(basic).code).toBe(ErrorCode.ADMIN_UNAUTHORIZED);
  });

  it('lets a read-only token GET', () => {
    expect(guard.canActivate(context(request('GET', '/admin/v1/audit?limit=5', BOT)))).toBe(true);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('refuses a read-only token\'s %s with AD0403 (HTTP 403), its identity attached for the audit log', (method) => {
    const req = request(method, '/admin/v1/merchants', BOT);
    const err = refusal(req);
    expect(err).toMatchObject({ code: ErrorCode.ADMIN_FORBIDDEN, value: 'AD0403', httpStatus: 403 });
    expect(err.failureDetails).toContain('may only read');
    expect(adminIdentityOf(req)).toEqual({ name: 'ci-bot', role: 'read-only' });
  });

  it('lets a read-only token ask for a playback URL (a POST that changes nothing), not upload a segment (AU8)', () => {
    expect(guard.canActivate(context(request('POST', '/admin/v1/devices/aa:bb:cc:dd:ee:ff/playback', BOT)))).toBe(true);
    expect(refusal(request('POST', '/admin/v1/devices/AABBCCDDEEFF/segments?start=1&duration=2&type=1', BOT)).code).toBe(ErrorCode.ADMIN_FORBIDDEN);
  });

  it('lets a full token change', () => {
    expect(guard.canActivate(context(request('POST', '/admin/v1/merchants', ALICE)))).toBe(true);
  });

  it('serves the OpenAPI document to anyone, but only on GET', () => {
    expect(guard.canActivate(context(request('GET', '/admin/v1/openapi.json')))).toBe(true);
    expect(refusal(request('POST', '/admin/v1/openapi.json')).code).toBe(ErrorCode.ADMIN_UNAUTHORIZED);
  });
});

describe('AdminTokens', () => {
  it('compares against every token: with two tokens of the same value configured, the first wins', () => {
    const tokens = new AdminTokens([
      { name: 'first', role: 'read-only', token: 'same' },
      { name: 'second', role: 'full', token: 'same' },
    ]);
    expect(tokens.identify('Bearer same')).toEqual({ name: 'first', role: 'read-only' });
    expect(tokens.identify('Bearer ')).toBeUndefined();
    expect(tokens.identify(undefined)).toBeUndefined();
  });
});
