/**
 * Public surface of libs/messaging (agreed interface; implementations live beside this file).
 * Two adapters implement every port: NATS/JetStream (distributed) and in-process (embedded, tests).
 */
import type { EventEnvelope, EventKey, EventPayload, EventSubject, RpcContract } from '@dcp/contracts';
import type { z } from 'zod';

/** Where the bus reports what it cannot throw to a caller (handler crashes, dead letters, reconnects). */
export interface BusLogger {
  error(message: string, error?: unknown): void;
  warn(message: string): void;
  info(message: string): void;
}

/** Settings shared by both adapters (all optional). */
export interface BusCommonConfig {
  /** Default timeout of one request-reply call. Default 5000 ms. */
  requestTimeoutMs?: number;
  /** Default: JSON lines of the process's logger with `context: "messaging"` (busLogger). */
  logger?: BusLogger;
}

export type BusConfig =
  | ({
      kind: 'nats';
      url: string;
      /** stream name, default DCP_EVENTS; tests use unique names */ stream?: string;
      /** copies of the stream on a NATS cluster (JetStream num_replicas, 1–5), default 1 */ streamReplicas?: number;
      /** subject prefix for isolation in tests, default '' (a trailing '.' is added when missing) */ subjectPrefix?: string;
      /** connection name shown by the NATS server (monitoring) */ name?: string;
      /** user and password of this connection (the server's `authorization { users }`); default: none */ user?: string;
      password?: string;
      /**
       * prefix of this connection's reply inboxes (request-reply, JetStream acks and pulls), default `_INBOX`;
       * a user allowed to subscribe only to `<inboxPrefix>.>` cannot read another user's replies
       */
      inboxPrefix?: string;
      /** PEM file of the certificate authorities that verify the server's TLS certificate (TLS required when set) */
      tlsCaFile?: string;
    } & BusCommonConfig)
  | ({
      kind: 'in-process';
      /** folder for the durable event log; omit for memory only (tests) */ dataDir?: string;
      /** shared bus id: all services of one process share one bus */ busId?: string;
    } & BusCommonConfig);

/** What createBus() returns: the three ports plus close() (drains the connection / releases the shared bus). */
export interface Bus {
  rpcClient: RpcClient;
  rpcServer: RpcServer;
  events: EventBus;
  /** Stops taking new work (shutdown): RPC subscriptions drain, so requests already received are answered and
   * new ones go to other replicas, and event consumers stop after their current message. Publishing and
   * calling other services keep working until close(). */
  stopIntake(): Promise<void>;
  /** Resolves once the server has every subscription made so far (NATS: a PING/PONG round trip; in-process:
   * at once), so a process says it takes requests only when NATS routes them to it. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export interface RequestOptions {
  timeoutMs?: number;
  /** Named in the "did not answer" error; derived from the subject when omitted. */
  owner?: string;
}

/** Request-reply client used by the edge (and by any service calling another). */
export interface RpcClient {
  /** Validates the request, sends it, validates the reply. Errors from the handler re-throw as PlatformError;
   * a timeout or no responder becomes PlatformError(FC_SYSTEM_ERROR) with the subject in failureDetails. */
  request<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(contract: RpcContract<Req, Res>, payload: z.input<Req>, opts?: RequestOptions): Promise<z.output<Res>>;
  /** Untyped form for gateway dispatch (subject from gatewaySubject()). */
  requestRaw(subject: string, payload: unknown, opts?: RequestOptions): Promise<unknown>;
}

export type RpcHandler = (payload: unknown) => Promise<unknown>;

export interface HandleOptions {
  /** NATS queue group shared by the replicas serving this subject; default: the subject's owner service. */
  queue?: string;
}

