/**
 * The operator console (apps/console) on the admin port under `/console/`: the static files Vite built
 * (dist/console), served by @fastify/static. Every path under /console/ that is not a file answers the page
 * itself, so a deep link (`/console/devices/aa:bb:…`) opens the console on that page. Nothing is loaded from
 * another origin except the signed playlists and segments of the public port (`/hls/*`), which the player
 * fetches: the Content-Security-Policy names that origin (PUBLIC_STORE_URL) and nothing else.
 *
 * Served compressed: tools/console/build.mjs writes a `.br` and a `.gz` beside every text asset, and
 * @fastify/static (`preCompressed`) answers the variant the browser's Accept-Encoding prefers (br, then gzip)
 * with its Content-Encoding and `Vary: Accept-Encoding` (also on the plain file, so a shared cache never
 * hands a compressed variant to a client that did not ask for it); a file without variants is sent as is.
 */
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';

export const CONSOLE_PREFIX = '/console/';

/** Where the built console lives: dist/console, found from the built edge (dist/libs/…) or its source (libs/…). */
export function consoleDirectory(override?: string): string | undefined {
  const candidates = override ? [resolve(override)] : [resolve(__dirname, '../../../../console'), resolve(__dirname, '../../../../dist/console')];
  return candidates.find((dir) => existsSync(join(dir, 'index.html')));
}

/**
 * Mantine writes its theme variables in a style element (hence 'unsafe-inline' for styles only); hls.js plays
 * through MediaSource (blob: media) and a worker it starts from a blob: URL.
 */
export function consoleCsp(publicStoreUrl: string, publicBaseUrl: string = publicStoreUrl): string {
  const storeOrigin = new URL(publicStoreUrl).origin;
  // Alarm pictures are signed URLs on the API host (decisions PS5): the device page shows them.
  const apiOrigin = new URL(publicBaseUrl).origin;
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${apiOrigin}`,
    "font-src 'self'",
    `connect-src 'self' ${storeOrigin}`,
    // blob: for hls.js (MediaSource); the store host for browsers that play HLS themselves (Safari without MSE).
    `media-src 'self' blob: ${storeOrigin}`,
    "worker-src 'self' blob:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export interface ConsoleAssets {
  /** The folder served, or undefined when the console was not built (the page then says how to build it). */
  readonly directory: string | undefined;
}

export async function registerConsole(app: FastifyInstance, options: { publicStoreUrl: string; publicBaseUrl?: string; directory?: string }): Promise<ConsoleAssets> {
  const directory = consoleDirectory(options.directory);
  const csp = consoleCsp(options.publicStoreUrl, options.publicBaseUrl);
  const securityHeaders = (reply: { header(name: string, value: string): unknown }) => {
    reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
  };
  app.get('/console', async (_req, reply) => reply.redirect(CONSOLE_PREFIX, 301));
  if (!directory) {
    app.get('/console/*', async (_req, reply) => {
      securityHeaders(reply);
      return reply
        .status(404)
        .type('text/plain; charset=utf-8')
        .send('The operator console is not built in this installation: run `npm run build` (it builds dist/console), then restart.\n');
    });
    return { directory };
  }
  await app.register(fastifyStatic, {
    root: directory,
    prefix: CONSOLE_PREFIX,
    index: ['index.html'],
    wildcard: false,
    preCompressed: true,
    // Vite names every asset after its content hash: cache for a year; the page itself is always revalidated.
    cacheControl: false,
    setHeaders: (reply, path) => {
      securityHeaders(reply);
      reply.header('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // A deep link is a page of the console, not a file: answer index.html. A missing asset stays a 404.
  app.get('/console/*', async (req, reply) => {
    securityHeaders(reply);
    if (/^\/console\/assets\//.test(req.url)) return reply.status(404).type('text/plain; charset=utf-8').send('no such asset\n');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return { directory };
}
