/**
 * Error bodies of the sandbox. Spec 4.3 gives the merchant endpoints' failure body ({errorCode, failureDetails},
 * HTTP 401) and its two texts but no codes (the sample shows six characters): the sandbox uses `MS04xx`.
 */
import { HttpException, HttpStatus } from '@nestjs/common';

export const SandboxError = {
  /** Merchant endpoint: the token is unknown, expired or its user is gone (spec text). */
  TokenInvalid: { status: HttpStatus.UNAUTHORIZED, errorCode: 'MS0401', failureDetails: 'token is invalid' },
  /** Merchant endpoint: no user with that uuid (spec text). */
  UserProfileNotExists: { status: HttpStatus.UNAUTHORIZED, errorCode: 'MS0402', failureDetails: 'user profile not exists' },
  /** Merchant endpoint: the platform's signature was refused (details say why). */
  SignatureRefused: { status: HttpStatus.UNAUTHORIZED, errorCode: 'MS0403', failureDetails: 'signature refused' },
  /** Management API: malformed request body. */
  BadRequest: { status: HttpStatus.BAD_REQUEST, errorCode: 'MS0400', failureDetails: 'bad request' },
  /** Management API: no such user. */
  UserNotFound: { status: HttpStatus.NOT_FOUND, errorCode: 'MS0404', failureDetails: 'user not found' },
  /** Management API: the uuid is taken. */
  UserExists: { status: HttpStatus.CONFLICT, errorCode: 'MS0409', failureDetails: 'user already exists' },
} as const;

export type SandboxErrorKind = (typeof SandboxError)[keyof typeof SandboxError];

export function sandboxFailure(kind: SandboxErrorKind, failureDetails: string = kind.failureDetails): HttpException {
  return new HttpException({ errorCode: kind.errorCode, failureDetails }, kind.status);
}
