import Fastify, { type FastifyInstance } from 'fastify';
import { ErrorCode, PlatformError } from '@dcp/contracts';
import { answerAdminFrameworkError } from '../admin/admin-framework-errors';
import { type FrameworkErrorHandler, answerPublicFrameworkError } from './framework-errors';

/** A server with the ports' routes' shapes, answering framework errors as the edge does. */
async function server(frameworkErrors: FrameworkErrorHandler): Promise<FastifyInstance> {
  const app = Fastify({ frameworkErrors });
  for (const path of ['/gateway', '/stream', '/sso/:operation', '/hls/:devId/index.m3u8', '/admin/v1/*']) app.all(path, async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

interface Answer {
  statusCode: number;
  headers: Record<string, string>;
  json<T = Record<string, unknown>>(): T;
}

/** Sends the path as written (fetch keeps a malformed %-sequence as it is). */
async function send(app: FastifyInstance, opts: { method: string; url: string; headers?: Record<string, string> }): Promise<Answer> {
  const { port } = app.server.address() as { port: number };
  const res = await fetch(`http://127.0.0.1:${port}${opts.url}`, { method: opts.method, headers: opts.headers });
  const text = await res.text();
  return { statusCode: res.status, headers: Object.fromEntries(res.headers), json: <T>() => JSON.parse(text) as T };
}

describe('requests the router refuses, answered in the platform envelope (SDC3)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await server(answerPublicFrameworkError);
  });
  afterAll(() => app.close());

  it.each([
    ['/gateway%ZZ', 400, { errorCode: '000006', failureDetails: 'malformed request: the path /gateway%ZZ is not valid percent-encoded UTF-8' }],
    ['/stream%ZZ?service=x', 400, { errorCode: '000006', failureDetails: 'malformed request: the path /stream%ZZ is not valid percent-encoded UTF-8' }],
    ['/nothing/%E0%A4%A', 400, { errorCode: '000006', failureDetails: 'malformed request: the path /nothing/%E0%A4%A is not valid percent-encoded UTF-8' }],
    ['/sso/authorize_by_token%ZZ', 401, { errorCode: 'OP0046', failureDetails: 'malformed request: the path /sso/authorize_by_token%ZZ is not valid percent-encoded UTF-8', expiresIn: 0 }],
    ['/sso/user_callback%ZZ', 401, { errorCode: 'OP0046', failureDetails: 'malformed request: the path /sso/user_callback%ZZ is not valid percent-encoded UTF-8', expiresIn: 0 }],
    ['/sso/user_callback/%ZZ', 401, { errorCode: 'OP0046', failureDetails: 'malformed request: the path /sso/user_callback/%ZZ is not valid percent-encoded UTF-8' }],
    ['/hls/%ZZ/index.m3u8', 400, { errorCode: '000006', failureDetails: 'malformed request: the path /hls/%ZZ/index.m3u8 is not valid percent-encoded UTF-8' }],
    [`/hls/${'x'.repeat(101)}/index.m3u8`, 414, { errorCode: '000006', failureDetails: `malformed request: a segment of the path /hls/${'x'.repeat(101)}/index.m3u8 is longer than 100 characters` }],
    [`/sso/${'x'.repeat(101)}`, 401, { errorCode: 'OP0046', failureDetails: `malformed request: a segment of the path /sso/${'x'.repeat(101)} is longer than 100 characters`, expiresIn: 0 }],
  ])('%s answers %i with the surface\'s envelope and the request id', async (url, status, body) => {
    const res = await send(app, { method: 'GET', url });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body });
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers playback refusals as playback does: no-store, readable by a player on another origin', async () => {
    const res = await send(app, { method: 'GET', url: '/hls/%ZZ/index.m3u8' });
    expect(res.headers).toMatchObject({ 'cache-control': 'no-store', 'access-control-allow-origin': '*' });
  });

  it('echoes at most 200 characters of the path', async () => {
    const res = await send(app, { method: 'GET', url: `/x%ZZ${'y'.repeat(300)}` });
    expect(res.json<{ failureDetails: string }>().failureDetails).toBe(`malformed request: the path /x%ZZ${'y'.repeat(195)}… is not valid percent-encoded UTF-8`);
  });
});

describe('the admin port\'s answer to a URL the router refuses (SDC3)', () => {
  it('answers AD0400 (HTTP 400) naming the path, only once its refusal is recorded in the audit log', async () => {
    const events: string[] = [];
    let recorded: PlatformError | undefined;
    let release!: () => void;
    let recording!: () => void;
    const recordingStarted = new Promise<void>((resolve) => (recording = resolve));
    const audit = {
      recordRefusal: (_req: unknown, refusal: PlatformError) => {
        recorded = refusal;
        events.push('recording');
        recording();
        return new Promise<void>((resolve) => (release = () => { events.push('recorded'); resolve(); }));
      },
    };
    const app = await server(answerAdminFrameworkError(() => audit));
    try {
      const answered = send(app, { method: 'POST', url: '/admin/v1/merchants/%E0%A4%A/secret', headers: { authorization: 'Bearer t' } }).then((res) => {
        events.push('answered');
        return res;
      });
      await recordingStarted;
      expect(events).toEqual(['recording']);
      release();
      const res = await answered;
      expect(events).toEqual(['recording', 'recorded', 'answered']);
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 400,
        body: { errorCode: 'AD0400', failureDetails: 'invalid field path: the path /admin/v1/merchants/%E0%A4%A/secret is not valid percent-encoded UTF-8' },
      });
      expect(recorded).toMatchObject({ code: ErrorCode.ADMIN_VALIDATION_FAILED, failureDetails: res.json<{ failureDetails: string }>().failureDetails });
      expect(res.headers['x-request-id']).toBeTruthy();
    } finally {
      await app.close();
    }
  });

  it('still answers when recording fails or before the audit exists', async () => {
    for (const audit of [() => ({ recordRefusal: () => Promise.reject(new Error('bus down')) }), () => undefined]) {
      const app = await server(answerAdminFrameworkError(audit));
      try {
        const res = await send(app, { method: 'GET', url: '/admin/v1/users/%ZZ' });
        expect({ status: res.statusCode, errorCode: res.json<{ errorCode: string }>().errorCode }).toEqual({ status: 400, errorCode: 'AD0400' });
      } finally {
        await app.close();
      }
    }
  });
});
