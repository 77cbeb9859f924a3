import { PlatformMetrics } from '@dcp/observability';
import { parsePrometheusText } from '@dcp/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { type EdgeApp, recordHttpMetrics } from './http-metrics';

/** Resolves once the server has run every onResponse hook of the request in flight. */
let responded: (() => void) | undefined;

async function server(app: EdgeApp, metrics: PlatformMetrics): Promise<FastifyInstance> {
  const f = Fastify();
  recordHttpMetrics(f, metrics, app);
  // Hooks run in the order they were added: this one runs after the observation.
  f.addHook('onResponse', async () => responded?.());
  f.get('/gateway', async (req) => ((req.query as { service?: string }).service === 'cloud_system.current_time' ? { errorCode: '', failureDetails: '', data: 1 } : { errorCode: '009999', failureDetails: 'no such service' }));
  f.post('/sso/:operation', async (_req, reply) => reply.status(401).send({ errorCode: 'MS0401', failureDetails: "the merchant's own code" }));
  f.get('/admin/v1/merchants/:id', async () => ({ id: 'm' }));
  f.post('/camera/v1/segments', async (req, reply) =>
    (req.query as { ok?: string }).ok ? reply.status(201).send({ errorCode: '000000', data: {} }) : reply.status(401).send({ errorCode: 'CR0401', failureDetails: 'revoked', serverTime: 1 }),
  );
  f.post('/push/v1/alarms', async (_req, reply) => reply.status(201).send({ errorCode: '000000', data: {} }));
  await f.listen({ port: 0, host: '127.0.0.1' });
  return f;
}

/**
 * A real HTTP request (light-my-request's inject does not load under jest on Node 20), returning once the
 * response was observed: onResponse may run a moment after the client read the response.
 */
async function call(f: FastifyInstance, method: string, path: string): Promise<void> {
  const addr = f.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  const observed = new Promise<void>((resolve) => (responded = resolve));
  await (await fetch(`http://127.0.0.1:${port}${path}`, { method })).text();
  await observed;
}

const series = async (metrics: PlatformMetrics) =>
  parsePrometheusText(await metrics.render())
    .find('dcp_http_request_duration_seconds_count')
    .map((s) => ({ ...s.labels, n: s.value }));

describe('recordHttpMetrics', () => {
  it('labels public requests by surface, catalogue operation, status and envelope code; anything else by fixed values', async () => {
    const metrics = new PlatformMetrics({ defaultMetrics: false });
    const f = await server('public', metrics);
    await call(f, 'GET', '/gateway?service=cloud_system.current_time');
    await call(f, 'GET', '/gateway?service=cloud_system.current_time');
    await call(f, 'GET', '/gateway?service=made.up.by.a.scanner');
    await call(f, 'POST', '/sso/authorize_by_token');
    await call(f, 'POST', '/sso/whatever');
    await call(f, 'GET', '/wp-login.php');
    expect(await series(metrics)).toEqual([
      { surface: 'gateway', operation: 'cloud_system.current_time', status: '200', code: 'none', n: 2 },
      { surface: 'gateway', operation: 'unknown', status: '200', code: '009999', n: 1 },
      // A code outside the platform's catalogue (a merchant's own) does not become a label value.
      { surface: 'sso', operation: 'authorize_by_token', status: '401', code: 'other', n: 1 },
      { surface: 'sso', operation: 'unknown', status: '401', code: 'other', n: 1 },
      { surface: 'other', operation: 'unknown', status: '404', code: 'none', n: 1 },
    ]);
    await f.close();
  });

  it('labels cameras\' requests as surface camera and push by route; the camera protocol\'s success 000000 is no error code', async () => {
    const metrics = new PlatformMetrics({ defaultMetrics: false });
    const f = await server('public', metrics);
    await call(f, 'POST', '/camera/v1/segments?ok=1');
    await call(f, 'POST', '/camera/v1/segments');
    await call(f, 'POST', '/push/v1/alarms');
    expect(await series(metrics)).toEqual([
      { surface: 'camera', operation: '/camera/v1/segments', status: '201', code: 'none', n: 1 },
      { surface: 'camera', operation: '/camera/v1/segments', status: '401', code: 'CR0401', n: 1 },
      { surface: 'push', operation: '/push/v1/alarms', status: '201', code: 'none', n: 1 },
    ]);
    await f.close();
  });

  it('labels the admin server by route pattern, never by the ids in the path', async () => {
    const metrics = new PlatformMetrics({ defaultMetrics: false });
    const f = await server('admin', metrics);
    await call(f, 'GET', '/admin/v1/merchants/1');
    await call(f, 'GET', '/admin/v1/merchants/2');
    expect(await series(metrics)).toEqual([{ surface: 'admin', operation: '/admin/v1/merchants/:id', status: '200', code: 'none', n: 2 }]);
    await f.close();
  });
});
