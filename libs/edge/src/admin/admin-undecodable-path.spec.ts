import type { IncomingMessage } from 'node:http';
import { ErrorCode } from '@dcp/contracts';
import type { FastifyRequest } from 'fastify';
import { escapeUndecodablePath, refuseUndecodablePath } from './admin-undecodable-path';

const raw = (url: string) => ({ url }) as IncomingMessage;
const fastifyRequest = (rawRequest: IncomingMessage) => ({ raw: rawRequest }) as FastifyRequest;

describe('an undecodable admin path is escaped, then refused by the controller (SDC3)', () => {
  it.each(['/admin/v1/merchants', '/admin/v1/users/a%20b?q=%ZZ', '/admin/v1/users/%E2%82%AC', '/admin/v1/audit?path=%25', '/admin/v1/x#%ZZ'])('leaves a decodable path as it is: %s', (url) => {
    const req = raw(url);
    expect(escapeUndecodablePath(req)).toBe(url);
    expect(() => refuseUndecodablePath(fastifyRequest(req))).not.toThrow();
  });

  it.each([
    ['/admin/v1/merchants/%E0%A4%A/secret', '/admin/v1/merchants/%25E0%25A4%25A/secret', '/admin/v1/merchants/%E0%A4%A/secret'],
    ['/admin/v1/users/%ZZ?limit=%31', '/admin/v1/users/%25ZZ?limit=%31', '/admin/v1/users/%ZZ'],
    ['/admin/v1/users/%ED%A0%80', '/admin/v1/users/%25ED%25A0%2580', '/admin/v1/users/%ED%A0%80'],
    ['/admin/v1/users/a%', '/admin/v1/users/a%25', '/admin/v1/users/a%'],
  ])('escapes every %% of an undecodable path, not of its query: %s', (url, escaped, sent) => {
    const req = raw(url);
    expect(escapeUndecodablePath(req)).toBe(escaped);
    expect(() => refuseUndecodablePath(fastifyRequest(req))).toThrow(
      expect.objectContaining({ code: ErrorCode.ADMIN_VALIDATION_FAILED, failureDetails: `invalid field path: the path ${sent} is not valid percent-encoded UTF-8` }),
    );
  });
});
