/**
 * HLS playback on the cloud-storage host (`{store_url}`, spec 2.8): the playlist of a record.play URL and
 * the segments it lists; and the MP4 of a record.download URL, remuxed here from the clip's segments (CU9). The edge only forwards path and query to storage-service, which verifies the
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
import { UnsupportedMediaError, remuxTsToMp4 } from '@dcp/media';
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
      hls.get<{ Params: Params }>('/:devId/clip.mp4', async (req, reply) => {
        const q = singleValues(req.query);
        const clip = await ctx.rpcClient.request(STORAGE_RPC.clipSegments, { devId: part(req.params.devId), from: q.from, to: q.to, expires: q.expires, sig: q.sig });
        const mp4 = remuxClip(await fetchSegments(ctx, clip));
        return reply
          .status(200)
          .header('content-type', 'video/mp4')
          .header('content-disposition', `attachment; filename="${clip.macAddr}-${q.from}.mp4"`)
          // Each request remuxes the clip anew: no byte ranges (players read the moov first and play as it arrives).
          .header('accept-ranges', 'none')
          .header('cache-control', 'private, max-age=3600')
          .send(mp4);
      });
    },
    { prefix: HLS_PREFIX },
  );
}

/** Segments fetched at once for a clip: enough to hide the round trips, few enough to bound the edge's memory. */
const CLIP_FETCHES_AT_ONCE = 4;

/** The clip's segments in order, each through STORAGE_RPC.segment (one segment a message, NATS max_payload). */
async function fetchSegments(ctx: Pick<RuntimeContext, 'rpcClient'>, clip: { macAddr: string; segments: { segmentId: string; expires: string; sig: string }[] }): Promise<Buffer[]> {
  const out: Buffer[] = new Array(clip.segments.length);
  let next = 0;
  const worker = async () => {
    while (next < clip.segments.length) {
      const i = next++;
      const { segmentId, expires, sig } = clip.segments[i];
      const { contentBase64 } = await ctx.rpcClient.request(STORAGE_RPC.segment, { devId: clip.macAddr, segmentId, expires, sig });
      out[i] = Buffer.from(contentBase64, 'base64');
    }
  };
  await Promise.all(Array.from({ length: Math.min(CLIP_FETCHES_AT_ONCE, clip.segments.length) }, worker));
  return out;
}

/** The MP4 of the segments (decisions CU8); recordings that cannot be remuxed (no H.264/H.265 video) → 422. */
function remuxClip(segments: Buffer[]): Buffer {
  try {
    return remuxTsToMp4(segments);
  } catch (err) {
    if (err instanceof UnsupportedMediaError) throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, `these recordings cannot be made into an MP4: ${err.message}`, { httpStatus: 422 });
    throw err;
  }
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
