/**
 * The platform's one error-code enum (spec section 7 plus the codes this project decided where the spec
 * is silent; see docs/decisions.md). Every code has exactly one catalogue entry: the mapped type below
 * makes a missing or extra entry a compile error.
 */
export enum ErrorCode {
  // 7.2 gateway system and authentication codes
  FC_SERVICE_NOT_IMPLEMENT = 'FC_SERVICE_NOT_IMPLEMENT',
  FC_INVALID_PARAMETER = 'FC_INVALID_PARAMETER',
  FC_PARAMETER_EMPTY = 'FC_PARAMETER_EMPTY',
  FC_SYSTEM_ERROR = 'FC_SYSTEM_ERROR',
  FC_SQLEXCEPTION = 'FC_SQLEXCEPTION',
  FC_AUTH_APPKEY_NOT_EXISTS = 'FC_AUTH_APPKEY_NOT_EXISTS',
  FC_AUTH_APPSECRET_NOT_MATCH = 'FC_AUTH_APPSECRET_NOT_MATCH',
  FC_AUTH_OPENID_NOT_EXISTS = 'FC_AUTH_OPENID_NOT_EXISTS',
  FC_AUTH_OPENID_NOT_MATCH = 'FC_AUTH_OPENID_NOT_MATCH',
  FC_AUTH_ACCESSTOKEN_NOT_MATCH = 'FC_AUTH_ACCESSTOKEN_NOT_MATCH',
  FC_AUTH_ACCESSTOKEN_EXPIRED = 'FC_AUTH_ACCESSTOKEN_EXPIRED',
  FC_AUTH_TOKEN_NOT_EXISTS = 'FC_AUTH_TOKEN_NOT_EXISTS',
  // 7.3 business codes
  FC_ACCOUNT_USER_IPC_SETTING_ALREADY_EXISTS = 'FC_ACCOUNT_USER_IPC_SETTING_ALREADY_EXISTS',
  FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS = 'FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS',
  FC_ACCOUNT_THE_IPC_HAS_BEEN_ADDED_BY_OTHERS = 'FC_ACCOUNT_THE_IPC_HAS_BEEN_ADDED_BY_OTHERS',
  PERMISSION_GRANTID_RECORD_NOT_EXISTS = 'PERMISSION_GRANTID_RECORD_NOT_EXISTS',
  PERMISSION_GRANT_STATUS_CANNOT_ACTIVE = 'PERMISSION_GRANT_STATUS_CANNOT_ACTIVE',
  PERMISSION_GRANTID_RECORD_NOT_MATCH_IPCMAC = 'PERMISSION_GRANTID_RECORD_NOT_MATCH_IPCMAC',
  FC_SYSTEM_ADDRESS_CHANGE = 'FC_SYSTEM_ADDRESS_CHANGE',
  FC_SYSTEM_UPGRADE = 'FC_SYSTEM_UPGRADE',
  PT_FIRMWARE_VERSION_INVALID = 'PT_FIRMWARE_VERSION_INVALID',
  PT_FIRMWARE_LINK_NOT_EXISTS = 'PT_FIRMWARE_LINK_NOT_EXISTS',
  PT_FIRMWARE_NOT_SUPPORT_UPGRADE = 'PT_FIRMWARE_NOT_SUPPORT_UPGRADE',
  // 7.4 SSO codes
  SSO_PARTNER_AUTHORIZATION_DENIED = 'SSO_PARTNER_AUTHORIZATION_DENIED',
  SSO_TOKEN_INFO_NOT_EXISTS = 'SSO_TOKEN_INFO_NOT_EXISTS',
  SSO_REFRESH_TOKEN_EXPIRED = 'SSO_REFRESH_TOKEN_EXPIRED',
  // Decided by this project (docs/decisions.md, "Error codes the spec leaves open")
  SSO_SIGNATURE_HEADER_MISSING = 'SSO_SIGNATURE_HEADER_MISSING',
  SSO_SIGNATURE_CLIENT_UNKNOWN = 'SSO_SIGNATURE_CLIENT_UNKNOWN',
  SSO_SIGNATURE_TIME_SKEW = 'SSO_SIGNATURE_TIME_SKEW',
  SSO_SIGNATURE_MISMATCH = 'SSO_SIGNATURE_MISMATCH',
  SSO_SIGNATURE_REPLAYED = 'SSO_SIGNATURE_REPLAYED',
  SSO_VERSION_UNSUPPORTED = 'SSO_VERSION_UNSUPPORTED',
  SSO_PARAMETER_INVALID = 'SSO_PARAMETER_INVALID',
  SSO_MERCHANT_DISABLED = 'SSO_MERCHANT_DISABLED',
  SSO_MERCHANT_UNAVAILABLE = 'SSO_MERCHANT_UNAVAILABLE',
  SSO_USER_STILL_EXISTS = 'SSO_USER_STILL_EXISTS',
  SSO_USER_NOT_FOUND = 'SSO_USER_NOT_FOUND',
  SSO_REFRESH_TOKEN_REUSED = 'SSO_REFRESH_TOKEN_REUSED',
  DEVICE_FORCE_SIGN_MISMATCH = 'DEVICE_FORCE_SIGN_MISMATCH',
  DEVICE_FORCE_OEM_UNKNOWN = 'DEVICE_FORCE_OEM_UNKNOWN',
  DEVICE_FORCE_TIMESTAMP_OUT_OF_WINDOW = 'DEVICE_FORCE_TIMESTAMP_OUT_OF_WINDOW',
  DEVICE_FORCE_SIGN_REPLAYED = 'DEVICE_FORCE_SIGN_REPLAYED',
  ADMIN_UNAUTHORIZED = 'ADMIN_UNAUTHORIZED',
  ADMIN_FORBIDDEN = 'ADMIN_FORBIDDEN',
  ADMIN_VALIDATION_FAILED = 'ADMIN_VALIDATION_FAILED',
  ADMIN_NOT_FOUND = 'ADMIN_NOT_FOUND',
  ADMIN_CONFLICT = 'ADMIN_CONFLICT',
  ADMIN_RATE_LIMITED = 'ADMIN_RATE_LIMITED',
  RATE_LIMITED = 'RATE_LIMITED',
  // Camera upload protocol (docs/decisions.md CU*): what a camera reads to retry, back off or stop.
  CAMERA_PARAMETER_INVALID = 'CAMERA_PARAMETER_INVALID',
  CAMERA_CREDENTIALS_REFUSED = 'CAMERA_CREDENTIALS_REFUSED',
  CAMERA_CLOCK_SKEW = 'CAMERA_CLOCK_SKEW',
  CAMERA_NO_ACTIVE_PLAN = 'CAMERA_NO_ACTIVE_PLAN',
  CAMERA_SEGMENT_CONFLICT = 'CAMERA_SEGMENT_CONFLICT',
  CAMERA_SEGMENT_TOO_LARGE = 'CAMERA_SEGMENT_TOO_LARGE',
  CAMERA_SEGMENT_NOT_MPEG_TS = 'CAMERA_SEGMENT_NOT_MPEG_TS',
  CAMERA_QUOTA_EXCEEDED = 'CAMERA_QUOTA_EXCEEDED',
  CAMERA_PICTURE_NOT_JPEG = 'CAMERA_PICTURE_NOT_JPEG',
  // Push endpoints (docs/decisions.md PS8).
  PUSH_PROVIDER_NOT_CONFIGURED = 'PUSH_PROVIDER_NOT_CONFIGURED',
  PUSH_ENDPOINT_LIMIT = 'PUSH_ENDPOINT_LIMIT',
}

