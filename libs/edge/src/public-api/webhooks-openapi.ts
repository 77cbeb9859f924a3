/**
 * The merchant's own endpoints the platform calls, as OpenAPI 3.1 `webhooks`: is_valid_token and
 * get_user_profile (spec 4.3; libs/sso merchant-client.ts) and the push server's webhook (libs/push, the
 * webhook provider). Every call is signed with the spec 5.1 headers under the merchant's current secret,
 * so the merchant verifies the platform exactly as the platform verifies the merchant's SSO calls.
 */
import { ALARM_TYPES, SSO_PARAMETER_LIMITS } from '@dcp/contracts';
import { MAX_CLOCK_SKEW_SECONDS, SIGNATURE_VERSION } from '@dcp/signing';
import { EXAMPLE_MILLIS, EXAMPLE_SECONDS } from './openapi-examples';

type Json = Record<string, unknown>;

export const MERCHANT_ENDPOINTS_TAG = {
  name: 'Merchant endpoints',
  description: 'Endpoints the merchant runs and the platform calls, signed with the same four headers as the merchant\'s own SSO calls: verify them with the merchant\'s clientSecret.',
};

/** The four headers the platform signs its calls with; the recipe is the one of the SSO operations. */
function signedHeaders(method: 'GET' | 'POST'): Json[] {
  const parameters = method === 'GET' ? 'the query parameters' : 'the form fields and any query parameters of the configured URL';
  return [
    { name: 'x-client-time', in: 'header', required: true, description: `Unix time in seconds when the platform signed the call. Refuse a call more than ${MAX_CLOCK_SKEW_SECONDS} s from your clock.`, schema: { type: 'string', pattern: '^\\d+$' }, example: String(EXAMPLE_SECONDS) },
    { name: 'x-version', in: 'header', required: true, description: 'Signature version.', schema: { type: 'string', const: SIGNATURE_VERSION }, example: SIGNATURE_VERSION },
    { name: 'x-client-Id', in: 'header', required: true, description: 'The merchant\'s clientId.', schema: { type: 'string', maxLength: 40 }, example: 'a1b2c3d4e5f60718293a4b5c6d7e8f90' },
    {
      name: 'sign',
      in: 'header',
      required: true,
      description: `Lower-case hex HMAC-SHA256 under the key clientSecret + x-client-time of \`${method}\\n<the URL's path>\\n<${parameters}, sorted by name, name=value joined by &, not URL-encoded>\\n<x-client-time>\`. Compute it from what you received and compare.`,
      schema: { type: 'string', pattern: '^[0-9a-f]{64}$' },
      example: '3b2f6c0d9e8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c',
    },
  ];
}

const USER = {
  type: 'object',
  required: ['uuid'],
  description: 'The merchant\'s user. Strings; absent or null fields are stored as empty. A value too long or holding a control character makes the whole answer invalid (the platform then answers the app OP0052 naming the field and stores nothing). Other fields are ignored.',
  properties: {
    uuid: { type: 'string', minLength: 1, maxLength: SSO_PARAMETER_LIMITS.maxUuidLength, description: 'The merchant\'s id of the user; never changes.' },
    username: { type: 'string', maxLength: 320 },
    name: { type: 'string', maxLength: 200 },
    nickname: { type: 'string', maxLength: 200 },
    phone: { type: 'string', maxLength: 64 },
    country: { type: 'string', maxLength: 64 },
  },
};
const USER_EXAMPLE = { uuid: 'user-1042', username: 'ana@example.com', name: 'Ana Silva', nickname: 'ana', phone: '+351912345678', country: 'PT' };

function userAnswer(operation: string): Json {
  return {
    200: {
      description: `The user: HTTP 200, \`errorCode\` empty. A non-empty \`errorCode\` counts as a refusal.`,
      content: {
        'application/json': {
          schema: { type: 'object', required: ['errorCode', 'user'], properties: { errorCode: { type: 'string', const: '' }, failureDetails: { type: 'string' }, user: USER } },
          example: { errorCode: '', failureDetails: '', user: USER_EXAMPLE },
        },
      },
    },
    401: {
      description: `Refused: ${operation === 'is_valid_token' ? 'the token is unknown or expired' : 'no such user (the answer a DELETE callback expects)'}. Any other answer, or none within the timeout, is "merchant unavailable" (OP0052 to the app).`,
      content: {
        'application/json': {
          schema: { type: 'object', required: ['errorCode'], properties: { errorCode: { type: 'string', minLength: 1, description: 'Your own code.' }, failureDetails: { type: 'string' } } },
          example: { errorCode: operation === 'is_valid_token' ? 'TOKEN_INVALID' : 'USER_NOT_EXISTS', failureDetails: operation === 'is_valid_token' ? 'token expired' : 'no user user-1042' },
        },
      },
    },
  };
}

