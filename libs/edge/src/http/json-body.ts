/**
 * JSON bodies of both ports (decisions HI1, SDC2). Fastify's own parser refuses a body with a `__proto__` key as
 * "Body is not valid JSON", which sends a merchant looking for a syntax error that is not there. This one
 * names the parameter. Its errors carry Fastify's codes and status, so every surface maps them as before
 * (to-platform-error.ts: the surface's parameter error, "malformed request: …").
 */
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { findTextFlaw, noLoneSurrogate } from './unstorable-text';

const JSON_TYPE = 'application/json';
/** A lone surrogate can only come from a `\uD800`–`\uDFFF` escape (bytes are decoded as UTF-8): look only then. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F][0-9a-fA-F]{2}/;

function bodyError(code: 'FST_ERR_CTP_EMPTY_JSON_BODY' | 'FST_ERR_CTP_INVALID_JSON_BODY', message: string): Error {
  return Object.assign(new Error(message), { code, statusCode: 400 });
}

/**
 * Parses a JSON body; a `__proto__` key, or `constructor.prototype`, at any depth is refused by name, and so is
 * a string or key holding a lone surrogate, which no service can store (decisions SDC2).
 */
export function parseJsonBody(body: string): unknown {
  if (body.length === 0) throw bodyError('FST_ERR_CTP_EMPTY_JSON_BODY', "Body cannot be empty when content-type is set to 'application/json'");
  let prototypeKey = false;
  let constructorPrototype = false;
  let parsed: unknown;
  try {
    // JSON.parse makes `__proto__` an own key (it never sets the prototype); the reviver sees every key.
    parsed = JSON.parse(body, function (key, value) {
      if (key === '__proto__') prototypeKey = true;
      // As Nest's default parser (onConstructorPoisoning 'error'): constructor.prototype is refused too.
      if (key === 'constructor' && typeof value === 'object' && value !== null && Object.hasOwn(value, 'prototype')) constructorPrototype = true;
      return value;
    });
  } catch {
    throw bodyError('FST_ERR_CTP_INVALID_JSON_BODY', "Body is not valid JSON but content-type is set to 'application/json'");
  }
  if (prototypeKey) throw bodyError('FST_ERR_CTP_INVALID_JSON_BODY', 'parameter __proto__ is not allowed in the JSON body');
  if (constructorPrototype) throw bodyError('FST_ERR_CTP_INVALID_JSON_BODY', 'constructor.prototype is not allowed in the JSON body');
  const flaw = SURROGATE_ESCAPE.test(body) ? findTextFlaw(parsed, noLoneSurrogate, 'body') : undefined;
  if (flaw) throw bodyError('FST_ERR_CTP_INVALID_JSON_BODY', `parameter ${flaw.field} ${flaw.problem}`);
  return parsed;
}

/**
 * Makes parseJsonBody the app's JSON parser, through Nest's adapter so that Nest does not register its own at
 * start (the body limit stays the server's).
 */
export function installJsonBodyParser(app: NestFastifyApplication): void {
  const { bodyLimit } = app.getHttpAdapter().getInstance().initialConfig;
  app.useBodyParser(JSON_TYPE, { bodyLimit }, (_req, body, done) => {
    try {
      done(null, parseJsonBody(body.toString('utf8')));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
}
