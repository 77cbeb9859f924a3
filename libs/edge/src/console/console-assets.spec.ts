import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { consoleCsp, registerConsole } from './console-assets';

/** GET over a real socket (Fastify's inject needs an ESM-only cookie package jest cannot load on Node 20). */
async function get(app: FastifyInstance, url: string): Promise<{ statusCode: number; headers: Record<string, string>; body: string }> {
  const res = await fetch(`${app.listeningOrigin}${url}`, { redirect: 'manual' });
  return { statusCode: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
}

/** GET with this Accept-Encoding, the body as sent on the wire (fetch would decompress it). */
function getRaw(app: FastifyInstance, url: string, acceptEncoding?: string): Promise<{ statusCode: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${app.listeningOrigin}${url}`, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const BIG_SCRIPT = `console.log(${JSON.stringify('the operator console '.repeat(200))});`;
const PAGE = '<!doctype html><title>console</title>';

describe('console assets on the admin port', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dcp-console-assets-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), PAGE);
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    // What tools/console/build.mjs writes: each text file with its brotli and gzip twins.
    writeFileSync(join(dir, 'assets', 'big-def456.js'), BIG_SCRIPT);
    writeFileSync(join(dir, 'assets', 'big-def456.js.br'), brotliCompressSync(BIG_SCRIPT));
    writeFileSync(join(dir, 'assets', 'big-def456.js.gz'), gzipSync(BIG_SCRIPT));
    writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(PAGE));
    writeFileSync(join(dir, 'index.html.gz'), gzipSync(PAGE));
    app = Fastify();
    await registerConsole(app, { publicStoreUrl: 'https://store.example.com/base', publicBaseUrl: 'https://api.example.com', directory: dir });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the page, always revalidated, under a policy that allows only this origin, the store host and the API host\'s pictures', async () => {
    const res = await get(app, '/console/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>console</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toBe(consoleCsp('https://store.example.com/base', 'https://api.example.com'));
    // Alarm pictures are signed URLs on the API host (decisions PS5).
    expect(res.headers['content-security-policy']).toContain("img-src 'self' data: https://api.example.com;");
    expect(res.headers['content-security-policy']).toContain("connect-src 'self' https://store.example.com;");
    expect(res.headers['content-security-policy']).toContain("media-src 'self' blob: https://store.example.com;");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a deep link with the page, so a shared link opens the console there', async () => {
    const res = await get(app, '/console/lookup/devices/AABBCCDDEEFF?tab=grants');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>console</title>');
    expect(res.headers['content-security-policy']).toBeDefined();
  });

  it('caches content-hashed assets for a year and answers a missing asset 404, not the page', async () => {
    const asset = await get(app, '/console/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await get(app, '/console/assets/index-gone.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<title>');
  });

  it('serves the brotli twin to a browser that accepts br, with its encoding, Vary and the same security headers', async () => {
    const res = await getRaw(app, '/console/assets/big-def456.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(String(res.headers['content-type'])).toMatch(/javascript/);
    expect(res.body.length).toBeLessThan(BIG_SCRIPT.length / 4);
    expect(brotliDecompressSync(res.body).toString()).toBe(BIG_SCRIPT);
    expect(res.headers['content-security-policy']).toBe(consoleCsp('https://store.example.com/base', 'https://api.example.com'));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the gzip twin to a browser that accepts only gzip, and the file itself to one that accepts neither', async () => {
    const gz = await getRaw(app, '/console/assets/big-def456.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(BIG_SCRIPT);
    const plain = await getRaw(app, '/console/assets/big-def456.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    expect(plain.body.toString()).toBe(BIG_SCRIPT);
    // A file without twins (too small to be worth it) is sent as is.
    const small = await getRaw(app, '/console/assets/index-abc123.js', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('console.log(1)');
  });

  it('serves the page compressed too, at / and at a deep link', async () => {
    for (const url of ['/console/', '/console/merchants/abc']) {
      const res = await getRaw(app, url, 'br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.body).toString()).toBe(PAGE);
      expect(res.headers['content-security-policy']).toBeDefined();
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('redirects /console to /console/', async () => {
    const res = await get(app, '/console');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/console/');
  });

  it('says how to build the console where it was not built', async () => {
    const bare = Fastify();
    await registerConsole(bare, { publicStoreUrl: 'http://localhost:3000', directory: join(dir, 'nothing-here') });
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const res = await get(bare, '/console/');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('npm run build');
    await bare.close();
  });
});