export interface ErrorDefinition {
  /** The value on the wire (`errorCode`). */
  readonly value: string;
  /** Default `failureDetails` text. */
  readonly text: string;
  /** HTTP status on surfaces that use it (SSO: 401 on failure; admin API). The gateway always answers 200. */
  readonly httpStatus: number;
}

export const ERROR_CATALOG: { readonly [K in ErrorCode]: ErrorDefinition } = {
  [ErrorCode.FC_SERVICE_NOT_IMPLEMENT]: { value: '009999', text: 'service name does not exist (check its spelling, capitalization and spaces)', httpStatus: 404 },
  [ErrorCode.FC_INVALID_PARAMETER]: { value: '000006', text: 'invalid request parameters', httpStatus: 400 },
  [ErrorCode.FC_PARAMETER_EMPTY]: { value: '000005', text: 'parameter is empty', httpStatus: 400 },
  [ErrorCode.FC_SYSTEM_ERROR]: { value: '000099', text: 'internal server error, try again later', httpStatus: 500 },
  [ErrorCode.FC_SQLEXCEPTION]: { value: '003301', text: 'database error', httpStatus: 500 },
  [ErrorCode.FC_AUTH_APPKEY_NOT_EXISTS]: { value: '030010', text: 'application key does not exist', httpStatus: 401 },
  [ErrorCode.FC_AUTH_APPSECRET_NOT_MATCH]: { value: '030020', text: 'application secret does not match', httpStatus: 401 },
  [ErrorCode.FC_AUTH_OPENID_NOT_EXISTS]: { value: '030030', text: 'openId does not exist', httpStatus: 401 },
  [ErrorCode.FC_AUTH_OPENID_NOT_MATCH]: { value: '030031', text: 'openId does not match', httpStatus: 401 },
  [ErrorCode.FC_AUTH_ACCESSTOKEN_NOT_MATCH]: { value: '030040', text: 'accessToken does not match', httpStatus: 401 },
  [ErrorCode.FC_AUTH_ACCESSTOKEN_EXPIRED]: { value: '030041', text: 'accessToken expired, sign in again', httpStatus: 401 },
  [ErrorCode.FC_AUTH_TOKEN_NOT_EXISTS]: { value: '030091', text: 'token does not exist', httpStatus: 401 },
  [ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_ALREADY_EXISTS]: { value: '020040', text: 'device already added for the user', httpStatus: 409 },
  [ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS]: { value: '020041', text: 'device setting does not exist', httpStatus: 404 },
  [ErrorCode.FC_ACCOUNT_THE_IPC_HAS_BEEN_ADDED_BY_OTHERS]: { value: '020042', text: 'device was added by another user', httpStatus: 409 },
  [ErrorCode.PERMISSION_GRANTID_RECORD_NOT_EXISTS]: { value: '883202', text: 'authorization record does not exist', httpStatus: 404 },
  [ErrorCode.PERMISSION_GRANT_STATUS_CANNOT_ACTIVE]: { value: '883203', text: 'record status does not allow activation', httpStatus: 409 },
  [ErrorCode.PERMISSION_GRANTID_RECORD_NOT_MATCH_IPCMAC]: { value: '883204', text: 'record does not match the device MAC', httpStatus: 409 },
  [ErrorCode.FC_SYSTEM_ADDRESS_CHANGE]: { value: '000077', text: 'the dispatch-center address changed', httpStatus: 200 },
  [ErrorCode.FC_SYSTEM_UPGRADE]: { value: '000066', text: 'system is being upgraded, poll again in about 5 minutes', httpStatus: 503 },
  [ErrorCode.PT_FIRMWARE_VERSION_INVALID]: { value: '010026', text: 'invalid version number', httpStatus: 400 },
  [ErrorCode.PT_FIRMWARE_LINK_NOT_EXISTS]: { value: '010120', text: 'the model has no firmware upgrade chain', httpStatus: 404 },
  [ErrorCode.PT_FIRMWARE_NOT_SUPPORT_UPGRADE]: { value: '010121', text: 'smart upgrade not supported', httpStatus: 409 },
  [ErrorCode.SSO_PARTNER_AUTHORIZATION_DENIED]: { value: 'OP0051', text: 'partner authorization denied', httpStatus: 401 },
  [ErrorCode.SSO_TOKEN_INFO_NOT_EXISTS]: { value: '030091', text: 'tokenInfo not exists', httpStatus: 401 },
  [ErrorCode.SSO_REFRESH_TOKEN_EXPIRED]: { value: '030051', text: 'refreshtoken expired', httpStatus: 401 },
  [ErrorCode.SSO_SIGNATURE_HEADER_MISSING]: { value: 'OP0041', text: 'signature header missing', httpStatus: 401 },
  [ErrorCode.SSO_SIGNATURE_CLIENT_UNKNOWN]: { value: '030010', text: 'application key does not exist', httpStatus: 401 },
  [ErrorCode.SSO_SIGNATURE_TIME_SKEW]: { value: 'OP0042', text: 'x-client-time differs from server time by more than 15 seconds', httpStatus: 401 },
  [ErrorCode.SSO_SIGNATURE_MISMATCH]: { value: 'OP0043', text: 'signature does not match', httpStatus: 401 },
  [ErrorCode.SSO_SIGNATURE_REPLAYED]: { value: 'OP0044', text: 'signature already used', httpStatus: 401 },
  [ErrorCode.SSO_VERSION_UNSUPPORTED]: { value: 'OP0045', text: 'unsupported x-version, expected 1.0', httpStatus: 401 },
  [ErrorCode.SSO_PARAMETER_INVALID]: { value: 'OP0046', text: 'invalid request parameters', httpStatus: 401 },
  [ErrorCode.SSO_MERCHANT_DISABLED]: { value: 'OP0047', text: 'merchant is disabled', httpStatus: 401 },
  [ErrorCode.SSO_MERCHANT_UNAVAILABLE]: { value: 'OP0052', text: 'merchant endpoint unavailable', httpStatus: 401 },
  [ErrorCode.SSO_USER_STILL_EXISTS]: { value: 'OP0053', text: 'merchant still returns the user, delete refused', httpStatus: 401 },
  [ErrorCode.SSO_USER_NOT_FOUND]: { value: 'OP0054', text: 'user profile not exists', httpStatus: 401 },
  [ErrorCode.SSO_REFRESH_TOKEN_REUSED]: { value: 'OP0055', text: 'refresh token already used, sign in again', httpStatus: 401 },
  [ErrorCode.DEVICE_FORCE_SIGN_MISMATCH]: { value: 'DV0043', text: 'sign does not match', httpStatus: 401 },
  [ErrorCode.DEVICE_FORCE_OEM_UNKNOWN]: { value: 'DV0040', text: 'oemCode is not a registered manufacturer', httpStatus: 401 },
  [ErrorCode.DEVICE_FORCE_TIMESTAMP_OUT_OF_WINDOW]: { value: 'DV0042', text: 'timeStamp is too far from server time', httpStatus: 401 },
  [ErrorCode.DEVICE_FORCE_SIGN_REPLAYED]: { value: 'DV0044', text: 'sign already used', httpStatus: 401 },
  [ErrorCode.ADMIN_UNAUTHORIZED]: { value: 'AD0401', text: 'missing or wrong admin token', httpStatus: 401 },
  [ErrorCode.ADMIN_FORBIDDEN]: { value: 'AD0403', text: 'this admin token may only read', httpStatus: 403 },
  [ErrorCode.ADMIN_VALIDATION_FAILED]: { value: 'AD0400', text: 'invalid request body', httpStatus: 400 },
  [ErrorCode.ADMIN_NOT_FOUND]: { value: 'AD0404', text: 'not found', httpStatus: 404 },
  [ErrorCode.ADMIN_CONFLICT]: { value: 'AD0409', text: 'conflict', httpStatus: 409 },
  [ErrorCode.ADMIN_RATE_LIMITED]: { value: 'AD0429', text: 'too many admin requests, retry after the seconds in Retry-After', httpStatus: 429 },
  [ErrorCode.RATE_LIMITED]: { value: 'RL0429', text: 'too many requests, retry after the seconds in Retry-After', httpStatus: 429 },
  [ErrorCode.CAMERA_PARAMETER_INVALID]: { value: 'CR0400', text: 'invalid camera request parameter', httpStatus: 400 },
  [ErrorCode.CAMERA_CREDENTIALS_REFUSED]: { value: 'CR0401', text: 'camera credentials refused: unknown, revoked or forged stream; ask the app for new values', httpStatus: 401 },
  [ErrorCode.CAMERA_CLOCK_SKEW]: { value: 'CR0402', text: 'timestamp too far from server time (serverTime in the answer)', httpStatus: 401 },
  [ErrorCode.CAMERA_NO_ACTIVE_PLAN]: { value: 'CR0403', text: 'no active cloud-recording plan for this device', httpStatus: 403 },
  [ErrorCode.CAMERA_SEGMENT_CONFLICT]: { value: 'CR0409', text: 'segment out of order or conflicting with a stored one', httpStatus: 409 },
  [ErrorCode.CAMERA_SEGMENT_TOO_LARGE]: { value: 'CR0413', text: 'segment larger than the limit', httpStatus: 413 },
  [ErrorCode.CAMERA_SEGMENT_NOT_MPEG_TS]: { value: 'CR0415', text: 'segment is not an MPEG transport stream', httpStatus: 415 },
  [ErrorCode.CAMERA_QUOTA_EXCEEDED]: { value: 'CR0429', text: 'device quota reached, retry after the seconds in Retry-After', httpStatus: 429 },
  [ErrorCode.CAMERA_PICTURE_NOT_JPEG]: { value: 'CR0416', text: 'alarm picture is not a JPEG image', httpStatus: 415 },
  [ErrorCode.PUSH_PROVIDER_NOT_CONFIGURED]: { value: 'PS0412', text: 'the merchant has not set up this push provider', httpStatus: 409 },
  [ErrorCode.PUSH_ENDPOINT_LIMIT]: { value: 'PS0409', text: 'the user has as many push endpoints as allowed: remove one first', httpStatus: 409 },
};

const byName = new Set<string>(Object.values(ErrorCode));

export function isErrorCode(name: unknown): name is ErrorCode {
  return typeof name === 'string' && byName.has(name);
}

export function errorDefinition(code: ErrorCode): ErrorDefinition {
  return ERROR_CATALOG[code];
}
