/** Test data and doubles for the edge's unit specs: Fastify requests and the Nest adapter host, built from the few fields a spec reads. */
import type { HttpAdapterHost } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';

let nextRequestId = 1;

/** The fields of a request the edge's guards, filters and audit read. */
export type RequestFields = Pick<FastifyRequest, 'id' | 'method' | 'url' | 'body' | 'query' | 'headers'>;

/** An incoming request: GET / with no headers, query or body and a fresh id, unless overridden. */
export function makeRequest(overrides: Partial<RequestFields> = {}): FastifyRequest {
  const fields: RequestFields = { id: `fake-request-${nextRequestId++}`, method: 'GET', url: '/', body: undefined, query: {}, headers: {}, ...overrides };
  return fields as FastifyRequest;
}

/** The adapter host a hook-registering provider takes, serving `instance` as the Fastify instance. */
export function fakeAdapterHost(instance: unknown): HttpAdapterHost {
  const host = { httpAdapter: { getInstance: () => instance } };
  return host as unknown as HttpAdapterHost;
}
