/**
 * The size and SHA-256 of a changing admin call's body, taken as its bytes arrive (decisions SDB1). A call
 * refused before it is forwarded is recorded with these instead of its body, so a token that may change
 * nothing cannot fill the audit log with what it sends, while an operator can still tell which body it was
 * (hash the file the caller sent and compare). A preParsing hook of the admin server sees the bytes on their
 * way to the parser: nothing is buffered twice, and the body limits stay the parser's.
 */
import { createHash } from 'node:crypto';
import { Transform, pipeline } from 'node:stream';
import { AUDITED_METHODS } from '@dcp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface BodyDigest {
  /** Bytes received; when the body was never read (refused first), the size its Content-Length declared. */
  bytes: number;
  /** SHA-256 (hex) of the bytes received; null when the body was not read to its end. */
  sha256: string | null;
}

const AUDITED = new Set<string>(AUDITED_METHODS);
const digests = new WeakMap<object, BodyDigest>();

/** Registers the hook on the admin server's Fastify instance (before it listens). */
export function digestAdminBodies(fastify: FastifyInstance): void {
  fastify.addHook('preParsing', (req, _reply, payload, done) => {
    if (!AUDITED.has(req.method)) {
      done(null, payload);
      return;
    }
    const hash = createHash('sha256');
    let bytes = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, next) {
        hash.update(chunk);
        bytes += chunk.length;
        next(null, chunk);
      },
      flush(next) {
        digests.set(req, { bytes, sha256: hash.digest('hex') });
        next();
      },
    });
    // pipeline, not pipe: a client that goes away errors the tap too, so the parser is not left waiting.
    pipeline(payload, tap, () => undefined);
    done(null, tap);
  });
}

/** The digest of the body the request carried; null when it carried none. */
export function bodyDigestOf(req: Partial<Pick<FastifyRequest, 'headers'>>): BodyDigest | null {
  const read = digests.get(req);
  if (read) return read.bytes > 0 ? read : null;
  const declared = Number(req.headers?.['content-length']);
  return Number.isSafeInteger(declared) && declared > 0 ? { bytes: declared, sha256: null } : null;
}
