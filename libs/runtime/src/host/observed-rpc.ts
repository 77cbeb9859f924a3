/**
 * Request-reply latency on both sides, kept out of the bus adapters: the runtime hands services and the edge
 * these wrappers of the bus's client and server, so NATS and the in-process bus are measured alike.
 * Outcome: `ok`, or the value of the PlatformError the call ended with (a timeout is 000099 like any system
 * error). Subjects come from the RPC contracts and the gateway catalogue, a bounded set.
 */
import { PlatformError, type RpcContract } from '@dcp/contracts';
import type { HandleOptions, RequestOptions, RpcClient, RpcHandler, RpcServer } from '@dcp/messaging';
import type { PlatformMetrics } from '@dcp/observability';
import type { z } from 'zod';

type RpcHistogram = 'dcp_rpc_client_duration_seconds' | 'dcp_rpc_server_duration_seconds';

async function timed<T>(metrics: PlatformMetrics, name: RpcHistogram, subject: string, work: () => Promise<T>): Promise<T> {
  const done = metrics.startTimer(name);
  try {
    const result = await work();
    done({ subject, outcome: 'ok' });
    return result;
  } catch (err) {
    done({ subject, outcome: PlatformError.from(err).value });
    throw err;
  }
}

/** Records `dcp_rpc_client_duration_seconds` for every call. */
export class ObservedRpcClient implements RpcClient {
  constructor(
    private readonly inner: RpcClient,
    private readonly metrics: PlatformMetrics,
  ) {}

  request<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(contract: RpcContract<Req, Res>, payload: z.input<Req>, opts?: RequestOptions): Promise<z.output<Res>> {
    return timed(this.metrics, 'dcp_rpc_client_duration_seconds', contract.subject, () => this.inner.request(contract, payload, opts));
  }

  requestRaw(subject: string, payload: unknown, opts?: RequestOptions): Promise<unknown> {
    return timed(this.metrics, 'dcp_rpc_client_duration_seconds', subject, () => this.inner.requestRaw(subject, payload, opts));
  }
}

/** Records `dcp_rpc_server_duration_seconds` for every handler run (after the contract validated the request). */
export class ObservedRpcServer implements RpcServer {
  constructor(
    private readonly inner: RpcServer,
    private readonly metrics: PlatformMetrics,
  ) {}

  handle(subject: string, handler: RpcHandler, opts?: HandleOptions): void {
    this.inner.handle(subject, (payload) => timed(this.metrics, 'dcp_rpc_server_duration_seconds', subject, () => handler(payload)), opts);
  }

  handleContract<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(contract: RpcContract<Req, Res>, handler: (req: z.output<Req>) => Promise<z.input<Res>>): void {
    this.inner.handleContract(contract, (req) => timed(this.metrics, 'dcp_rpc_server_duration_seconds', contract.subject, () => handler(req)));
  }
}
