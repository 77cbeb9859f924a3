/**
 * The push surface on the API host (decisions PS1, PS5): cameras' alarms, `POST /push/v1/alarms?mac&type&time
 * &timestamp&signature` with an optional JPEG body (the `sendMsgUrl` apps give cameras), and the pictures of
 * the message center, `GET /push/v1/pictures/<messageId>.jpg?expires&sig` (the signed `pictureUrl` of
 * push_message.list). The edge forwards the values and bytes to push-service, which checks everything and owns
 * every answer. Alarm refusals take the camera protocol's form (the catalogue's HTTP status with
 * `{ errorCode, failureDetails, serverTime }`, `Retry-After` on CR0429: answerRefusal); a picture's as
 * playback's (403 tampered or expired, 404 gone: hlsErrorAnswer).
 *
 * Plain Fastify routes in a context of their own: the JPEG body parser with its limit applies to them alone,
 * and no merchant rate limit does (push-service bounds each device's and user's alarms).
 */
import { ErrorCode, PUSH_LIMITS, PUSH_RPC, PlatformError } from '@dcp/contracts';
import type { RpcClient } from '@dcp/messaging';
import { type Clock, answerRefusal, cameraQueryValues } from '@dcp/runtime';
import { ALARM_PATH } from '@dcp/signing';
import type { FastifyInstance } from 'fastify';
import { hlsErrorAnswer } from '../hls/hls-routes';

export const PUSH_PREFIX = '/push';
const PICTURE_TYPES = ['image/jpeg', 'application/octet-stream'];
/** The alarm's query values; anything else is ignored. */
const PARAMETERS = ['mac', 'type', 'time', 'timestamp', 'signature'] as const;
const PICTURE_FILE = /^([0-9a-f-]{36})\.jpg$/;

export async function registerPushRoutes(app: FastifyInstance, ctx: { rpcClient: RpcClient; clock: Clock }): Promise<void> {
  if (!ALARM_PATH.startsWith(`${PUSH_PREFIX}/`)) throw new Error(`alarm path ${ALARM_PATH} is not under ${PUSH_PREFIX}`);
  await app.register(
    async (push) => {
      push.removeAllContentTypeParsers();
      push.addContentTypeParser(PICTURE_TYPES, { parseAs: 'buffer', bodyLimit: PUSH_LIMITS.maxPictureBytes }, (_req, body, done) => done(null, body));
      push.post(ALARM_PATH.slice(PUSH_PREFIX.length), { errorHandler: (err, req, reply) => answerRefusal(alarmFrameworkError(err) ?? err, req, reply, ctx.clock) }, async (req, reply) => {
        const body = req.body;
        const pictureBase64 = Buffer.isBuffer(body) && body.length > 0 ? body.toString('base64') : undefined;
        const data = await ctx.rpcClient.request(PUSH_RPC.cameraAlarm, { ...cameraQueryValues(req.query, PARAMETERS), pictureBase64 });
        return reply.status(data.merged ? 200 : 201).header('cache-control', 'no-store').send({ errorCode: '000000', data });
      });
      push.get<{ Params: { file: string } }>('/v1/pictures/:file', { errorHandler: hlsErrorAnswer }, async (req, reply) => {
        const id = PICTURE_FILE.exec(req.params.file)?.[1];
        if (!id) throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, 'not a picture', { httpStatus: 404 });
        const { expires = '', sig = '' } = cameraQueryValues(req.query, ['expires', 'sig'] as const);
        const { contentBase64 } = await ctx.rpcClient.request(PUSH_RPC.picture, { messageId: id, expires, sig });
        return reply.status(200).header('content-type', 'image/jpeg').header('cache-control', 'private, max-age=3600').send(Buffer.from(contentBase64, 'base64'));
      });
    },
    { prefix: PUSH_PREFIX },
  );
}

/** Fastify's refusals of an alarm's body, in the alarm's terms (answerRefusal would name a segment). */
function alarmFrameworkError(exception: unknown): PlatformError | undefined {
  const code = (exception as { code?: unknown })?.code;
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new PlatformError(ErrorCode.CAMERA_SEGMENT_TOO_LARGE, `the picture is larger than the limit of ${PUSH_LIMITS.maxPictureBytes} bytes`);
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new PlatformError(ErrorCode.CAMERA_PICTURE_NOT_JPEG, `send the picture as the raw body with Content-Type ${PICTURE_TYPES[0]}, or no body`);
  return undefined;
}
