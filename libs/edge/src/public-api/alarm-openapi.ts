/**
 * The alarm protocol in the public API document (decisions PS1–PS4), so a camera maker can implement it from
 * the document alone: the request, how to sign it, every answer and what a camera does with it. The answer's
 * shape comes from the contract push-service answers with (libs/contracts push.ts), the signature from
 * libs/signing camera-alarm.ts. The message center itself is the `push_message.*` gateway operations.
 */
import { ALARM_PATH, ALARM_SIGNATURE_LABEL, CAMERA_CLOCK_SKEW_SECONDS } from '@dcp/signing';
import { ALARM_TYPES, ERROR_CATALOG, ErrorCode, PUSH_LIMITS, cameraAlarmStoredSchema } from '@dcp/contracts';
import { EXAMPLE_SECONDS, exampleOf } from './openapi-examples';
import { jsonSchema } from './public-openapi';

type Json = Record<string, unknown>;

export const ALARM_TAG = { name: 'Camera alarms', description: 'A camera posts alarms, with a picture, to the sendMsgUrl its app gave it, signed with the push tag (center.getServerInfo); the app reads them with push_message.*.' };

/** What a camera does with each refusal. */
const ALARM_CODES: readonly [ErrorCode, string][] = [
  [ErrorCode.CAMERA_PARAMETER_INVALID, 'fix the named parameter; do not retry as is'],
  [ErrorCode.CAMERA_CREDENTIALS_REFUSED, 'stop: the device is not bound to the user whose tag signed (unbound, another owner, user deleted) or the signature is wrong; wait for the app to configure a new tag'],
  [ErrorCode.CAMERA_CLOCK_SKEW, 'set the clock offset from `serverTime` in the answer and sign again at once'],
  [ErrorCode.CAMERA_SEGMENT_TOO_LARGE, `send a smaller picture: at most ${PUSH_LIMITS.maxPictureBytes} bytes`],
  [ErrorCode.CAMERA_PICTURE_NOT_JPEG, 'send the picture as JPEG (Content-Type image/jpeg), or no body'],
  [ErrorCode.CAMERA_QUOTA_EXCEEDED, 'too many alarms this minute: wait the seconds in `Retry-After`; drop or coalesce alarms meanwhile'],
];

const types = Object.entries(ALARM_TYPES)
  .map(([name, value]) => `${value} ${name}`)
  .join(', ');

const DESCRIPTION = `One alarm of the camera, with an optional JPEG picture as the raw body. Alarms of one device and type within the cooldown (60 s by default) are merged into one message with a count (HTTP 200, \`merged: true\`); each device and each user may post a bounded number of alarms a minute.

**Signing.** \`signature\` = lower-case hex HMAC-SHA256, keyed with the UTF-8 bytes of the user's push \`tag\` (center.getServerInfo), of eight lines joined by \`\\n\` (no trailing newline):

\`\`\`
${ALARM_SIGNATURE_LABEL}
POST
${ALARM_PATH}
<mac exactly as sent>
<type as sent>
<time as sent>
<timestamp as sent>
<lower-case hex SHA-256 of the body (of nothing without a picture)>
\`\`\`

The tag is never sent. It is checked against the tag of the device's current owner: a device unbound or bound to someone else, or a deleted user, is refused at once.

**Answers.** Success: \`{"errorCode":"000000","data":{…}}\`. Refusal: the HTTP status below with \`{"errorCode","failureDetails","serverTime"}\`; HTTP 503 with \`000099\` is temporary: retry with exponential backoff and jitter.

| errorCode | HTTP | meaning | the camera |
|---|---|---|---|
${ALARM_CODES.map(([code, todo]) => `| \`${ERROR_CATALOG[code].value}\` | ${ERROR_CATALOG[code].httpStatus} | ${ERROR_CATALOG[code].text} | ${todo} |`).join('\n')}`;

const refusal = (codes: readonly ErrorCode[]): Json => ({
  description: codes.map((c) => `\`${ERROR_CATALOG[c].value}\``).join(', '),
  content: {
    'application/json': {
      schema: { type: 'object', required: ['errorCode', 'failureDetails', 'serverTime'], properties: { errorCode: { type: 'string', enum: codes.map((c) => ERROR_CATALOG[c].value) }, failureDetails: { type: 'string' }, serverTime: { type: 'integer', description: 'epoch seconds' } } },
      example: { errorCode: ERROR_CATALOG[codes[0]].value, failureDetails: ERROR_CATALOG[codes[0]].text, serverTime: EXAMPLE_SECONDS },
    },
  },
});

export function alarmPaths(): Record<string, Json> {
  const stored = jsonSchema(cameraAlarmStoredSchema);
  const success = (description: string): Json => ({
    description,
    content: { 'application/json': { schema: { type: 'object', required: ['errorCode', 'data'], properties: { errorCode: { type: 'string', const: '000000' }, data: stored } }, example: { errorCode: '000000', data: { ...(exampleOf(stored) as Json), merged: description.startsWith('Merged') } } } },
  });
  return {
    [ALARM_PATH]: {
      post: {
        tags: [ALARM_TAG.name],
        operationId: 'cameraPostAlarm',
        summary: 'A camera posts an alarm (at the sendMsgUrl of center.getServerInfo)',
        description: DESCRIPTION,
        parameters: [
          { name: 'mac', in: 'query', required: true, description: 'The camera\'s MAC in any spelling, signed exactly as sent.', schema: { type: 'string', maxLength: 20 } },
          { name: 'type', in: 'query', required: true, description: `Alarm type: ${types}; others (0–${PUSH_LIMITS.maxAlarmType}) are kept as sent.`, schema: { type: 'string', pattern: '^\\d{1,5}$' } },
          { name: 'time', in: 'query', required: true, description: `The camera's epoch seconds of the alarm: not after server time + ${CAMERA_CLOCK_SKEW_SECONDS} s, at most ${PUSH_LIMITS.maxAlarmAgeSeconds} s before it.`, schema: { type: 'string', pattern: '^\\d{1,11}$' } },
          { name: 'timestamp', in: 'query', required: true, description: `Epoch seconds of the request, within ${CAMERA_CLOCK_SKEW_SECONDS} s of server time.`, schema: { type: 'string', pattern: '^\\d{1,11}$' } },
          { name: 'signature', in: 'query', required: true, description: 'HMAC-SHA256 (see Signing), 64 hex digits.', schema: { type: 'string', pattern: '^[0-9a-fA-F]{64}$' } },
        ],
        requestBody: { required: false, content: { 'image/jpeg': { schema: { type: 'string', format: 'binary', maxLength: PUSH_LIMITS.maxPictureBytes } } } },
        responses: {
          '201': success('A new message.'),
          '200': success('Merged into the device\'s latest message of this type (storm control).'),
          '400': refusal([ErrorCode.CAMERA_PARAMETER_INVALID]),
          '401': refusal([ErrorCode.CAMERA_CREDENTIALS_REFUSED, ErrorCode.CAMERA_CLOCK_SKEW]),
          '413': refusal([ErrorCode.CAMERA_SEGMENT_TOO_LARGE]),
          '415': refusal([ErrorCode.CAMERA_PICTURE_NOT_JPEG]),
          '429': { ...refusal([ErrorCode.CAMERA_QUOTA_EXCEEDED]), headers: { 'Retry-After': { description: 'seconds until the next minute', schema: { type: 'integer' } } } },
        },
      },
    },
  };
}
