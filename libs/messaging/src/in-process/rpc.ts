/**
 * Request-reply inside one process, with the wire behaviour of NATS: payloads and replies go through JSON,
 * errors travel as RpcReply, replicas of a subject take turns (queue group), a missing handler or a handler
 * slower than the timeout gives the same "did not answer" error.
 */
import type { RpcContract } from '@dcp/contracts';
import { currentCallContext } from '@dcp/observability';
import type { z } from 'zod';
import type { BusLogger, HandleOptions, RequestOptions, RpcClient, RpcHandler, RpcServer } from '../api';
import { jsonRoundTrip } from '../json';
import { contractHandler, requestWithContract } from '../rpc/contracts';
import { didNotAnswer, readReply, serveRequest, type RpcReply } from '../rpc/protocol';

interface Registration {
  handler: RpcHandler;
  logger: BusLogger;
  owner: object;
}

export class InProcessRpcRegistry {
  private readonly bySubject = new Map<string, Registration[]>();
  private readonly turn = new Map<string, number>();

  register(subject: string, registration: Registration): void {
    const list = this.bySubject.get(subject) ?? [];
    if (list.some((r) => r.owner === registration.owner)) throw new Error(`a handler for ${subject} is already registered`);
    this.bySubject.set(subject, [...list, registration]);
  }

  unregisterAll(owner: object): void {
    for (const [subject, list] of this.bySubject) {
      const rest = list.filter((r) => r.owner !== owner);
      if (rest.length > 0) this.bySubject.set(subject, rest);
      else this.bySubject.delete(subject);
    }
  }

  pick(subject: string): Registration | undefined {
    const list = this.bySubject.get(subject);
    if (!list || list.length === 0) return undefined;
    const n = (this.turn.get(subject) ?? 0) % list.length;
    this.turn.set(subject, n + 1);
    return list[n];
  }
}

export class InProcessRpcClient implements RpcClient {
  constructor(
    private readonly registry: InProcessRpcRegistry,
    private readonly defaultTimeoutMs: number,
    private readonly logger: BusLogger,
  ) {}

  request<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(contract: RpcContract<Req, Res>, payload: z.input<Req>, opts?: RequestOptions): Promise<z.output<Res>> {
    return requestWithContract((s, p, o) => this.requestRaw(s, p, o), this.logger, contract, payload, opts);
  }

  async requestRaw(subject: string, payload: unknown, opts: RequestOptions = {}): Promise<unknown> {
    const target = this.registry.pick(subject);
    if (!target) throw didNotAnswer(subject, opts.owner);
    const request = jsonRoundTrip(payload);
    const timeoutMs = opts.timeoutMs ?? this.defaultTimeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(didNotAnswer(subject, opts.owner)), timeoutMs);
    });
    try {
      // The caller's call context travels alongside the payload, as NATS headers carry it (TR2).
      const reply = await Promise.race([serveRequest(subject, target.handler, request, target.logger, currentCallContext()).then((r) => jsonRoundTrip<RpcReply>(r)), timedOut]);
      return readReply(subject, reply, this.logger);
    } finally {
      clearTimeout(timer);
    }
  }
}

export class InProcessRpcServer implements RpcServer {
  /** Identifies this server's registrations in the shared registry. */
  private readonly owner = {};

  constructor(
    private readonly registry: InProcessRpcRegistry,
    private readonly logger: BusLogger,
  ) {}

  handle(subject: string, handler: RpcHandler, _opts?: HandleOptions): void {
    this.registry.register(subject, { handler, logger: this.logger, owner: this.owner });
  }

  handleContract<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(contract: RpcContract<Req, Res>, handler: (req: z.output<Req>) => Promise<z.input<Res>>): void {
    this.handle(contract.subject, contractHandler(contract, handler));
  }

  close(): void {
    this.registry.unregisterAll(this.owner);
  }
}
