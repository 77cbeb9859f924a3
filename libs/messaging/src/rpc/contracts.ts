/**
 * Typed request-reply on top of the untyped transport: both sides validate with the contract's zod schemas.
 * A bad request is the caller's fault (FC_INVALID_PARAMETER naming the field); a bad reply is a bug in the
 * serving service (logged, FC_SYSTEM_ERROR).
 */
import { ErrorCode, PlatformError, type RpcContract } from '@dcp/contracts';
import type { z } from 'zod';
import type { BusLogger, RequestOptions, RpcHandler } from '../api';

export function invalidParameter(error: z.ZodError): PlatformError {
  const issue = error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : 'request';
  return new PlatformError(ErrorCode.FC_INVALID_PARAMETER, `invalid parameter ${field}: ${issue?.message ?? 'invalid'}`);
}

export function parseRequest<S extends z.ZodTypeAny>(schema: S, payload: unknown): z.output<S> {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw invalidParameter(parsed.error);
  return parsed.data;
}

export function contractHandler<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(
  contract: RpcContract<Req, Res>,
  handler: (req: z.output<Req>) => Promise<z.input<Res>>,
): RpcHandler {
  return async (payload) => handler(parseRequest(contract.request, payload));
}

type RawRequest = (subject: string, payload: unknown, opts?: RequestOptions) => Promise<unknown>;

export async function requestWithContract<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(
  raw: RawRequest,
  logger: BusLogger,
  contract: RpcContract<Req, Res>,
  payload: z.input<Req>,
  opts: RequestOptions = {},
): Promise<z.output<Res>> {
  const request = parseRequest(contract.request, payload);
  const reply = await raw(contract.subject, request, { owner: contract.owner, ...opts });
  const parsed = contract.response.safeParse(reply);
  if (!parsed.success) {
    logger.error(`reply on ${contract.subject} does not match its contract`, parsed.error);
    throw new PlatformError(ErrorCode.FC_SYSTEM_ERROR);
  }
  return parsed.data;
}