/** Server side of request-reply: handlers registered per subject, served with a queue group per service. */
export interface RpcServer {
  /** Registers a handler; thrown PlatformErrors travel back serialized, anything else as FC_SYSTEM_ERROR. */
  handle(subject: string, handler: RpcHandler, opts?: HandleOptions): void;
  /** Typed form: validates the request with the contract's schema (bad request → FC_INVALID_PARAMETER). */
  handleContract<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(contract: RpcContract<Req, Res>, handler: (req: z.output<Req>) => Promise<z.input<Res>>): void;
}

export interface ConsumerOptions {
  /** Durable name, one per consuming service, e.g. 'device-service'. */
  durable: string;
  subjects: EventSubject[];
  /** Attempts before the message goes to the dead-letter sink. Default 5. */
  maxDeliver?: number;
  /** Redelivery delay when unacked/failed. Default 30 s (tests set less). Also the longest a handler may run
   * before its message counts as failed and is delivered again. */
  ackWaitMs?: number;
  /** Delay before a failed message is delivered again. Default: ackWaitMs. */
  retryDelayMs?: number;
  /** Told of every delivery after the first (metrics), before the handler runs. */
  onRedelivery?: (subject: string, deliveryCount: number) => void;
}

export interface DeadLetter {
  envelope: EventEnvelope | unknown;
  subject: string;
  durable: string;
  deliveries: number;
  error: string;
}

/**
 * What the dead-letter sink made of a message that ran out of deliveries: `recorded` as a dead letter (also
 * when the sink answers nothing), or `already-applied` — an earlier delivery's effect had committed, so there
 * is nothing to record (FD2) and it is not reported as dead-lettered.
 */
export type DeadLetterVerdict = 'recorded' | 'already-applied';

export interface EventConsumerHandle {
  stop(): Promise<void>;
}

/**
 * How far a durable consumer is behind, measured when asked (a scrape, an operator): NATS from the consumer's
 * info and one stream read per subject; in-process from the log and the durable's cursor.
 */
export interface ConsumerLag {
  /** Messages of the consumer's subjects not yet delivered (JetStream `num_pending`). */
  pending: number;
  /** Messages delivered and not yet acknowledged: being handled or waiting for their retry (`num_ack_pending`). */
  ackPending: number;
  /** Of those, messages delivered more than once (`num_redelivered`). */
  redelivered: number;
  /** Age of the oldest message not yet acknowledged, delivered or not (0 when there is none). */
  oldestPendingAgeSeconds: number;
}

/** A running durable consumer: stop it, or ask how far behind it is. */
export interface DurableConsumerHandle extends EventConsumerHandle {
  lag(): Promise<ConsumerLag>;
}

export interface EventBus {
  /** Publishes an already-built envelope; duplicate ids are dropped (Nats-Msg-Id). Resolves after the store acks. */
  publish(envelope: EventEnvelope): Promise<void>;
  /** Durable pull consumer with explicit ack: handler resolving = ack; throwing = redelivery;
   * after maxDeliver attempts `onDeadLetter` is called and the message is terminated. */
  consume(
    opts: ConsumerOptions,
    handler: (envelope: EventEnvelope) => Promise<void>,
    onDeadLetter: (dl: DeadLetter) => Promise<DeadLetterVerdict | void>,
  ): Promise<DurableConsumerHandle>;
  /**
   * Non-durable subscription from "now" (cache invalidation on every replica). `onGap` is called when events
   * may have been missed (the connection went down): what the subscriber derived from them must be dropped.
   */
  subscribe(subjects: EventSubject[], handler: (envelope: EventEnvelope) => void, onGap?: () => void): Promise<EventConsumerHandle>;
  /** Stream exists and answers (for readiness). */
  ping(): Promise<void>;
  /** NATS only: whether the connection is up now (`dcp_nats_connected`); the in-process bus has no connection. */
  connected?(): boolean;
  close(): Promise<void>;
}

/** Builds a validated envelope (payload checked against the contract schema). */
export type BuildEvent = <K extends EventKey>(key: K, data: EventPayload<K>, source?: string) => EventEnvelope<K>;
