/**
 * storage-service's own camera port (CAMERA_UPLOAD_PORT on HOST; decisions CU10): the protocol's routes
 * (libs/runtime camera-routes.ts) answered by the use cases in this process, so a segment's bytes go from the
 * camera's connection to the object store without the edge, the bus or base64. The Ingress routes the store
 * host's `/camera` here. Started after the service's consumers and request subjects are registered; closed
 * first on shutdown, answering what it received before the database goes (HS2).
 */
import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { ERROR_CATALOG } from '@dcp/contracts';
import { contextLogger, fastifyLogging } from '@dcp/observability';
import { HostedPart, RUNTIME_CLOCK, RUNTIME_CONFIG, RUNTIME_METRICS, type Clock, type PlatformMetrics, registerCameraRoutes } from '@dcp/runtime';
import type { StorageConfig } from '../storage-config';
import { UploadSegmentUseCase } from './upload-segment.use-case';
import { UploadTargetUseCase } from './upload-target.use-case';

const ERROR_VALUES = new Set(Object.values(ERROR_CATALOG).map((d) => d.value));
/** Answers start with their code (`{"errorCode":…`, libs/runtime camera-routes.ts). */
const ENVELOPE_CODE = /^\{"errorCode":"([^"]{1,32})"/;

@Injectable()
@HostedPart({ stage: 'last' })
export class CameraUploadServer {
  private server?: FastifyInstance;
  private readonly logger = new Logger('camera-http');

  constructor(
    @Inject(RUNTIME_CONFIG) private readonly config: Pick<StorageConfig, 'cameraUploads' | 'host'>,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    @Inject(RUNTIME_METRICS) private readonly metrics: PlatformMetrics,
    private readonly segments: UploadSegmentUseCase,
    private readonly targets: UploadTargetUseCase,
  ) {}

  async start(): Promise<void> {
    const port = this.config.cameraUploads.httpPort;
    if (port === undefined) return;
    const server = Fastify({ ...fastifyLogging(contextLogger('camera-http')), genReqId: () => randomUUID(), return503OnClosing: true });
    this.observe(server);
    await registerCameraRoutes(server, {
      clock: this.clock,
      handlers: { uploadTarget: (values) => this.targets.execute(values), uploadSegment: (values, body) => this.segments.store(values, body) },
    });
    await server.listen({ port, host: this.config.host });
    this.server = server;
    this.logger.log(`camera uploads on ${this.config.host}:${port}`);
  }

  async stop(): Promise<void> {
    await this.server?.close();
    this.server = undefined;
  }

  /** `dcp_http_request_duration_seconds{surface="camera"}`: the route, the status and the refusal's code. */
  private observe(server: FastifyInstance): void {
    server.decorateRequest('envelopeCode', 'none');
    const coded = (req: FastifyRequest) => req as FastifyRequest & { envelopeCode: string };
    server.addHook('onSend', (req, _reply, payload, done) => {
      const code = typeof payload === 'string' ? ENVELOPE_CODE.exec(payload)?.[1] : undefined;
      if (code !== undefined && code !== '000000') coded(req).envelopeCode = ERROR_VALUES.has(code) ? code : 'other';
      done(null, payload);
    });
    server.addHook('onResponse', (req, reply, done) => {
      this.metrics.observe('dcp_http_request_duration_seconds', { surface: 'camera', service: req.routeOptions.url ?? 'unknown', status: String(reply.statusCode), code: coded(req).envelopeCode }, reply.elapsedTime / 1000);
      done();
    });
  }
}
