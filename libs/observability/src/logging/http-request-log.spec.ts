import Fastify, { type FastifyInstance } from 'fastify';
import { runWithCallContext } from '../call-context';
import { LogCapture } from './capture';
import { fastifyLogging } from './http-request-log';
import type { LogLevelName } from './levels';
import { createLogger } from './logger';

const TRACEPARENT = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

interface Server {
  app: FastifyInstance;
  out: LogCapture;
  /** GET over HTTP, then a moment for the response's line (written when the response has finished). */
  get(path: string): Promise<number>;
}

async function server(level: LogLevelName): Promise<Server> {
  const out = new LogCapture();
  const app = Fastify({ ...fastifyLogging(createLogger({ level, service: 'spec', destination: out }).child({ context: 'public-http' })), genReqId: () => 'rid-1' });
  // What the tracing hook does at the edge: the request runs in a call context.
  app.addHook('onRequest', (req, _reply, done) => runWithCallContext({ requestId: req.id, traceparent: TRACEPARENT }, done));
  app.get('/gateway', async () => ({ errorCode: '' }));
  app.get('/boom', async () => {
    throw new Error('kaput');
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const get = async (path: string) => {
    const res = await fetch(`${base}${path}`);
    await res.arrayBuffer();
    await new Promise((r) => setTimeout(r, 20));
    return res.status;
  };
  return { app, out, get };
}

describe('request lines', () => {
  it('one line per completed request at debug: method, redacted url, status, duration, gateway service, request and trace id', async () => {
    const { app, out, get } = await server('debug');
    expect(await get('/gateway?service=user_ipc_setting_v2_0.getOemDeviceByUser&clientId=c&openId=o&accessToken=at-SECRET')).toBe(200);
    const lines = out.records().filter((r) => r.requestId === 'rid-1');
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'debug',
        msg: 'request completed',
        requestId: 'rid-1',
        traceId: '0af7651916cd43dd8448eb211c80319c',
        method: 'GET',
        url: '/gateway?service=user_ipc_setting_v2_0.getOemDeviceByUser&clientId=c&openId=o&accessToken=[REDACTED]',
        statusCode: 200,
        durationMs: expect.any(Number),
        gatewayService: 'user_ipc_setting_v2_0.getOemDeviceByUser',
      }),
    ]);
    expect(out.text()).not.toContain('at-SECRET');
    for (const line of out.lines) expect(line.match(/"requestId"/g)?.length ?? 0).toBeLessThanOrEqual(1);
    await app.close();
  });

  it('none at info; a failed request (5xx) at warn whatever the level', async () => {
    const { app, out, get } = await server('info');
    await get('/gateway?service=x&accessToken=at-SECRET');
    await get('/nowhere?token=t-SECRET');
    expect(out.records().filter((r) => r.msg === 'request completed')).toEqual([]);
    expect(await get('/boom?sign=s-SECRET')).toBe(500);
    const completed = out.records().filter((r) => r.msg === 'request completed');
    expect(completed).toEqual([expect.objectContaining({ level: 'warn', statusCode: 500, url: '/boom?sign=[REDACTED]', requestId: 'rid-1' })]);
    expect(out.text()).not.toMatch(/SECRET/);
    await app.close();
  });

  it('a 404 is one line too, at debug', async () => {
    const { app, out, get } = await server('debug');
    expect(await get('/nowhere?token=t-SECRET')).toBe(404);
    expect(out.records().filter((r) => r.requestId === 'rid-1').map((r) => [r.level, r.msg, r.statusCode])).toEqual([['debug', 'request completed', 404]]);
    await app.close();
  });
});
