/**
 * The admin API is a table: each route names its HTTP method and path, the RPC contract of the owning
 * service, and how the HTTP request becomes that contract's request. The router and the OpenAPI document
 * are both derived from this table, so the document cannot drift from what is served.
 */
import type { AdminSessionView, RpcContract } from '@dcp/contracts';
import type { z } from 'zod';
import type { ComposedAdminRoute } from './admin-composition';

/** ComposedAdminRoute: answered by composing several services' answers (admin-composition.ts). */
export type AdminRoute = ForwardedAdminRoute | LocalAdminRoute | ComposedAdminRoute;

/** A route forwarded to the service that owns it. */
export interface ForwardedAdminRoute {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** OpenAPI-style path with `{param}` segments, under /admin/v1. */
  readonly path: string;
  readonly summary: string;
  readonly tag: string;
  readonly contract: RpcContract;
  /** Success status (201 for creations). */
  readonly status: 200 | 201 | 204;
  /** JSON body schema shown in the OpenAPI document (absent for GET/DELETE). */
  readonly body?: z.ZodTypeAny;
  /**
   * A raw (non-JSON) body instead: its media type and size limit. The admin app parses that media type as
   * bytes; the controller refuses another type, an empty body or more than `maxBytes` (ADMIN_VALIDATION_FAILED)
   * and hands `toRequest` a Buffer.
   */
  readonly rawBody?: { readonly contentType: string; readonly maxBytes: number; readonly description: string };
  /** Query parameters accepted (shown in the document). */
  readonly query?: readonly string[];
  /** Builds the RPC request from path params, query and body (a Buffer for rawBody routes). */
  readonly toRequest: (input: { params: Record<string, string>; query: Record<string, string>; body: unknown }) => unknown;
  /**
   * A POST that changes nothing (it issues a signed playback URL): a read-only token may call it too. It is
   * still recorded in the audit log like every POST, so who watched which recordings is on record (AU8).
   */
  readonly readsOnly?: true;
  readonly local?: undefined;
}

/** A route the edge answers itself, no service owning it (GET /admin/v1/session): no contract, no body. */
export interface LocalAdminRoute extends Pick<ForwardedAdminRoute, 'method' | 'path' | 'summary' | 'tag' | 'status' | 'query'> {
  /** The answer's schema (shown in the OpenAPI document) and how it is built from the caller's identity. */
  readonly local: { readonly response: z.ZodTypeAny; readonly answer: (input: { identity: AdminSessionView }) => unknown };
  readonly contract?: undefined;
  readonly toRequest?: undefined;
  readonly body?: undefined;
  readonly rawBody?: undefined;
}

/** A route that needs a full token: anything but a GET or a `readsOnly` POST (docs/decisions.md AU2, AU8). */
export const needsFullToken = (r: AdminRoute): boolean => r.method !== 'GET' && !('readsOnly' in r && r.readsOnly);

/** Compiles `/merchants/{clientId}/secret` into a matcher returning the path params or undefined. */
export function compilePath(path: string): (url: string) => Record<string, string> | undefined {
  const names: string[] = [];
  const pattern = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const re = new RegExp(`^${pattern}$`);
  return (url) => {
    const m = re.exec(url);
    if (!m) return undefined;
    return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1])]));
  };
}
