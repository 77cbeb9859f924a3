/**
 * The three signed SSO operations of the public surface (spec 4.1, 5.1) as the public API document
 * (`/openapi.json`) describes them: path, parameters with their bounds (docs/decisions.md R4), the success
 * answer (S3) and the codes a refusal may carry (R1, S2). sso-service enforces the parameter rules; the
 * platform's end-to-end spec of the public API sends every documented bound to the running platform, so
 * this description and what sso-service refuses cannot drift apart.
 */
import { z } from 'zod';
import { ErrorCode } from './error-codes';
import { tokenResultSchema } from './rpc';

/** The bounds sso-service enforces on the signed SSO parameters (decisions R4); the document states the same. */
export const SSO_PARAMETER_LIMITS = {
  maxMerchantTokenLength: 4096,
  maxRefreshTokenLength: 512,
  maxUuidLength: 128,
  callbackOperations: ['UPDATE', 'DELETE'],
} as const;

export interface SsoParam {
  readonly name: string;
  /** In characters. */
  readonly maxLength: number;
  /** The only values accepted (exact, case-sensitive). */
  readonly allowed?: readonly string[];
  readonly description: string;
}

export interface SsoOperation {
  /** The path segment after `/sso/`. */
  readonly operation: 'authorize_by_token' | 'refresh_token' | 'user_callback';
  readonly summary: string;
  readonly description: string;
  /** Every parameter is required, non-empty, within its bounds and without control characters (R4). */
  readonly params: readonly SsoParam[];
  /** A success body's fields besides `errorCode` and `failureDetails` (S3). */
  readonly response: z.ZodObject;
  /** Whether a refusal carries `expiresIn: 0` (login and refresh; not the callback, S2). */
  readonly failureExpiresIn: boolean;
  /** Codes of this operation besides the signature checks every SSO operation makes (SSO_SIGNATURE_CODES). */
  readonly errors: readonly ErrorCode[];
}

/** What every signed SSO call may be refused with, in the order of the checks (decisions R1), and 000099. */
export const SSO_SIGNATURE_CODES: readonly ErrorCode[] = [
  ErrorCode.SSO_SIGNATURE_HEADER_MISSING,
  ErrorCode.SSO_SIGNATURE_CLIENT_UNKNOWN,
  ErrorCode.SSO_MERCHANT_DISABLED,
  ErrorCode.SSO_VERSION_UNSUPPORTED,
  ErrorCode.SSO_SIGNATURE_TIME_SKEW,
  ErrorCode.SSO_SIGNATURE_MISMATCH,
  ErrorCode.SSO_SIGNATURE_REPLAYED,
  ErrorCode.SSO_PARAMETER_INVALID,
  ErrorCode.FC_SYSTEM_ERROR,
];

export const SSO_OPERATIONS: readonly SsoOperation[] = [
  {
    operation: 'authorize_by_token',
    summary: 'Sign a merchant\'s user in with the merchant\'s token (spec 4.1, 3.1).',
    description:
      'The platform asks the merchant\'s is_valid_token who the user is, creates or refreshes the user\'s account and issues an access token and a refresh token.',
    params: [{ name: 'token', maxLength: SSO_PARAMETER_LIMITS.maxMerchantTokenLength, description: 'The merchant\'s token of the signed-in user, opaque to the platform.' }],
    response: tokenResultSchema,
    failureExpiresIn: true,
    errors: [ErrorCode.SSO_PARTNER_AUTHORIZATION_DENIED, ErrorCode.SSO_MERCHANT_UNAVAILABLE],
  },
  {
    operation: 'refresh_token',
    summary: 'Trade a refresh token for a new access token (spec 4.1, 3.2).',
    description: 'Without refresh-token rotation (a merchant setting) the same refresh token comes back; with it, a new one comes back and the presented one is spent (presenting it again revokes its family: OP0055).',
    params: [{ name: 'refreshToken', maxLength: SSO_PARAMETER_LIMITS.maxRefreshTokenLength, description: 'The refresh token from the login or the last refresh.' }],
    response: tokenResultSchema,
    failureExpiresIn: true,
    errors: [ErrorCode.SSO_TOKEN_INFO_NOT_EXISTS, ErrorCode.SSO_REFRESH_TOKEN_EXPIRED, ErrorCode.SSO_REFRESH_TOKEN_REUSED],
  },
  {
    operation: 'user_callback',
    summary: 'The merchant reports that a user changed or was deleted (spec 4.1, 6.2).',
    description:
      'The platform confirms with the merchant\'s get_user_profile before acting: UPDATE refreshes the user\'s profile; DELETE removes the account, its tokens and (through events) its devices and grants. Repeating a callback is harmless.',
    params: [
      { name: 'operation', maxLength: 64, allowed: SSO_PARAMETER_LIMITS.callbackOperations, description: 'What happened to the user.' },
      { name: 'uuid', maxLength: SSO_PARAMETER_LIMITS.maxUuidLength, description: 'The merchant\'s id of the user.' },
    ],
    response: z.object({}),
    failureExpiresIn: false,
    errors: [ErrorCode.SSO_USER_NOT_FOUND, ErrorCode.SSO_USER_STILL_EXISTS, ErrorCode.SSO_MERCHANT_UNAVAILABLE],
  },
];
