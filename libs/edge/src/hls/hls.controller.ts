/**
 * HLS playback on the cloud-storage host (`{store_url}`, spec 2.8): the playlist of a record.play URL and
 * the segments it lists. The edge only forwards path and query to storage-service, which verifies the
 * signature and expiry and owns every answer; refusals come back with the HTTP status to answer (403 for an
 * unsigned, tampered or expired URL, 404 for recordings that are gone), which HlsExceptionFilter answers
 * with a small JSON envelope.
 */
import { Controller, Get, Inject, Param, Req, Res, UseFilters } from '@nestjs/common';
import { ErrorCode, PlatformError, STORAGE_RPC } from '@dcp/contracts';
import { RUNTIME_CONTEXT, type RuntimeContext } from '@dcp/runtime';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HlsExceptionFilter } from './hls-exception.filter';

/** Longest path parameter or signature part forwarded (anything longer cannot be ours). */
const MAX_PART = 128;

@Controller('hls')
@UseFilters(HlsExceptionFilter)
export class HlsController {
  constructor(@Inject(RUNTIME_CONTEXT) private readonly ctx: RuntimeContext) {}

  @Get(':devId/index.m3u8')
  async playlist(@Param('devId') devId: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const q = singleValues(req.query);
    const { playlist } = await this.ctx.rpcClient.request(STORAGE_RPC.playlist, {
      devId: part(devId),
      from: q.from,
      to: q.to,
      expires: q.expires,
      sig: q.sig,
      scheme: req.protocol === 'https' ? 'https' : 'http',
    });
    await reply.status(200).header('content-type', 'application/vnd.apple.mpegurl').header('cache-control', 'private, no-cache').send(playlist);
  }

  @Get(':devId/segments/:file')
  async segment(@Param('devId') devId: string, @Param('file') file: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const q = singleValues(req.query);
    if (!file.endsWith('.ts')) throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, 'not a segment', { httpStatus: 404 });
    const { contentBase64 } = await this.ctx.rpcClient.request(STORAGE_RPC.segment, { devId: part(devId), segmentId: part(file.slice(0, -3)), expires: q.expires, sig: q.sig });
    await reply.status(200).header('content-type', 'video/mp2t').header('cache-control', 'private, max-age=3600').send(Buffer.from(contentBase64, 'base64'));
  }
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
