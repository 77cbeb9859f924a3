/**
 * storage-service's own camera port (CAMERA_UPLOAD_PORT on HOST; decisions CU10): the protocol's routes
 * (libs/runtime camera-routes.ts) answered by the use cases in this process, so a segment's bytes go from the
 * camera's connection to the object store without the edge, the bus or base64. The Ingress routes the store
 * host's `/camera` here. Opened with the service's last hosted parts, once its database is open and its
 * consumer started (a request meeting a database not yet reachable is 000099, HTTP 503, which cameras retry);
 * closed first on shutdown, answering what it received before the database goes (HS2).
 */
import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import Fastify, { type FastifyInstance } from 'fastify';
import { contextLogger, fastifyLogging } from '@dcp/observability';
import { HostedPart, RUNTIME_CLOCK, RUNTIME_CONFIG, RUNTIME_METRICS, type Clock, type PlatformMetrics, observeHttpRequests, registerCameraRoutes } from '@dcp/runtime';
import type { StorageConfig } from '../storage-config';
import { UploadSegmentUseCase } from './upload-segment.use-case';
import { UploadTargetUseCase } from './upload-target.use-case';

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
    observeHttpRequests(server, this.metrics, (req) => ({ surface: 'camera', operation: req.routeOptions.url ?? 'unknown' }));
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
}
