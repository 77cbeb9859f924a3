/** OpenAPI 3.1 document of the admin API, generated from the route table and the contracts' zod schemas. */
import { z } from 'zod';
import { ERROR_CATALOG, EXACT_LIST_TOTAL_UP_TO, ErrorCode, MAX_CURSOR_LENGTH, MAX_LIST_OFFSET } from '@dcp/contracts';
import { type AdminRoute, needsFullToken } from './admin-route';

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

export function buildOpenApiDocument(routes: readonly AdminRoute[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const params = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
    const query = (r.query ?? []).map((name) => ({ name, in: 'query', required: false, ...queryParameterDoc(name, r.query ?? []) }));
    const operation: Record<string, unknown> = {
      summary: r.summary,
      tags: [r.tag],
      operationId: operationIdOf(r),
      parameters: [...params, ...query],
      responses: {
        [r.status]:
          r.status === 204
            ? { description: 'Done' }
            : { description: 'Success', content: { 'application/json': { schema: z.toJSONSchema(r.local ? r.local.response : 'compose' in r ? r.compose.response : r.contract.response, { io: 'output', unrepresentable: 'any' }) } } },
        400: errorResponse(`Invalid request (${ERROR_CATALOG[ErrorCode.ADMIN_VALIDATION_FAILED].value})`),
        401: errorResponse(`Missing or wrong admin token (${ERROR_CATALOG[ErrorCode.ADMIN_UNAUTHORIZED].value})`),
        // Only GET, and POSTs that change nothing, are open to a read-only token (docs/decisions.md AU2, AU8).
        ...(!needsFullToken(r) ? {} : { 403: errorResponse(`The admin token is read-only (${ERROR_CATALOG[ErrorCode.ADMIN_FORBIDDEN].value})`) }),
        404: errorResponse(`Not found (${ERROR_CATALOG[ErrorCode.ADMIN_NOT_FOUND].value})`),
        // Changes can collide with the current state (a duplicate code, a device without owner, a race).
        ...(r.method === 'GET' ? {} : { 409: errorResponse(`Conflict with the current state (${ERROR_CATALOG[ErrorCode.ADMIN_CONFLICT].value})`) }),
        // Any route: an address that sent too many wrong tokens is refused for the rest of the window (SDA5).
        429: errorResponse(`Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (${ERROR_CATALOG[ErrorCode.ADMIN_RATE_LIMITED].value})`),
      },
    };
    if (r.body) {
      operation.requestBody = { required: true, content: { 'application/json': { schema: z.toJSONSchema(r.body, { io: 'input', unrepresentable: 'any' }) } } };
    }
    if (r.rawBody) {
      operation.requestBody = {
        required: true,
        description: r.rawBody.description,
        content: { [r.rawBody.contentType]: { schema: { type: 'string', format: 'binary', contentMediaType: r.rawBody.contentType, maxLength: r.rawBody.maxBytes } } },
      };
    }
    paths[`/admin/v1${r.path}`] = { ...(paths[`/admin/v1${r.path}`] ?? {}), [r.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Device Cloud Platform admin API',
      version: '1.0.0',
      description:
        'Operator API: merchants, manufacturers, permissions, grants, recordings, dead letters and more. JSON bodies, except recording segments (`video/mp2t`); `Authorization: Bearer <token>` with a token of ADMIN_TOKEN or ADMIN_TOKENS. ' +
        'Each token has a role: `full` may call every operation, `read-only` only the GET ones and the POSTs that change nothing (playback URLs); anything else answers 403 (' +
        `${ERROR_CATALOG[ErrorCode.ADMIN_FORBIDDEN].value}). GET /admin/v1/session tells the caller its token's name and role. ` +
        'Every call that changes something (POST, PUT, PATCH, DELETE) is recorded in the audit log (GET /admin/v1/audit) before it is carried out, refusals included. ' +
        'Lists answer one page: `items`, `total` (exact up to ' +
        `${EXACT_LIST_TOTAL_UP_TO} rows, beyond that the database's estimate with \`totalIsEstimate: true\`) and, on the lists that take \`cursor\`, \`nextCursor\`: ` +
        'pass it as `cursor` (same filters) for the next page, until it is null. A page after a cursor costs the same wherever it is in the list, and rows added meanwhile are neither repeated nor skipped; ' +
        `\`offset\` still works, up to ${MAX_LIST_OFFSET}, but reads every row it skips.`,
    },
    servers: [{ url: '/' }],
    security: [{ adminToken: [] }],
    paths,
    components: {
      securitySchemes: {
        adminToken: { type: 'http', scheme: 'bearer', description: 'A token of ADMIN_TOKEN (role full) or ADMIN_TOKENS (role full or read-only: GET, and POSTs that change nothing)' },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['errorCode', 'failureDetails'],
          properties: { errorCode: { type: 'string' }, failureDetails: { type: 'string' } },
        },
      },
    },
  };
}

const PAGE_SIZE_DOC = 'Rows in the page, 1 to 500 (default 100)';
const CURSOR_DOC = `The nextCursor of the page before, exactly as answered: the page after it. A cursor is good only for the list and the filters it was answered for; another, or an edited one, answers ${ERROR_CATALOG[ErrorCode.ADMIN_VALIDATION_FAILED].value}. Not with offset.`;

/** A query parameter's description and schema: the paging parameters are described once, here (libs/contracts/src/admin-paging.ts). */
function queryParameterDoc(name: string, all: readonly string[]): { description?: string; schema: Record<string, unknown> } {
  const pagedByCursor = all.some((n) => /^(cursor|\w+Cursor)$/.test(n));
  switch (name) {
    case 'limit':
      return { description: PAGE_SIZE_DOC, schema: { type: 'string', pattern: '^[0-9]+$' } };
    case 'offset':
      return pagedByCursor
        ? { description: `Rows skipped before the page, at most ${MAX_LIST_OFFSET}: for callers written before cursors (every skipped row is read); page on with cursor instead`, schema: { type: 'string', pattern: '^[0-9]+$' } }
        : { description: 'Rows skipped before the page', schema: { type: 'string', pattern: '^[0-9]+$' } };
    case 'cursor':
      return { description: CURSOR_DOC, schema: { type: 'string', maxLength: MAX_CURSOR_LENGTH } };
    case 'devicesCursor':
    case 'grantsCursor':
      return { description: `The ${name.replace('Cursor', '')} part's nextCursor: the next page of that list (the other list shows its first page unless its own cursor is given). ${CURSOR_DOC}`, schema: { type: 'string', maxLength: MAX_CURSOR_LENGTH } };
    default:
      return { schema: { type: 'string' } };
  }
}

/** `postMerchantsClientIdSecret` for POST /merchants/{clientId}/secret: the operationId of the document. */
export function operationIdOf(r: Pick<AdminRoute, 'method' | 'path'>): string {
  return `${r.method.toLowerCase()}${r.path.replace(/[{}]/g, '').replace(/\/(\w)/g, (_m, c: string) => c.toUpperCase()).replace(/[^A-Za-z0-9]/g, '')}`;
}
