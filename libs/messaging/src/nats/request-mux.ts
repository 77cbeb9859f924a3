/**
 * Request-reply over one wildcard inbox subscription, as nats.js's own `request` does (its "mux"), minus what
 * that costs on every call: nats.js settles each request through `RequestOne.cancel()`, which builds an
 * `Error` with its stack even after the reply resolved it — about 6% of the edge's CPU on a routed gateway
 * call (docs/benchmarks.md; decisions PF5). Semantics kept: the reply subject `<inbox>.<token>`, a timeout per
 * request, a "no responders" status (503) rejecting at once, late replies dropped. nats.js resubscribes the
 * inbox after a reconnect as it does its own; when the subscription closes (drain, close), every request
 * still waiting is rejected instead of waiting out its timer.
 */
import { createInbox, type Msg, type MsgHdrs, type NatsConnection, type Subscription } from '@nats-io/transport-node';

interface Waiting {
  resolve(msg: Msg): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

export class RequestTimeoutError extends Error {}
export class NoRespondersError extends Error {}
export class RequestsClosedError extends Error {}

export class RequestMux {
  private readonly prefix: string;
  private readonly waiting = new Map<string, Waiting>();
  private sub?: Subscription;
  private next = 0;
  private closed = false;

  constructor(
    private readonly nc: NatsConnection,
    inboxPrefix?: string,
  ) {
    // The connection's own inbox prefix (BusConfig.inboxPrefix; default _INBOX), the one its permissions allow.
    this.prefix = `${createInbox(inboxPrefix)}.`;
  }

  /** Publishes `data` on `subject` and resolves with the first reply; rejects on timeout, no responders or close. */
  request(subject: string, data: Uint8Array, opts: { timeoutMs: number; headers?: MsgHdrs }): Promise<Msg> {
    if (this.closed) return Promise.reject(new RequestsClosedError('the request inbox is closed'));
    this.subscribe();
    // Tokens only need to be unique among this mux's requests in flight.
    const token = (this.next++).toString(36);
    return new Promise<Msg>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(token);
        reject(new RequestTimeoutError(`no reply on ${subject} within ${opts.timeoutMs} ms`));
      }, opts.timeoutMs);
      this.waiting.set(token, { resolve, reject, timer });
      try {
        this.nc.publish(subject, data, { reply: this.prefix + token, headers: opts.headers });
      } catch (err) {
        this.settle(token, err instanceof Error ? err : new Error(String(err)));
      }
    });
  }

  /** Requests waiting for their reply (specs). */
  get inFlight(): number {
    return this.waiting.size;
  }

  private subscribe(): void {
    if (this.sub) return;
    const sub = this.nc.subscribe(`${this.prefix}*`, {
      callback: (err, msg) => {
        if (err) return this.closeAll(err);
        const token = msg.subject.slice(this.prefix.length);
        // A status message without data: nobody subscribes to the subject (the server answers for them).
        if (msg.data.length === 0 && msg.headers?.code === 503) this.settle(token, new NoRespondersError('no responders'));
        else this.settle(token, undefined, msg);
      },
    });
    this.sub = sub;
    void sub.closed.then(
      () => this.closeAll(new RequestsClosedError('the request inbox closed')),
      (err: unknown) => this.closeAll(err instanceof Error ? err : new RequestsClosedError(String(err))),
    );
  }

  private settle(token: string, err: Error | undefined, msg?: Msg): void {
    const w = this.waiting.get(token);
    if (!w) return; // answered late, after its timeout
    this.waiting.delete(token);
    clearTimeout(w.timer);
    if (err) w.reject(err);
    else w.resolve(msg as Msg);
  }

  private closeAll(err: Error): void {
    this.closed = true;
    for (const token of [...this.waiting.keys()]) this.settle(token, err);
  }
}
