/**
 * The error codes each public operation documents, read from the served `/openapi.json` (the document a
 * client reads), so a property checks answers against the published contract rather than a copy of it.
 */
type Json = Record<string, unknown>;

export interface DocumentedCodes {
  /** By `service=` value: the codes of the operation's refusal schema. */
  gateway: ReadonlyMap<string, ReadonlySet<string>>;
  /** By path (`/sso/…`): the codes of the 401 answer. */
  sso: ReadonlyMap<string, ReadonlySet<string>>;
}

const at = (node: unknown, ...keys: string[]): unknown => keys.reduce<unknown>((n, k) => (n && typeof n === 'object' ? (n as Json)[k] : undefined), node);

const enumOf = (schema: unknown): ReadonlySet<string> => {
  const values = at(schema, 'properties', 'errorCode', 'enum');
  if (!Array.isArray(values) || values.length === 0) throw new Error(`no documented errorCode enum in ${JSON.stringify(schema)}`);
  return new Set(values.map(String));
};

export async function documentedCodes(baseUrl: string): Promise<DocumentedCodes> {
  const res = await fetch(`${baseUrl}/openapi.json`);
  if (res.status !== 200) throw new Error(`/openapi.json answered ${res.status}`);
  const doc = (await res.json()) as Json;
  const schemas = at(doc, 'components', 'schemas') as Record<string, Json>;
  const gateway = new Map<string, ReadonlySet<string>>();
  // Each operation's `…Answer` schema is titled with its service and is oneOf its success and its refusal.
  for (const [name, schema] of Object.entries(schemas)) {
    if (!name.endsWith('Answer') || typeof schema.title !== 'string') continue;
    const refusalRef = String(at(schema, 'oneOf', '1', '$ref') ?? '');
    gateway.set(schema.title, enumOf(schemas[refusalRef.split('/').pop() ?? '']));
  }
  const sso = new Map<string, ReadonlySet<string>>();
  for (const [path, item] of Object.entries(at(doc, 'paths') as Record<string, Json>)) {
    if (path.startsWith('/sso/')) sso.set(path, enumOf(at(item, 'post', 'responses', '401', 'content', 'application/json', 'schema')));
  }
  return { gateway, sso };
}