function userEndpoint(operation: 'is_valid_token' | 'get_user_profile'): Json {
  const isToken = operation === 'is_valid_token';
  const param = isToken ? 'token' : 'uuid';
  return {
    get: {
      tags: [MERCHANT_ENDPOINTS_TAG.name],
      operationId: isToken ? 'merchantIsValidToken' : 'merchantGetUserProfile',
      summary: isToken ? 'The platform asks the merchant whose token this is (at sign-in)' : 'The platform asks the merchant for a user\'s current profile (at a user callback)',
      description: isToken
        ? 'Called by POST /sso/authorize_by_token with the token the merchant\'s app sent, at the merchant\'s token validation URL (set by the platform\'s operators). Answer the user the token belongs to.'
        : 'Called by POST /sso/user_callback before acting, at the merchant\'s user profile URL: UPDATE stores the profile answered; DELETE needs this to refuse (the user must be gone at the merchant first).',
      security: [{ platformClientId: [], platformSignature: [] }],
      parameters: [
        {
          name: param,
          in: 'query',
          required: true,
          description: isToken ? 'The token the merchant\'s app sent to /sso/authorize_by_token.' : 'The merchant\'s user id.',
          schema: { type: 'string', minLength: 1, maxLength: isToken ? SSO_PARAMETER_LIMITS.maxMerchantTokenLength : SSO_PARAMETER_LIMITS.maxUuidLength },
          example: isToken ? 'merchant-token-3f2a9c' : 'user-1042',
        },
        ...signedHeaders('GET'),
      ],
      responses: userAnswer(operation),
    },
  };
}

const PUSH_FIELDS: Record<string, Json> = {
  deliveryId: { type: 'string', description: 'The same on every attempt of one delivery: your idempotency key.', example: 'd-7f3a2c91' },
  uuid: { type: 'string', description: 'Your user id of the recipient.', example: 'user-1042' },
  token: { type: 'string', description: 'The recipient token the app registered with push_endpoint.register.', example: 'docs-recipient' },
  title: { type: 'string', description: 'Title to show.', example: 'Motion detected' },
  body: { type: 'string', description: 'Text to show.', example: 'Porch camera detected motion' },
  expiresAt: { type: 'string', pattern: '^\\d+$', description: 'Epoch milliseconds after which the notification is worthless.', example: String(EXAMPLE_MILLIS + 3_600_000) },
  messageId: { type: 'string', pattern: '^\\d+$', description: 'The message (push_message.list).', example: '731' },
  devId: { type: 'string', description: 'The device\'s MAC, 12 upper-case hex digits.', example: '0A1B2C3D4E5F' },
  type: { type: 'string', pattern: '^\\d+$', description: `Alarm type: ${Object.entries(ALARM_TYPES).map(([name, value]) => `${value} ${name}`).join(', ')}; others as the camera sent them.`, example: '1' },
  time: { type: 'string', pattern: '^\\d+$', description: 'Epoch seconds of the alarm, the camera\'s clock.', example: String(EXAMPLE_SECONDS) },
  count: { type: 'string', pattern: '^\\d+$', description: 'Alarms merged into the message.', example: '1' },
  recordSt: { type: 'string', pattern: '^\\d+$', description: 'Epoch seconds to play the recording from (record.play).', example: String(EXAMPLE_SECONDS - 5) },
  pictureUrl: { type: 'string', format: 'uri', description: 'The alarm\'s picture, when there is one.', example: 'https://api.example.com/push/v1/pictures/731.jpg' },
};

function pushWebhook(): Json {
  const required = Object.keys(PUSH_FIELDS).filter((k) => k !== 'pictureUrl');
  const example = Object.fromEntries(Object.entries(PUSH_FIELDS).map(([k, s]) => [k, s.example]));
  return {
    post: {
      tags: [MERCHANT_ENDPOINTS_TAG.name],
      operationId: 'merchantPushWebhook',
      summary: 'The platform hands an alarm notification to the merchant\'s push server',
      description:
        'Called for every delivery to a recipient registered with provider `webhook`, at the push server URL the platform\'s operators set for the merchant. A form body, signed like the SSO calls (method POST, the URL\'s path, the form fields and any query parameters of the URL). Deliveries are retried, so the same `deliveryId` may arrive more than once: deliver it once.',
      security: [{ platformClientId: [], platformSignature: [] }],
      parameters: signedHeaders('POST'),
      requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', required, properties: PUSH_FIELDS }, example } } },
      responses: {
        200: { description: 'Taken (any 2xx): the delivery is done.' },
        404: { description: 'The recipient is unknown (404 or 410): the platform removes the endpoint and stops sending to it.' },
        429: { description: 'Busy (408, 429 or any 5xx): the platform retries later with backoff.' },
        400: { description: 'Refused for good (any other 4xx): not retried.' },
      },
    },
  };
}

export function merchantWebhooks(): Record<string, Json> {
  return { is_valid_token: userEndpoint('is_valid_token'), get_user_profile: userEndpoint('get_user_profile'), push: pushWebhook() };
}

/** The security schemes of the platform's signed calls to the merchant. */
export const PLATFORM_SECURITY_SCHEMES: Record<string, Json> = {
  platformClientId: { type: 'apiKey', in: 'header', name: 'x-client-Id', description: 'The merchant\'s clientId, in the platform\'s calls to the merchant.' },
  platformSignature: { type: 'apiKey', in: 'header', name: 'sign', description: 'The platform\'s signature of its call (with x-client-time and x-version), under the merchant\'s clientSecret.' },
};
