import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutboundHttp, UnreachableError } from './outbound-http';

/** A local HTTP server whose behaviour each test sets. */
let server: Server;
let base: string;
let behaviour: (res: import('node:http').ServerResponse, headers: IncomingHttpHeaders) => void;

beforeAll(async () => {
  server = createServer((req, res) => behaviour(res, req.headers));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const client = (opts: Partial<ConstructorParameters<typeof OutboundHttp>[0]> = {}) =>
  new OutboundHttp({ timeoutMs: 1000, maxResponseBytes: 1024, allowPrivateNetworks: true, ...opts });

async function reason(http: OutboundHttp, url: string): Promise<string> {
  try {
    await http.get(new URL(url), {});
  } catch (err) {
    expect(err).toBeInstanceOf(UnreachableError);
    return (err as Error).message;
  } finally {
    http.close();
  }
  throw new Error('expected the call to fail');
}

describe('OutboundHttp', () => {
  it('returns status and body, sending the given headers', async () => {
    let seen: IncomingHttpHeaders = {};
    behaviour = (res, headers) => {
      seen = headers;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    };
    const http = client();
    const answer = await http.get(new URL(`${base}/idp?token=x`), { sign: 'abc' });
    http.close();
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe('{"ok":true}');
    expect(seen.sign).toBe('abc');
  });

  it('does not follow redirects', async () => {
    behaviour = (res) => res.writeHead(302, { location: 'http://169.254.169.254/' }).end();
    const http = client();
    expect((await http.get(new URL(base), {})).status).toBe(302);
    http.close();
  });

  it('gives up after the time limit', async () => {
    behaviour = () => undefined; // never answers
    expect(await reason(client({ timeoutMs: 200 }), base)).toMatch(/no answer from 127\.0\.0\.1:\d+ within 200 ms/);
  });

  it('refuses a response larger than the cap (declared length)', async () => {
    behaviour = (res) => res.writeHead(200, { 'content-length': 2048 }).end('x'.repeat(2048));
    expect(await reason(client(), base)).toBe('merchant response is larger than 1024 bytes');
  });

  it('refuses a response larger than the cap (streamed)', async () => {
    behaviour = (res) => {
      res.writeHead(200);
      res.write('x'.repeat(800));
      setImmediate(() => res.end('y'.repeat(800)));
    };
    expect(await reason(client(), base)).toBe('merchant response is larger than 1024 bytes');
  });

  it('reports a refused connection', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    expect(await reason(client(), `http://127.0.0.1:${port}/`)).toBe(`connection to 127.0.0.1:${port} refused`);
  });

  describe('with private networks not allowed (SSRF guard)', () => {
    it('refuses a loopback IP literal without connecting', async () => {
      let called = false;
      behaviour = (res) => {
        called = true;
        res.end('{}');
      };
      expect(await reason(client({ allowPrivateNetworks: false }), `${base}/x`)).toBe('merchant address 127.0.0.1 is not allowed (loopback)');
      expect(called).toBe(false);
    });

    it('refuses a host name resolving to loopback', async () => {
      const url = base.replace('127.0.0.1', 'localhost');
      expect(await reason(client({ allowPrivateNetworks: false }), url)).toMatch(/merchant address (127\.0\.0\.1|::1) is not allowed \(loopback\)/);
    });

    it('refuses the cloud metadata address', async () => {
      expect(await reason(client({ allowPrivateNetworks: false }), 'http://169.254.169.254/latest/meta-data')).toBe(
        'merchant address 169.254.169.254 is not allowed (link-local (cloud metadata))',
      );
    });

    it('refuses an IPv6 loopback literal', async () => {
      expect(await reason(client({ allowPrivateNetworks: false }), 'http://[::1]:1/')).toBe('merchant address ::1 is not allowed (loopback)');
    });
  });

  it('refuses schemes other than http(s)', async () => {
    expect(await reason(client(), 'ftp://example.com/')).toBe('merchant URL scheme ftp: is not http(s)');
  });
});
