/** HTTP helpers that send requests exactly as a merchant's app would (form bodies, query strings). */
export interface HttpResult<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

async function parse<T>(res: Response): Promise<HttpResult<T>> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    /* not JSON: keep the text so the assertion shows it */
  }
  return { status: res.status, body: body as T, headers: res.headers };
}

export async function getQuery<T = Record<string, unknown>>(baseUrl: string, path: string, params: Record<string, string | number> = {}, headers: Record<string, string> = {}): Promise<HttpResult<T>> {
  const url = new URL(path, baseUrl);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v));
  return parse<T>(await fetch(url, { headers }));
}

/** POST with an application/x-www-form-urlencoded body (spec 4.4). `query` lands in the URL. */
export async function postForm<T = Record<string, unknown>>(
  baseUrl: string,
  path: string,
  form: Record<string, string | number>,
  headers: Record<string, string> = {},
): Promise<HttpResult<T>> {
  const body = new URLSearchParams(Object.entries(form).map(([k, v]): [string, string] => [k, String(v)]));
  return parse<T>(await fetch(new URL(path, baseUrl), { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } }));
}

export async function requestJson<T = Record<string, unknown>>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<HttpResult<T>> {
  return parse<T>(
    await fetch(url, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}
