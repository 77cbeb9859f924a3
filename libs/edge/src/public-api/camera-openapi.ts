/**
 * The camera upload protocol in the public API document (decisions CU1–CU7), so a camera maker can implement
 * it from the document alone: the two requests, how to sign them, every answer and what a camera does with it.
 * Parameters and answers come from the contracts storage-service validates with (libs/contracts storage.ts)
 * and the signature from libs/signing camera-upload.ts.
 */
import { CAMERA_CLOCK_SKEW_SECONDS, CAMERA_OPERATIONS, CAMERA_SIGNATURE_LABEL } from '@dcp/signing';
import { ERROR_CATALOG, ErrorCode, STORAGE_LIMITS, cameraSegmentStoredSchema, cameraUploadTargetSchema } from '@dcp/contracts';
import { EXAMPLE_SECONDS, exampleOf } from './openapi-examples';
import { jsonSchema } from './public-openapi';

type Json = Record<string, unknown>;

export const CAMERA_TAG = { name: 'Camera uploads', description: 'A camera records to the cloud with the five values its app gave it (userTag, streamId, API host and port, its MAC).' };

/** What a camera does with each refusal (the protocol's contract with camera firmware). */
const CAMERA_CODES: readonly [ErrorCode, string][] = [
  [ErrorCode.CAMERA_PARAMETER_INVALID, 'fix the named parameter; do not retry as is'],
  [ErrorCode.CAMERA_CREDENTIALS_REFUSED, 'stop uploading: the stream is unknown, revoked (device unbound, user deleted, another owner) or the signature is wrong; wait for the app to configure new values'],
  [ErrorCode.CAMERA_CLOCK_SKEW, 'set the clock offset from `serverTime` in the answer and sign again at once'],
  [ErrorCode.CAMERA_NO_ACTIVE_PLAN, 'pause: no cloud-recording plan in service; ask upload-target again every few minutes'],
  [ErrorCode.CAMERA_SEGMENT_CONFLICT, 'drop this segment (out of order beyond the tolerance, or another segment with this start and type is stored) and go on'],
  [ErrorCode.CAMERA_SEGMENT_TOO_LARGE, `drop it: at most ${STORAGE_LIMITS.maxSegmentBytes} bytes`],
  [ErrorCode.CAMERA_SEGMENT_NOT_MPEG_TS, 'drop it: the body must be MPEG-TS (188-byte packets starting with 0x47), Content-Type video/mp2t'],
  [ErrorCode.CAMERA_QUOTA_EXCEEDED, 'wait the seconds in `Retry-After`, then send the same segment again'],
];

const SIGNING = `**Signing.** Every request carries \`mac\`, \`userTag\`, \`timestamp\` (epoch seconds, within ${CAMERA_CLOCK_SKEW_SECONDS} s of server time) and \`signature\` = lower-case hex HMAC-SHA256, keyed with the UTF-8 bytes of the \`streamId\`, of ten lines joined by \`\\n\` (no trailing newline):

\`\`\`
${CAMERA_SIGNATURE_LABEL}
<method: GET or POST>
<path: ${CAMERA_OPERATIONS.uploadTarget.path} or ${CAMERA_OPERATIONS.segment.path}>
<mac exactly as sent>
<userTag>
<start as sent, or empty>
<duration as sent, or empty>
<type as sent, or empty>
<timestamp as sent>
<lower-case hex SHA-256 of the body (of nothing for upload-target)>
\`\`\`

The \`streamId\` itself is never sent: a captured request cannot be changed (MAC, time, type or bytes) and expires with its timestamp; sent again unchanged it is stored once.

**Answers.** Success: \`{"errorCode":"000000","data":{…}}\`. Refusal: the HTTP status below with \`{"errorCode","failureDetails","serverTime"}\`; HTTP 503 with \`000099\` is temporary: retry with exponential backoff and jitter.

| errorCode | HTTP | meaning | the camera |
|---|---|---|---|
${CAMERA_CODES.map(([code, todo]) => `| \`${ERROR_CATALOG[code].value}\` | ${ERROR_CATALOG[code].httpStatus} | ${ERROR_CATALOG[code].text} | ${todo} |`).join('\n')}`;

const signedParameters: Json[] = [
  { name: 'mac', in: 'query', required: true, description: 'The camera\'s MAC in any spelling (06626E63FBA5, 06:62:6e:63:fb:a5, 06-62-6E-63-FB-A5), signed exactly as sent.', schema: { type: 'string', maxLength: 20 } },
  { name: 'userTag', in: 'query', required: true, description: 'The authorization record\'s userTag.', schema: { type: 'string', maxLength: 32, pattern: '^[A-Za-z0-9]+$' } },
  { name: 'timestamp', in: 'query', required: true, description: `Epoch seconds, within ${CAMERA_CLOCK_SKEW_SECONDS} s of server time.`, schema: { type: 'string', pattern: '^\\d{1,11}$' } },
  { name: 'signature', in: 'query', required: true, description: 'HMAC-SHA256 (see Signing), 64 hex digits.', schema: { type: 'string', pattern: '^[0-9a-fA-F]{64}$' } },
];

const refusal = (codes: readonly ErrorCode[]): Json => ({
  description: codes.map((c) => `\`${ERROR_CATALOG[c].value}\``).join(', '),
  content: {
    'application/json': {
      schema: { type: 'object', required: ['errorCode', 'failureDetails', 'serverTime'], properties: { errorCode: { type: 'string', enum: codes.map((c) => ERROR_CATALOG[c].value) }, failureDetails: { type: 'string' }, serverTime: { type: 'integer', description: 'epoch seconds' } } },
      example: { errorCode: ERROR_CATALOG[codes[0]].value, failureDetails: ERROR_CATALOG[codes[0]].text, serverTime: EXAMPLE_SECONDS },
    },
  },
});
const success = (schema: Json, description: string): Json => ({
  description,
  content: { 'application/json': { schema: { type: 'object', required: ['errorCode', 'data'], properties: { errorCode: { type: 'string', const: '000000' }, data: schema } }, example: { errorCode: '000000', data: exampleOf(schema) } } },
});

