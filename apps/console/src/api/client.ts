/**
 * The admin API, typed from its OpenAPI document (admin-api.ts, generated): a path or body the API does
 * not have does not compile. Every call carries the session's bearer token; a failure becomes a
 * ProblemError with the platform's code and text.
 */
import createClient from 'openapi-fetch';
import { ProblemError, problemOf } from '../lib/problem';
import type { paths } from './admin-api';

export type AdminApi = ReturnType<typeof createClient<paths>>;

export function createAdminApi(token: string, baseUrl = window.location.origin): AdminApi {
  const client = createClient<paths>({ baseUrl });
  client.use({
    onRequest({ request }) {
      request.headers.set('authorization', `Bearer ${token}`);
      return request;
    },
  });
  return client;
}

/** The data of a successful answer, or the platform's error thrown as a ProblemError. */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok || error !== undefined) throw new ProblemError(problemOf(response.status, error));
  return data as T;
}
