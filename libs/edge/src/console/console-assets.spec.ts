import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { consoleCsp, registerConsole } from './console-assets';

/** GET over a real socket (Fastify's inject needs an ESM-only cookie package jest cannot load on Node 20). */
async function get(app: FastifyInstance, url: string): Promise<{ statusCode: number; headers: Record<string, string>; body: string }> {
  const res = await fetch(`${app.listeningOrigin}${url}`, { redirect: 'manual' });
  return { statusCode: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
}

describe('console assets on the admin port', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dcp-console-assets-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
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
