/**
 * Example values for the public API document: every answer and every parameter schema gets one, built from
 * the schema itself (its const, enum, format and bounds) with the platform's own formats for the fields
 * whose name says what they are (a MAC as 12 hex digits, times as epoch seconds or milliseconds, ids as
 * the platform issues them). Deterministic, so the document is the same at every build.
 */
type Json = Record<string, unknown>;

/** Epoch seconds and milliseconds of one moment (2026-11-23 10:01:00 UTC), so the examples agree. */
export const EXAMPLE_SECONDS = 1_795_903_260;
export const EXAMPLE_MILLIS = EXAMPLE_SECONDS * 1000;

/** Values by field name, in the formats the platform answers and accepts. */
const BY_NAME: Record<string, unknown> = {
  clientId: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
  openId: '6f1c2b3a4d5e6f708192a3b4c5d6e7f8',
  accessToken: 'at_4f9c2e7a1b3d5f6e8a0c2e4f6a8b0c2d',
  refreshToken: 'rt_9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b',
  token: 'merchant-token-3f2a9c',
  uuid: 'user-1042',
  macAddr: '0A1B2C3D4E5F',
  ipcMac: '0A1B2C3D4E5F',
  mac: '0A1B2C3D4E5F',
  devId: '0A1B2C3D4E5F',
  deviceName: 'Porch camera',
  username: 'admin',
  password: 'camera-password',
  productName: 'DocsCam Pro',
  oemCode: 'ACME',
  machineTypeName: 'DocsCam',
  messageIds: '731,732',
  messageId: '731',
  grantId: '184467',
  permissionCode: 'cloud-30',
  permissionName: 'Cloud recording, 30 days',
  name: 'Cloud recording, 30 days',
  description: 'Seven days of continuous recording',
  title: 'Motion detected',
  body: 'Porch camera detected motion',
  subtoken: 'st_5b6c7d8e9f0a1b2c',
  tag: 'pt_0f1e2d3c4b5a6978',
  userTag: 'u7Kp2Qx9',
  streamId: 'stream-5c1d',
  sessionToken: 'e10adc3949ba59abbe56e057f20f883e',
  md5: 'c4ca4238a0b923820dcc509a6f75849b',
  sign: 'e10adc3949ba59abbe56e057f20f883e',
  provider: 'webhook',
  version: '',
  deliveryId: 'd-7f3a2c91',
  failureDetails: '',
  expiresIn: 7200,
  area: 'eu-west',
  storeTag: 'sto_2c4e6a8b0d1f3a5c',
  alexaTag: 'alx_7d9f1b3c5e7a9c1e',
  rekognitionTag: 'rek_4a6c8e0b2d4f6a8c',
  desc: '{"en":"Fixes night mode","zh":"修复夜视模式"}',
  version2: '0',
  path: 'firmware/DocsCam/2.0.0.0.bin',
  firmwarePlatform: 'hi3518',
  uploadUtilName: 'admin',
  backupUploadUtilName: 'admin',
  endpointId: '3f1c9a2e-7b4d-4c1e-9f2a-6d8e0b1c2a3f',
  tokenTail: 'ecipient',
  uploadUrl: 'https://store.example.com/camera/v1/segments',
  maxSegmentBytes: 8_388_608,
  maxSegmentSeconds: 10,
  outOfOrderToleranceSeconds: 60,
  quotaBytesPerDay: 2_147_483_648,
  quotaSegmentsPerMinute: 30,
  retentionDays: 7,
  total: 1,
};

const TIME_SECONDS = /^(time|timestamp|timeStamp|recordSt|recordEt|start)$/;
const TIME_MILLIS = /(Time|Date|At)$|^sysDate$/;
const URL_NAME = /(url|Url|Uri|URL|UrlSecure)$/;

/** An example value for a schema; `name` is the property or parameter it belongs to. */
export function exampleOf(schema: Json | undefined, name = ''): unknown {
  if (!schema) return null;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key] as Json[] | undefined;
    if (options?.length) return exampleOf(options.find((o) => o.type !== 'null') ?? options[0], name);
  }
  switch (schema.type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Json>;
      return Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, exampleOf(s, key)]));
    }
    case 'array': {
      if (Array.isArray(schema.prefixItems)) return (schema.prefixItems as Json[]).map((s, i) => exampleOf(s, `${name}[${i}]`));
      return [exampleOf(schema.items as Json | undefined, name.replace(/s$/, ''))];
    }
    case 'integer':
    case 'number':
      return numberExample(schema, name);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return stringExample(schema, name);
  }
}

function numberExample(schema: Json, name: string): number {
  const said = typeof schema.description === 'string' ? schema.description : '';
  if (/epoch seconds|unix time in seconds/i.test(said)) return EXAMPLE_SECONDS;
  if (/milliseconds/i.test(said)) return EXAMPLE_MILLIS;
  if (TIME_SECONDS.test(name)) return EXAMPLE_SECONDS;
  if (TIME_MILLIS.test(name)) return EXAMPLE_MILLIS;
  if (typeof BY_NAME[name] === 'number') return BY_NAME[name] as number;
  if (typeof schema.minimum === 'number' && schema.minimum > 0) return schema.minimum;
  if (typeof schema.exclusiveMinimum === 'number') return schema.exclusiveMinimum + 1;
  return typeof schema.maximum === 'number' && schema.maximum < 1 ? schema.maximum : 1;
}

function stringExample(schema: Json, name: string): string {
  const value = rawString(schema, name);
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  return max !== undefined && value.length > max ? value.slice(0, max) : value;
}

function rawString(schema: Json, name: string): string {
  switch (schema.format) {
    case 'mac':
      return '0A1B2C3D4E5F';
    case 'unix-time':
      return String(EXAMPLE_SECONDS);
    case 'record-time':
      return String(EXAMPLE_SECONDS);
    case 'date-time':
      return '2026-11-23T10:01:00.000Z';
    case 'uri':
    case 'url':
      return 'https://api.example.com/files/0A1B2C3D4E5F.jpg';
    default:
  }
  if (typeof BY_NAME[name] === 'string') return BY_NAME[name] as string;
  if (TIME_SECONDS.test(name)) return String(EXAMPLE_SECONDS);
  if (TIME_MILLIS.test(name)) return String(EXAMPLE_MILLIS);
  if (URL_NAME.test(name)) return `https://api.example.com/${name}`;
  if (typeof schema.pattern === 'string') {
    if (schema.pattern === '^\\d{8}T\\d{2}0000$') return '20261123T100000';
    if (schema.pattern.includes('{64}')) return '3b2f6c0d9e8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c';
    if (schema.pattern.includes('A-Za-z0-9')) return 'u7Kp2Qx9';
    if (/\\d/.test(schema.pattern)) return '1';
  }
  const min = typeof schema.minLength === 'number' ? schema.minLength : 1;
  return name ? name.padEnd(min, 'x') : 'x'.repeat(min);
}
