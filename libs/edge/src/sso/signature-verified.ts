/**
 * What sso-service's answer to a signed SSO call tells the edge about the signature (decisions SDE1): every
 * SSO use case verifies the signature first (libs/sso/src/signature/signed-request.verifier.ts), so a success,
 * or a refusal only the operation's own work gives (SSO_OPERATIONS[].errors: the merchant refused the token,
 * its endpoint is down, a refresh token unknown, expired or reused, a callback's user not found or still
 * there), shows the request was the merchant's. The signature refusals (SSO_SIGNATURE_CODES) show it was not;
 * OP0046 and 000099 are given before verification too (an unknown operation, an unreadable body, an outage),
 * so they show nothing and count as unverified.
 */
import { type ErrorCode, PlatformError, SSO_OPERATIONS } from '@dcp/contracts';

const CODES_AFTER_VERIFICATION = new Map<string, ReadonlySet<ErrorCode>>(SSO_OPERATIONS.map((op) => [op.operation, new Set(op.errors)]));

/** Whether `refusal`, answering SSO `operation`, was given after sso-service accepted the signature. */
export function refusedAfterVerification(operation: string, refusal: unknown): boolean {
  return refusal instanceof PlatformError && (CODES_AFTER_VERIFICATION.get(operation)?.has(refusal.code) ?? false);
}
