/**
 * Request-reply over NATS core. Servers subscribe with a queue group (replicas of one service share the
 * load); every reply is an RpcReply, so PlatformErrors cross the wire intact.
 */
import type { CallContext } from '@dcp/observability';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { ErrorCode, PlatformError, type RpcContract } from '@dcp/contracts';
import type { z } from 'zod';
import type { BusLogger, HandleOptions, RequestOptions, RpcClient, RpcHandler, RpcServer } from '../api';
import { decodeJson, encodeJson } from '../json';
import { callContextHeaders, callContextOfMessage } from './call-context-headers';
import { contractHandler, requestWithContract } from '../rpc/contracts';
import { didNotAnswer, ownerOfSubject, readReply, serveRequest, type RpcReply } from '../rpc/protocol';
import { RequestMux } from './request-mux';
import { SubjectSpace } from './subjects';

export class NatsRpcClient implements RpcClient {
  private readonly mux: RequestMux;

  constructor(
    private readonly nc: NatsConnection,
    private readonly defaultTimeoutMs: number,
    private readonly logger: BusLogger,
    private readonly subjects = new SubjectSpace(),
    inboxPrefix?: string,
  ) {
    this.mux = new RequestMux(nc, inboxPrefix);
  }

  request<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(contract: RpcContract<Req, Res>, payload: z.input<Req>, opts?: RequestOptions): Promise<z.output<Res>> {
    return requestWithContract((s, p, o) => this.requestRaw(s, p, o), this.logger, contract, payload, opts);
  }

  async requestRaw(subject: string, payload: unknown, opts: RequestOptions = {}): Promise<unknown> {
    let reply: unknown;
    const data = encodeJson(payload);
    // The client refuses such a message at once; say why instead of reporting it like a missing service.
    const maxPayload = this.nc.info?.max_payload;
    if (maxPayload !== undefined && data.length > maxPayload) {
      throw new PlatformError(ErrorCode.FC_SYSTEM_ERROR, `the request on ${subject} is ${data.length} bytes, more than the NATS server's max_payload of ${maxPayload} bytes`);
    }
    try {
      const msg = await this.mux.request(this.subjects.wire(subject), data, { timeoutMs: opts.timeoutMs ?? this.defaultTimeoutMs, headers: callContextHeaders() });
      reply = decodeJson(msg.data);
    } catch (err) {
      // Timeout, no responders, or a connection that is down: to the caller they all mean "nobody answered".
      this.logger.warn(`request on ${subject} failed: ${err instanceof Error ? err.message : String(err)}`);
      throw didNotAnswer(subject, opts.owner);
    }
    return readReply(subject, reply, this.logger);
  }
}

export class NatsRpcServer implements RpcServer {
  private readonly subscriptions = new Map<string, Subscription>();
  /** Requests being answered: close() waits for their replies before the connection may close. */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly nc: NatsConnection,
    private readonly logger: BusLogger,
    private readonly subjects = new SubjectSpace(),
  ) {}

  handle(subject: string, handler: RpcHandler, opts: HandleOptions = {}): void {
    if (this.subscriptions.has(subject)) throw new Error(`a handler for ${subject} is already registered`);
    const queue = opts.queue ?? ownerOfSubject(subject) ?? 'dcp';
    const sub = this.nc.subscribe(this.subjects.wire(subject), {
      queue,
      callback: (err, msg) => {
        if (err) {
          this.logger.error(`subscription ${subject} failed`, err);
          return;
        }
        const answered = this.answer(subject, handler, msg.data, callContextOfMessage(msg)).then((reply) => {
          let data = encodeJson(reply);
          const maxPayload = this.nc.info?.max_payload;
          if (maxPayload !== undefined && data.length > maxPayload) {
            // The client would refuse to send it: answer with the reason rather than leave the caller waiting.
            this.logger.error(`reply on ${subject} is ${data.length} bytes, more than the NATS server's max_payload of ${maxPayload}`);
            const refusal: RpcReply = { ok: false, error: new PlatformError(ErrorCode.FC_SYSTEM_ERROR, `the reply on ${subject} is ${data.length} bytes, more than the NATS server's max_payload of ${maxPayload} bytes`).serialize() };
            data = encodeJson(refusal);
          }
          if (!msg.respond(data)) this.logger.warn(`request on ${subject} had no reply subject`);
        });
        this.inFlight.add(answered);
        void answered.finally(() => this.inFlight.delete(answered));
      },
    });
    this.subscriptions.set(subject, sub);
  }

  handleContract<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(contract: RpcContract<Req, Res>, handler: (req: z.output<Req>) => Promise<z.input<Res>>): void {
    this.handle(contract.subject, contractHandler(contract, handler), { queue: contract.owner });
  }

  /** Drains the subscriptions: requests already received are answered, new ones go to other replicas. */
  async close(): Promise<void> {
    const subs = [...this.subscriptions.values()];
    this.subscriptions.clear();
    await Promise.all(subs.map((s) => s.drain().catch(() => undefined)));
    // drain() returns once the last message reached its callback; the handlers it started are still running.
    await Promise.allSettled([...this.inFlight]);
  }

  private async answer(subject: string, handler: RpcHandler, data: Uint8Array, caller: CallContext | undefined): Promise<RpcReply> {
    let payload: unknown;
    try {
      payload = decodeJson(data);
    } catch {
      return { ok: false, error: new PlatformError(ErrorCode.FC_INVALID_PARAMETER, 'request body is not JSON').serialize() };
    }
    return serveRequest(subject, handler, payload, this.logger, caller);
  }
}
