/**
 * How one Nest/Fastify app takes part in shutdown (HS2): its listener closes in the `http` phase while the
 * requests it already received are answered, and the app itself (module destroy hooks) closes in the
 * `application` phase. Call before `listen` (Fastify takes no hooks afterwards).
 */
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ShutdownCoordinator } from './shutdown-coordinator';

export function registerHttpShutdown(shutdown: ShutdownCoordinator, app: NestFastifyApplication, name: string): void {
  const fastify = app.getHttpAdapter().getInstance();
  // Node's server.close() leaves a kept-alive connection open until its keep-alive timeout once the request
  // on it is answered: answers given while stopping end their connection, and idle ones are closed right away.
  fastify.addHook('onSend', async (_req, reply) => {
    if (shutdown.stopping) reply.header('connection', 'close');
  });
  fastify.addHook('onResponse', async () => {
    if (shutdown.stopping) fastify.server.closeIdleConnections();
  });
  shutdown.register('http', `${name} listener`, async () => {
    const closed = fastify.close();
    fastify.server.closeIdleConnections();
    await closed;
  });
  shutdown.register('application', name, () => app.close());
}