export function cameraPaths(): Record<string, Json> {
  const target = jsonSchema(cameraUploadTargetSchema);
  const stored = jsonSchema(cameraSegmentStoredSchema);
  return {
    [CAMERA_OPERATIONS.uploadTarget.path]: {
      get: {
        tags: [CAMERA_TAG.name],
        operationId: 'cameraUploadTarget',
        summary: 'A camera asks the API host where to upload and within which limits',
        description: `On the API host and port the app gave the camera. Checks the values like an upload (so a camera with wrong values knows before it records) and answers the upload URL on the store host, the limits, the server time and the plan.\n\n${SIGNING}`,
        parameters: signedParameters,
        responses: {
          '200': success(target, 'Where and how to upload.'),
          '400': refusal([ErrorCode.CAMERA_PARAMETER_INVALID]),
          '401': refusal([ErrorCode.CAMERA_CREDENTIALS_REFUSED, ErrorCode.CAMERA_CLOCK_SKEW]),
          '403': refusal([ErrorCode.CAMERA_NO_ACTIVE_PLAN]),
        },
      },
    },
    [CAMERA_OPERATIONS.segment.path]: {
      post: {
        tags: [CAMERA_TAG.name],
        operationId: 'cameraUploadSegment',
        summary: 'A camera uploads one recorded MPEG-TS segment (on the store host: the upload-target\'s uploadUrl)',
        description: `One segment of H.264 or H.265 video with optional AAC audio, as the raw body. Idempotent: the same start, type, duration and bytes again answer the stored segment (HTTP 200, \`duplicate: true\`). A segment may start at most \`outOfOrderToleranceSeconds\` before the newest stored one. Quotas per device: \`quotaBytesPerDay\` (UTC day) and \`quotaSegmentsPerMinute\`.\n\n${SIGNING}`,
        parameters: [
          ...signedParameters.slice(0, 2),
          { name: 'start', in: 'query', required: true, description: 'Epoch seconds of the segment\'s first frame (2000-01-01 … server time + the clock skew).', schema: { type: 'string', pattern: '^\\d{1,11}$' } },
          { name: 'duration', in: 'query', required: true, description: `Seconds, more than 0 and at most ${STORAGE_LIMITS.maxSegmentSeconds}, at most 3 decimals (4 or 4.000).`, schema: { type: 'string', pattern: '^\\d{1,4}(\\.\\d{1,3})?$' } },
          { name: 'type', in: 'query', required: true, description: 'Recording type: 0 normal, 2 motion, 3 sound; others (0–65535) are kept as sent. record.query lists it as the third entry.', schema: { type: 'string', pattern: '^\\d{1,5}$' } },
          ...signedParameters.slice(2),
        ],
        requestBody: { required: true, content: { 'video/mp2t': { schema: { type: 'string', format: 'binary', maxLength: STORAGE_LIMITS.maxSegmentBytes } } } },
        responses: {
          '201': success(stored, 'Stored.'),
          '200': success(stored, 'Already stored (a retry): nothing new stored.'),
          '400': refusal([ErrorCode.CAMERA_PARAMETER_INVALID]),
          '401': refusal([ErrorCode.CAMERA_CREDENTIALS_REFUSED, ErrorCode.CAMERA_CLOCK_SKEW]),
          '403': refusal([ErrorCode.CAMERA_NO_ACTIVE_PLAN]),
          '409': refusal([ErrorCode.CAMERA_SEGMENT_CONFLICT]),
          '413': refusal([ErrorCode.CAMERA_SEGMENT_TOO_LARGE]),
          '415': refusal([ErrorCode.CAMERA_SEGMENT_NOT_MPEG_TS]),
          '429': { ...refusal([ErrorCode.CAMERA_QUOTA_EXCEEDED]), headers: { 'Retry-After': { description: 'seconds until the quota allows this device again', schema: { type: 'integer' } } } },
        },
      },
    },
  };
}
