/**
 * Composed admin routes (backend for the operator console): a route of the table answered by a `compose`
 * step that asks several services over their own contracts and assembles one view, instead of forwarding
 * to a single contract. The step's zod `response` is the route's answer in the OpenAPI document and is
 * checked before answering. One root part decides whether there is anything to show (its refusal is the
 * answer: 404 for an unknown device or user); every other part that fails or does not answer within
 * RPC_TIMEOUT_MS becomes `{ error: { errorCode, failureDetails } }` in its place (docs/decisions.md AL1).
 */
import { ERROR_CATALOG, ErrorCode, type PartError, PlatformError, type PublicTrafficView, type RpcContract } from '@dcp/contracts';
import type { RuntimeContext } from '@dcp/runtime';
import type { z } from 'zod';
import type { ForwardedAdminRoute } from './admin-route';

/** What a composition may do: request-reply with the services, each call typed by its contract. */
export type AdminRpc = Pick<RuntimeContext['rpcClient'], 'request'>;

/** What the answering edge replica knows itself (the overview): its public surface's last hour. */
export interface AdminEdgeFacts {
  publicTraffic(): PublicTrafficView;
}

export interface AdminComposition<Req = never> {
  /** The composed view (OpenAPI document; the answer is parsed with it). */
  readonly response: z.ZodTypeAny;
  /** Builds the view from the request `toRequest` made; ADMIN_VALIDATION_FAILED for a bad parameter. */
  readonly run: (request: Req, rpc: AdminRpc, edge: AdminEdgeFacts) => Promise<unknown>;
}

/** A route answered by a composition: no single contract, no raw body. */
export interface ComposedAdminRoute extends Pick<ForwardedAdminRoute, 'method' | 'path' | 'summary' | 'tag' | 'status' | 'query' | 'body' | 'toRequest'> {
  /** Any route's composition: each takes the request its own `toRequest` builds. */
  readonly compose: AdminComposition;
  readonly contract?: undefined;
  readonly local?: undefined;
  readonly rawBody?: undefined;
}

/** The composition of `run` answering `response` (typed together, then stored in the table). */
export function composition<Req, S extends z.ZodTypeAny>(response: S, run: (request: Req, rpc: AdminRpc, edge: AdminEdgeFacts) => Promise<z.input<S>>): AdminComposition<Req> {
  return { response, run };
}

/** Answers a matched route: its composition, or the one contract it forwards to. */
export async function answerRoute(route: ForwardedAdminRoute | ComposedAdminRoute, request: unknown, rpc: AdminRpc, edge: AdminEdgeFacts = NO_EDGE_FACTS): Promise<unknown> {
  // The table pairs each composition with the toRequest that builds its request.
  if ('compose' in route && route.compose) return route.compose.response.parse(await route.compose.run(request as never, rpc, edge));
  return rpc.request(route.contract as RpcContract, request);
}

/** An edge that recorded nothing (a composition run outside the edge's servers, in specs). */
export const NO_EDGE_FACTS: AdminEdgeFacts = {
  publicTraffic: () => ({ windowSeconds: 0, requests: 0, serverErrors: 0, clientErrors: 0, serverErrorRate: 0, p50Seconds: null, p95Seconds: null, p99Seconds: null }),
};

/** One part of a view: its service's answer, or the platform error it answered (a timeout is FC_SYSTEM_ERROR). */
export async function part<T>(call: () => Promise<T>): Promise<T | PartError> {
  try {
    return await call();
  } catch (err) {
    const error = PlatformError.from(err);
    return { error: { errorCode: error.value, failureDetails: error.failureDetails } };
  }
}

/**
 * Throws the first part's refusal of the request itself (ADMIN_VALIDATION_FAILED: a bad cursor, an offset past
 * the bound), naming the route's parameter it came from: the operator sent something wrong, which is the whole
 * answer (400), not one service's trouble shown beside the rest (AL1).
 */
export function refusedRequest(parts: Record<string, unknown>): void {
  for (const [parameter, value] of Object.entries(parts)) {
    const error = (value as Partial<PartError> | null)?.error;
    if (error?.errorCode !== ERROR_CATALOG[ErrorCode.ADMIN_VALIDATION_FAILED].value) continue;
    throw new PlatformError(ErrorCode.ADMIN_VALIDATION_FAILED, error.failureDetails.replace(/^invalid (field|parameter) cursor:/, `invalid field ${parameter}:`));
  }
}
