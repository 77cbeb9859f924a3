/**
 * CORS on the playback routes only (`/hls/*` of the public port): browser players on another origin — the
 * operator console on the admin port playing a URL from POST /admin/v1/devices/{mac}/playback, a merchant's
 * web app playing record.play's — fetch the playlist and segments with hls.js. Any origin may read them
 * (`Access-Control-Allow-Origin: *`, GET and HEAD, preflight answered): the signed, expiring URL is itself the
 * capability, and no credentials are involved, so no cookie or header is trusted. Every other route of the
 * port stays without CORS, and its preflight answers as before (404). Decisions AL6.
 */
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const HLS_PREFIX = '/hls/';

export async function registerHlsCors(app: FastifyInstance): Promise<void> {
  await app.register(cors, {
    delegator: (req: FastifyRequest, callback) => {
      if (!req.url.startsWith(HLS_PREFIX)) return callback(null, { origin: false });
      callback(null, { origin: '*', methods: ['GET', 'HEAD'], credentials: false, maxAge: 600 });
    },
  });
}
