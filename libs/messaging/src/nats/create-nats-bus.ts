/** The distributed adapter: one NATS connection carrying request-reply and JetStream events. */
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connectCoalescing } from './coalescing-transport';
import { EVENT_STREAM } from '@dcp/contracts';
import type { Bus, BusConfig } from '../api';
import { DEFAULT_REQUEST_TIMEOUT_MS } from '../defaults';
import { defaultBusLogger } from '../logger';
import { NatsEventBus } from './nats-event-bus';
import { NatsRpcClient, NatsRpcServer } from './nats-rpc';
import { SubjectSpace } from './subjects';

export async function createNatsBus(config: Extract<BusConfig, { kind: 'nats' }>): Promise<Bus> {
  const logger = config.logger ?? defaultBusLogger;
  const nc = await connectCoalescing({
    servers: config.url,
    name: config.name ?? 'dcp',
    // Keep trying for as long as the process lives: consumers and pending requests resume on reconnect.
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1_000,
    // Every request would otherwise capture a stack trace up front for an error it rarely throws (nats.js still
    // builds one when it settles a request, which no option turns off); didNotAnswer() names the subject, which
    // is what a failed request's log needs.
    noAsyncTraces: true,
    // Least privilege (k8s/README.md "NATS"): a user of the server's authorization, its own reply inboxes, and
    // TLS verified against the given certificate authorities. Unset: no authentication, plain TCP.
    ...(config.user !== undefined ? { user: config.user, pass: config.password ?? '' } : {}),
    ...(config.inboxPrefix ? { inboxPrefix: config.inboxPrefix } : {}),
    ...(config.tlsCaFile ? { tls: { caFile: config.tlsCaFile } } : {}),
  });
  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect') logger.warn(`NATS disconnected from ${s.server}`);
      else if (s.type === 'reconnect') logger.info(`NATS reconnected to ${s.server}`);
    }
  })();
  try {
    const js = jetstream(nc);
    const jsm = await jetstreamManager(nc);
    // The prefix isolates request-reply as well as events: two platforms on one NATS (tests) never answer each other.
    const subjects = new SubjectSpace(config.subjectPrefix);
    const events = new NatsEventBus(nc, js, jsm, config.stream ?? EVENT_STREAM, subjects, logger, config.streamReplicas ?? 1);
    await events.ensureStream();
    const rpcServer = new NatsRpcServer(nc, logger, subjects);
    return {
      rpcClient: new NatsRpcClient(nc, config.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS, logger, subjects, config.inboxPrefix),
      rpcServer,
      events,
      stopIntake: async () => {
        await rpcServer.close();
        await events.close();
      },
      flush: () => nc.flush(),
      close: async () => {
        await rpcServer.close();
        await events.close();
        if (!nc.isClosed()) await nc.drain();
      },
    };
  } catch (err) {
    await nc.close();
    throw err;
  }
}
