/**
 * `dcp_http_request_duration_seconds` for every request a server answers, labelled by surface, operation,
 * HTTP status and the envelope's error code. The caller says what surface and operation a request is; every
 * label value comes from a fixed set (catalogue entries, routes, error codes), whatever the caller sends: an
 * unknown error code is `other`, so a scanner cannot grow the number of series. Used by the edge's two servers
 * and storage-service's camera port.
 */
import { ERROR_CATALOG } from '@dcp/contracts';
import type { PlatformMetrics } from '@dcp/observability';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const ERROR_VALUES = new Set(Object.values(ERROR_CATALOG).map((d) => d.value));
/** Error envelopes start with their code (libs/contracts envelope.ts: errorCode is the first field). */
const ENVELOPE_CODE = /^\{"errorCode":"([^"]{1,32})"/;

interface MeasuredRequest {
  /** The error code of the envelope sent, `none` when the body was no error envelope. */
  envelopeCode: string;
}

const measured = (req: FastifyRequest) => req as FastifyRequest & MeasuredRequest;

export function observeHttpRequests(fastify: FastifyInstance, metrics: PlatformMetrics, labelsOf: (req: FastifyRequest) => { surface: string; operation: string }): void {
  fastify.decorateRequest('envelopeCode', 'none');
  // Callback hooks, not async ones: on every request, a promise per hook is measurable on the edge's hot path.
  fastify.addHook('onSend', (req, _reply, payload, done) => {
    if (typeof payload === 'string' && payload.charCodeAt(14) !== 34) {
      // `{"errorCode":""` (success, the gateway's) has the closing quote at index 14; `000000` (the camera
      // protocol's success) is no catalogue code and is left out below.
      const code = ENVELOPE_CODE.exec(payload)?.[1];
      if (code !== undefined && code !== '000000') measured(req).envelopeCode = ERROR_VALUES.has(code) ? code : 'other';
    }
    done(null, payload);
  });
  fastify.addHook('onResponse', (req, reply, done) => {
    metrics.observe('dcp_http_request_duration_seconds', { ...labelsOf(req), status: String(reply.statusCode), code: measured(req).envelopeCode }, reply.elapsedTime / 1000);
    done();
  });
}
