/**
 * HLS playback on the cloud-storage host (`{store_url}`, spec 2.8): the playlist of a record.play URL and
 * the segments it lists. The edge only forwards path and query to storage-service, which verifies the
 * signature and expiry and owns every answer; refusals come back with the HTTP status to answer (403 for an
 * unsigned, tampered or expired URL, 404 for recordings that are gone), answered with a small JSON envelope
 * (hlsErrorAnswer).
 *
 * Plain Fastify routes in a context of their own under `/hls`, so that CORS (@fastify/cors) applies to them
 * alone: browser players on another origin — the operator console on the admin port playing a URL from
 * POST /admin/v1/devices/{mac}/playback, a merchant's web app playing record.play's — fetch the playlist and
 * segments with hls.js. Any origin may read them (`Access-Control-Allow-Origin: *`, GET and HEAD, preflight
 * answered): the signed, expiring URL is itself the capability, and no credentials are involved. Registered
 * on the whole server, the plugin's hook ran on every request of the port, /gateway's included (about a fifth
 * of a bare Fastify route's throughput); every other route keeps no CORS and its preflight answers as before.
 * Decisions AL6.
 */
import cors from '@fastify/cors';
import { ErrorCode, PlatformError, STORAGE_RPC, errorEnvelope } from '@dcp/contracts';
import type { RuntimeContext } from '@dcp/runtime';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const HLS_PREFIX = '/hls';

/** Longest path parameter or signature part forwarded (anything longer cannot be ours). */
const MAX_PART = 128;

type Params = { devId: string; file?: string };

export async function registerHlsRoutes(app: FastifyInstance, ctx: Pick<RuntimeContext, 'rpcClient'>): Promise<void> {
  await app.register(
    async (hls) => {
      await hls.register(cors, { origin: '*', methods: ['GET', 'HEAD'], credentials: false, maxAge: 600 });
      hls.setErrorHandler(hlsErrorAnswer);
      hls.get<{ Params: Params }>('/:devId/index.m3u8', async (req, reply) => {
        const q = singleValues(req.query);
        const { playlist } = await ctx.rpcClient.request(STORAGE_RPC.playlist, {
          devId: part(req.params.devId),
          from: q.from,
          to: q.to,
          expires: q.expires,
          sig: q.sig,
          scheme: req.protocol === 'https' ? 'https' : 'http',
        });
        return reply.status(200).header('content-type', 'application/vnd.apple.mpegurl').header('cache-control', 'private, no-cache').send(playlist);
      });
      hls.get<{ Params: Params }>('/:devId/segments/:file', async (req, reply) => {
        const q = singleValues(req.query);
        const file = req.params.file ?? '';
        if (!file.endsWith('.ts')) throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, 'not a segment', { httpStatus: 404 });
        const { contentBase64 } = await ctx.rpcClient.request(STORAGE_RPC.segment, { devId: part(req.params.devId), segmentId: part(file.slice(0, -3)), expires: q.expires, sig: q.sig });
        return reply.status(200).header('content-type', 'video/mp2t').header('cache-control', 'private, max-age=3600').send(Buffer.from(contentBase64, 'base64'));
      });
    },
    { prefix: HLS_PREFIX },
  );
}

/**
 * A refused playback: the HTTP status storage-service stated (403 for an unsigned, tampered or expired URL,
 * 404 for recordings that are gone); otherwise 400 for a parameter error, 503 for anything else. A small JSON
 * envelope, never cached.
 */
export function hlsErrorAnswer(exception: unknown, req: FastifyRequest, reply: FastifyReply): void {
  const err = PlatformError.from(exception);
  const status = typeof err.extra?.httpStatus === 'number' ? err.extra.httpStatus : err.code === ErrorCode.FC_INVALID_PARAMETER ? 400 : 503;
  const { errorCode, failureDetails } = errorEnvelope(err);
  void reply
    .status(status)
    .header('x-request-id', req.id)
    .header('content-type', 'application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send({ errorCode, failureDetails });
}

/** Query parameters given once; a repeated or over-long one counts as absent (the URL then does not verify). */
function singleValues(query: unknown): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries((query ?? {}) as Record<string, unknown>)) if (typeof v === 'string' && v.length <= MAX_PART) out[k] = v;
  return out;
}

function part(value: string): string {
  return value.slice(0, MAX_PART);
}
