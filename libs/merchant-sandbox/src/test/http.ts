/** Real HTTP calls against a started sandbox (global fetch), returning status and parsed JSON body. */
export interface HttpResult {
  status: number;
  // Tests read arbitrary fields of the JSON answers.
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export async function call(baseUrl: string, method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<HttpResult> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(options.body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}
