/**
 * How a Fastify server of the platform logs (the edge's public and admin servers, a service's health
 * server, the merchant sandbox): through the process's pino logger (`loggerInstance`), one line per
 * completed request instead of Fastify's two (incoming + completed):
 *
 *   {"level":"debug",…,"context":"public-http","requestId":"…","traceId":"…","method":"GET",
 *    "url":"/gateway?service=…&accessToken=[REDACTED]","statusCode":200,"durationMs":1.4,
 *    "gatewayService":"user_ipc_setting_v2_0.getOemDeviceByUser","remoteAddress":"…","msg":"request completed"}
 *
 * at `debug` (docs/decisions.md LG4): a line per request at info cost about a third of the edge's throughput;
 * requests are counted by the metrics, and a request that failed (5xx, or the response broke off) is logged
 * at `warn` whatever the level.
 */
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { Level, Logger } from 'pino';

/** Routes whose `service` query parameter names the operation (the gateway and the cloud-storage host). */
const OPERATION_ROUTES = new Set(['/gateway', '/stream']);
const MAX_OPERATION = 100;

export class RequestLogController extends LogController {
  constructor(private readonly level: Level = 'debug') {
    super({ requestIdLogLabel: 'requestId' });
  }

  /** Not logged: the completed line says everything. */
  override incomingRequest(): void {}

  /** Not logged: the completed line has the 404. */
  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const failed = !!error || reply.statusCode >= 500;
    const level: Level = failed ? 'warn' : this.level;
    const log = reply.log as Logger;
    if (!log.isLevelEnabled(level)) return;
    const fields: Record<string, unknown> = {
      method: request.method,
      // The `url` serializer masks credentials and bounds the length (logger.ts).
      url: request.url,
      statusCode: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
    };
    const operation = OPERATION_ROUTES.has(request.routeOptions?.url ?? '') ? (request.query as Record<string, unknown> | undefined)?.service : undefined;
    if (typeof operation === 'string') fields.gatewayService = operation.slice(0, MAX_OPERATION);
    fields.remoteAddress = request.ip;
    if (error) fields.err = error;
    log[level](fields, 'request completed');
  }

  /** Fastify's own error handler (errors no Nest filter answered): 5xx at error, anything else at debug. */
  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    const log = reply.log as Logger;
    if (reply.statusCode >= 500) log.error({ req: request, statusCode: reply.statusCode, err: error }, error?.message);
    else log.debug({ statusCode: reply.statusCode, err: error }, error?.message);
  }
}

/**
 * Fastify options that make a server log through `logger` (a child of the process's logger with a
 * `context`, e.g. `contextLogger('public-http')`): its request lines, listening lines and errors.
 */
export function fastifyLogging(logger: Logger, requestLevel: Level = 'debug'): Pick<FastifyServerOptions, 'loggerInstance' | 'logController'> {
  return { loggerInstance: logger, logController: new RequestLogController(requestLevel) };
}
