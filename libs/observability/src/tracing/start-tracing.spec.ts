import { execFileSync, spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { tracingRequested } from './start-tracing';

describe('tracingRequested', () => {
  it.each([
    [{}, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, true],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }, true],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: '  ' }, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'TRUE' }, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'false' }, true],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'none' }, false],
  ])('%j → %s', (env, expected) => {
    expect(tracingRequested(env as NodeJS.ProcessEnv)).toBe(expected);
  });
});

/**
 * The SDK as an app runs it: the built lib in a child process (the OTLP exporter loads node:http with a
 * dynamic import, which jest's module sandbox refuses), exporting to a stand-in collector.
 */
describe('startTracing', () => {
  const ROOT = join(__dirname, '../../../..');
  const BUILT = join(ROOT, 'dist/libs/observability/src/index.js');
  let collector: Server;
  let received: Promise<{ path: string; body: string }>;

  beforeAll(() => {
    execFileSync(process.execPath, [join(ROOT, 'tools/build.mjs'), 'libs/observability', '--quiet'], { cwd: ROOT, stdio: 'inherit' });
  });

  beforeEach(async () => {
    // Resolves with the first export the collector receives.
    received = new Promise((resolve) => {
      collector = createServer((req: IncomingMessage, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
          resolve({ path: req.url ?? '', body: Buffer.concat(chunks).toString('utf8') });
        });
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  });

  afterEach(() => new Promise((resolve) => (collector.listening ? collector.close(resolve) : resolve(undefined))));

  /** Starts tracing in a child process as main.ts does, makes one span, flushes; resolves with its exit code and output. */
  function app(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
    const script = `
      const o = require(${JSON.stringify(BUILT)});
      const sdkLoaded = () => Object.keys(require.cache).some((f) => f.includes('@opentelemetry/') && !f.includes('@opentelemetry/api/'));
      if (!o.startTracing('sso-service')) { console.log('tracing off, SDK loaded: ' + sdkLoaded()); process.exit(0); }
      o.runInSpan({ name: 'dcp.rpc.sso.userCallback', kind: 1 }, undefined, async () => undefined)
        .then(() => o.flushTracing())
        .then(() => { console.log('flushed'); process.exit(0); }, (err) => { console.error(err); process.exit(1); });`;
    const { OTEL_EXPORTER_OTLP_ENDPOINT: _e, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: _t, OTEL_SERVICE_NAME: _n, OTEL_SDK_DISABLED: _d, OTEL_TRACES_EXPORTER: _x, ...base } = process.env;
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['-e', script], { cwd: ROOT, env: { ...base, ...env } });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, output }));
    });
  }

  it('stays off without an endpoint, or when disabled, without loading the SDK', async () => {
    expect(await app({})).toEqual({ code: 0, output: 'tracing off, SDK loaded: false\n' });
    expect(await app({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9', OTEL_SDK_DISABLED: 'true' })).toEqual({ code: 0, output: 'tracing off, SDK loaded: false\n' });
  });

  it('exports spans over OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT, named by OTEL_SERVICE_NAME over the app', async () => {
    const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
    expect(await app({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: 'sso-eu-1' })).toEqual({ code: 0, output: 'flushed\n' });
    const { path, body } = await received;
    expect(path).toBe('/v1/traces');
    expect(body).toContain('dcp.rpc.sso.userCallback');
    expect(body).toContain('sso-eu-1');
    expect(body).not.toContain('"sso-service"');
  });

  it('logs a collector it cannot reach (context tracing) and still flushes without failing', async () => {
    const closed = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
    await new Promise((resolve) => collector.close(resolve));
    // At info whatever the suite runs at (npm test sets LOG_LEVEL=silent for its own processes).
    const { code, output } = await app({ OTEL_EXPORTER_OTLP_ENDPOINT: closed, LOG_LEVEL: 'info' });
    expect(code).toBe(0);
    const lines = output.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toContainEqual(expect.objectContaining({ level: 'error', context: 'tracing', msg: expect.stringMatching(/^spans could not be exported: .*ECONNREFUSED/) }));
    expect(output).toContain('flushed\n');
  });
});
