/**
 * Verifies the platform's signature on calls to the merchant endpoints — the reference for merchants who
 * want to check that a call really comes from the platform. Spec 4.3 makes the headers optional, so by
 * default only calls that carry signature headers are checked; `requireSignature` refuses unsigned ones too.
 * The signature covers the method (GET), the request path without the query string and the decoded query
 * parameters (spec 5.1, keyed with the merchant's clientSecret).
 */
import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Logger } from '@dcp/observability';
import { readSignatureHeaders, verifySignature, type VerifyResult } from '@dcp/signing';
import type { FastifyRequest } from 'fastify';
import { type ParsedQuery, singleValued } from './query-params';
import { SandboxError, sandboxFailure } from './sandbox-errors';
import { SANDBOX_LOGGER, SandboxSettings } from './sandbox-options';

function reasonText(result: Exclude<VerifyResult, { ok: true }>): string {
  switch (result.reason) {
    case 'missing-header':
      return `signature refused: missing header ${result.header}`;
    case 'time-skew':
      return 'signature refused: x-client-time is more than 15 seconds away from the merchant clock';
    case 'mismatch':
      return 'signature refused: sign does not match';
  }
}

@Injectable()
export class SignatureGuard implements CanActivate {
  constructor(
    private readonly settings: SandboxSettings,
    @Inject(SANDBOX_LOGGER) private readonly logger: Logger,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const { clientSecret, clientId, requireSignature } = this.settings.signaturePolicy;
    if (!clientSecret) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const signature = readSignatureHeaders(request.headers);
    const carriesSignature = Object.values(signature).some((v) => v !== undefined);
    if (!carriesSignature && !requireSignature) return true;

    const method = request.method;
    const path = request.url.split('?', 1)[0];
    const result = verifySignature({
      method,
      path,
      params: singleValued((request.query ?? {}) as ParsedQuery),
      headers: signature,
      clientSecrets: [clientSecret],
      now: this.settings.now(),
    });
    let refusal: string | undefined;
    if (!result.ok) refusal = reasonText(result);
    else if (clientId !== undefined && signature.clientId !== clientId) refusal = 'signature refused: unknown x-client-Id';
    this.settings.record({ method, path, verified: refusal === undefined, ...(refusal ? { reason: refusal } : {}) });
    if (refusal === undefined) return true;
    this.logger.warn(`${method} ${path}: ${refusal}`);
    throw sandboxFailure(SandboxError.SignatureRefused, refusal);
  }
}
