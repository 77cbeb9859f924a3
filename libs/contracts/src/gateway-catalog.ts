/**
 * The gateway operation catalogue: every `service=` operation of `/gateway` and `/stream` with its HTTP
 * method, authentication, owning service, typed parameters (gateway-params.ts) and the business error codes
 * it answers. It is the one source of the public contract: the edge validates from it, each owning service
 * registers one handler per entry against the entry itself (the compiler refuses a missing or misspelled
 * one) and receives the parsed, typed parameters, and the public API document (`/openapi.json`) is
 * generated from it. README: "How to add a service operation".
 */
import { z } from 'zod';
import { ErrorCode } from './error-codes';
import { FIRMWARE_LIMITS } from './firmware';
import { PUSH_LIMITS } from './push';
import { RESPONSE_FIELDS, alarmMessageSchema, pushEndpointSchema, pushSwitchSchema, authorizationRecordSchema, currentServiceSchema, deviceResponseSchema, firmwareResponseSchema, subServiceInfoSchema } from './gateway-responses';
import { type Param, type ParamIssue, PARAM_PHASES, int, long, mac, macAsSent, recordTime, text, unixTime } from './gateway-params';
import { PlatformError } from './platform-error';
import type { AuthenticatedUser } from './rpc';

export type ServiceName = 'sso' | 'device' | 'permission' | 'storage' | 'firmware' | 'push' | 'edge';

/** How the caller is authenticated before the owning service sees the call. */
export type AuthMode =
  /** clientId + openId + accessToken, verified by sso-service (030010/030030/030031/030040/030041). */
  | 'user'
  /** No user identity: the operation authenticates itself (force unbind's MD5 sign) or is public. */
  | 'none'
  /** Cloud-storage calls: devId + sessionToken, verified by the owning service. */
  | 'session';

export type Surface = 'gateway' | 'stream';

export type ParamShape = Readonly<Record<string, Param<unknown>>>;

export interface GatewayOperation<Owner extends ServiceName = ServiceName, Auth extends AuthMode = AuthMode, Shape extends ParamShape = ParamShape> {
  /** The `service=` value. */
  readonly service: string;
  readonly surface: Surface;
  readonly method: 'GET' | 'POST';
  readonly auth: Auth;
  readonly owner: Owner;
  readonly summary: string;
  readonly params: Shape;
  /** Parses the wire parameters (unknown ones are dropped) into the typed ones. */
  readonly schema: z.ZodType<ParamsOfShape<Shape>, Record<string, string | undefined>>;
  /** The code of a required parameter sent empty: FC_INVALID_PARAMETER, or FC_PARAMETER_EMPTY (firmware.latest, spec 7.2). */
  readonly emptyCode: ErrorCode;
  /** The business codes the operation may answer besides parameter, authentication and system errors. */
  readonly errors: readonly ErrorCode[];
  /**
   * A success envelope's fields besides `errorCode` and `failureDetails`: `data` (absent: the operation
   * answers none) and top-level fields such as `sysDate` (gateway-responses.ts). The public API document
   * states it; end-to-end specs check real answers against it.
   */
  readonly response: z.ZodObject;
  /** Top-level fields a refusal may carry besides `errorCode` and `failureDetails` (center.getServerInfo's server_url with 000077). */
  readonly refusalFields: z.ZodObject;
}

export type ParamsOfShape<Shape extends ParamShape> = { [K in keyof Shape]: Shape[K] extends Param<infer T> ? T : never };
export type OperationParams<Op extends GatewayOperation> = Op extends GatewayOperation<ServiceName, AuthMode, infer Shape> ? ParamsOfShape<Shape> : never;

interface Definition<Owner extends ServiceName, Auth extends AuthMode, Shape extends ParamShape> {
  service: string;
  surface?: Surface;
  method: 'GET' | 'POST';
  auth: Auth;
  owner: Owner;
  summary: string;
  params: Shape;
  emptyCode?: ErrorCode;
  errors?: readonly ErrorCode[];
  response?: z.ZodObject;
  refusalFields?: z.ZodObject;
}

function operation<Owner extends ServiceName, Auth extends AuthMode, Shape extends ParamShape>(def: Definition<Owner, Auth, Shape>): GatewayOperation<Owner, Auth, Shape> {
  const shape = Object.fromEntries(Object.entries(def.params).map(([name, p]) => [name, p.schema]));
  return {
    surface: 'gateway',
    emptyCode: ErrorCode.FC_INVALID_PARAMETER,
    errors: [],
    response: z.object({}),
    refusalFields: z.object({}),
    ...def,
    schema: z.object(shape) as unknown as GatewayOperation<Owner, Auth, Shape>['schema'],
  };
}

/** clientId, openId, accessToken: required on every user-scoped call (spec 4.4). */
export const USER_IDENTITY_PARAMS = {
  clientId: text(40, { description: 'The merchant\'s clientId (application key).' }),
  openId: text(40, { description: 'The user\'s openId, from the SSO login.' }),
  accessToken: text(40, { description: 'The access token from the SSO login or refresh.' }),
};

function userOperation<Owner extends ServiceName, Shape extends ParamShape>(def: Omit<Definition<Owner, 'user', Shape>, 'auth'>) {
  return operation({ ...def, auth: 'user' as const, params: { ...USER_IDENTITY_PARAMS, ...def.params } });
}

function streamOperation<Shape extends ParamShape>(def: Omit<Definition<'storage', 'session', Shape>, 'auth' | 'owner' | 'surface' | 'method'>) {
  return operation({
    ...def,
    surface: 'stream',
    method: 'GET',
    auth: 'session' as const,
    owner: 'storage' as const,
    params: {
      devId: mac('The device\'s MAC (spec 4.5: devId).'),
      sessionToken: text(64, { description: 'MD5 (32 hex digits) of the device owner\'s subtoken followed by timestamp as sent.' }),
      timestamp: unixTime(20, 'Unix time in seconds or milliseconds, later than server time and at most 24 hours ahead.'),
      ...def.params,
    },
    errors: [ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS, ErrorCode.FC_AUTH_ACCESSTOKEN_NOT_MATCH, ...(def.errors ?? [])],
  });
}

const deviceFields = {
  deviceName: text(50, { description: 'Device name set by the user.' }),
  username: text(64, { description: 'Device user name set by the user.' }),
  password: text(160, { description: 'Device password set by the user, encrypted by the app; returned exactly as sent.' }),
  hasusertag: int({ allowed: [0, 2], description: 'Push support: 0 not supported, 2 supported.' }),
  supportStore: int({ allowed: [0, 1], description: 'Cloud storage: 0 not supported, 1 supported.' }),
  supportRichMedia: int({ allowed: [0, 1], description: 'Rich media push: 0 not supported, 1 supported.' }),
  productName: text(50, { description: 'Model name.' }),
};

const optionalDeviceFields = Object.fromEntries(Object.entries(deviceFields).map(([k, p]) => [k, p.optional()])) as {
  [K in keyof typeof deviceFields]: ReturnType<(typeof deviceFields)[K]['optional']>;
};

const firmwareVersion = (name: string) =>
  int({
    description: `Version component ${name} the device runs now.`,
    range: { minimum: 0, maximum: FIRMWARE_LIMITS.maxVersion, code: ErrorCode.PT_FIRMWARE_VERSION_INVALID, message: `must be an integer from 0 to ${FIRMWARE_LIMITS.maxVersion}` },
  });

const DEVICE = 'user_ipc_setting_v2_0';

/** Every operation, keyed by a name for code; `service` is what clients send. */
export const GATEWAY_OPERATIONS = {
  addOemDevice: userOperation({
    service: `${DEVICE}.addOemDevice`,
    method: 'POST',
    owner: 'device',
    summary: 'Add a device to the user (spec 4.4).',
    params: { macAddr: mac('Device MAC, any accepted spelling; stored and returned as 12 upper-case hex digits.'), ...deviceFields, oemCode: text(20, { description: 'Code of the device manufacturer.' }) },
    errors: [ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_ALREADY_EXISTS, ErrorCode.FC_ACCOUNT_THE_IPC_HAS_BEEN_ADDED_BY_OTHERS],
  }),
  delOemDeviceByMac: userOperation({
    service: `${DEVICE}.delOemDeviceByMac`,
    method: 'POST',
    owner: 'device',
    summary: 'Delete one of the user\'s devices (spec 4.4).',
    params: { macAddr: mac('Device MAC.') },
    errors: [ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS],
  }),
  updateOemDevice: userOperation({
    service: `${DEVICE}.updateOemDevice`,
    method: 'POST',
    owner: 'device',
    summary: 'Modify one of the user\'s devices: only the parameters given change (spec 4.4).',
    params: { macAddr: mac('Device MAC.'), ...optionalDeviceFields },
    errors: [ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS],
  }),
  getOemDeviceByUser: userOperation({
    service: `${DEVICE}.getOemDeviceByUser`,
    method: 'GET',
    owner: 'device',
    summary: 'The user\'s devices, in the order they were added (spec 4.4).',
    params: {},
    response: z.object({ data: z.array(deviceResponseSchema) }),
  }),
  getOemDeviceByUserAndMac: userOperation({
    service: `${DEVICE}.getOemDeviceByUserAndMac`,
    method: 'GET',
    owner: 'device',
    summary: 'One of the user\'s devices (spec 4.4).',
    params: { macAddr: mac('Device MAC.') },
    errors: [ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS],
    response: z.object({ data: deviceResponseSchema }),
  }),
  delOemDeviceForce: operation({
    service: `${DEVICE}.delOemDeviceForce`,
    method: 'POST',
    auth: 'none',
    owner: 'device',
    summary: 'Force-unbind a device, signed by its manufacturer: sign = MD5(mac + timeStamp + delKey) (spec 4.4).',
    params: {
      mac: macAsSent('Device MAC in any accepted spelling, exactly as signed.'),
      timeStamp: text(20, { description: 'Unix time in seconds or milliseconds, within 300 s of server time.' }),
      oemCode: text(20, { description: 'Code of the device manufacturer.' }),
      sign: text(64, { description: 'MD5 (32 hex digits, either case) of mac + timeStamp + delKey.' }),
    },
    errors: [
      ErrorCode.DEVICE_FORCE_OEM_UNKNOWN,
      ErrorCode.DEVICE_FORCE_TIMESTAMP_OUT_OF_WINDOW,
      ErrorCode.DEVICE_FORCE_SIGN_MISMATCH,
      ErrorCode.DEVICE_FORCE_SIGN_REPLAYED,
      ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS,
    ],
  }),
  queryUserNotActive: userOperation({
    service: 'permission.query_user_not_active',
    method: 'GET',
    owner: 'permission',
    summary: 'The user\'s authorization records waiting for activation (spec 4.4, 2.5).',
    params: { supportBpi: int({ maxLength: 1, allowed: [0, 1], description: 'Whether the app supports BPI plans: 0 no, 1 yes.' }) },
    response: z.object({ data: z.array(authorizationRecordSchema), sysDate: RESPONSE_FIELDS.sysDate }),
  }),
  activatePermission: userOperation({
    service: 'permission.active',
    method: 'POST',
    owner: 'permission',
    summary: 'Activate a waiting authorization record on one of the user\'s devices (spec 4.4).',
    params: {
      grantId: long(20, 'The record\'s grantId, from permission.query_user_not_active.'),
      ipcMac: mac('The device to activate the record on.'),
      exceptionInfo: text(1024, { multiline: true, description: 'Free text from the app, stored with the activation.' }).optional(),
      appClientVersion: text(50, { description: 'The app\'s version, stored with the activation.' }).optional(),
    },
    errors: [
      ErrorCode.PERMISSION_GRANTID_RECORD_NOT_EXISTS,
      ErrorCode.PERMISSION_GRANT_STATUS_CANNOT_ACTIVE,
      ErrorCode.PERMISSION_GRANTID_RECORD_NOT_MATCH_IPCMAC,
      ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS,
    ],
  }),
  getCurrentService: userOperation({
    service: 'fcmall.get_current_service',
    method: 'GET',
    owner: 'permission',
    summary: 'The current cloud service of one of the user\'s devices (spec 4.4, 2.6).',
    params: { macAddr: mac('Device MAC.') },
    errors: [ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS],
    response: z.object({ data: currentServiceSchema }),
  }),
  queryUserIpcsValid: userOperation({
    service: 'permission.query_user_ipcs_valid',
    method: 'GET',
    owner: 'permission',
    summary: 'The authorization records in service on all the user\'s devices (spec 4.4, 2.5).',
    params: {},
    response: z.object({ data: z.array(authorizationRecordSchema), sysDate: RESPONSE_FIELDS.sysDate }),
  }),
  getServerInfo: userOperation({
    service: 'center.getServerInfo',
    method: 'GET',
    owner: 'sso',
    summary: 'The user\'s sub-service information, fixed per user (spec 4.4, 2.7).',
    // Apps in the field send `oemCode=` empty at every sign-in (decisions S9).
    params: { oemCode: text(20, { description: 'Code of the manufacturer of the app\'s devices; apps may send it empty.' }).emptyAccepted() },
    errors: [ErrorCode.FC_SYSTEM_UPGRADE, ErrorCode.FC_SYSTEM_ADDRESS_CHANGE],
    response: z.object({ data: subServiceInfoSchema }),
    refusalFields: z.object({ server_url: RESPONSE_FIELDS.serverUrl.optional() }),
  }),
  currentTime: operation({
    service: 'cloud_system.current_time',
    method: 'GET',
    auth: 'none',
    owner: 'edge',
    summary: 'Server time in epoch milliseconds (spec 4.4).',
    params: {},
    response: z.object({ data: z.number().int().describe('Server time, epoch milliseconds.') }),
  }),
  firmwareLatest: userOperation({
    service: 'firmware.latest',
    method: 'GET',
    owner: 'firmware',
    summary: 'The next firmware for a device on its model\'s upgrade chain (spec 4.4, 2.9).',
    params: {
      macAddr: mac('Device MAC (decides staged rollouts).'),
      machineTypeName: text(50, { minLength: 1, description: 'The device\'s model, as it reports it.' }),
      sysVersion1: firmwareVersion('sysVersion1'),
      sysVersion3: firmwareVersion('sysVersion3'),
      sysVersion4: firmwareVersion('sysVersion4'),
      appVersion1: firmwareVersion('appVersion1'),
      appVersion3: firmwareVersion('appVersion3'),
      appVersion4: firmwareVersion('appVersion4'),
      patchVersion: firmwareVersion('patchVersion').optional(),
      oemCode: text(20, { description: 'Code of the device manufacturer.' }).optional(),
    },
    emptyCode: ErrorCode.FC_PARAMETER_EMPTY,
    // 003301: a database failure during the lookup (spec 7.2, decisions F15).
    errors: [ErrorCode.PT_FIRMWARE_VERSION_INVALID, ErrorCode.PT_FIRMWARE_LINK_NOT_EXISTS, ErrorCode.PT_FIRMWARE_NOT_SUPPORT_UPGRADE, ErrorCode.FC_SQLEXCEPTION],
    // Up to date: no data, remind 0 (decisions F13).
    response: z.object({ data: firmwareResponseSchema.optional(), remind: RESPONSE_FIELDS.remind }),
  }),
  recordDateQuery: streamOperation({
    service: 'record.date.query',
    summary: 'The UTC days with recordings of a device (spec 4.5).',
    params: {},
    response: z.object({ dateList: RESPONSE_FIELDS.dateList }),
  }),
  recordQuery: streamOperation({
    service: 'record.query',
    summary: 'The recording intervals of a device between recordSt and recordEt (spec 4.5).',
    params: {
      recordSt: recordTime(20, 'Start of the query: epoch seconds or YYYYMMDDTHHMMSS (UTC).'),
      recordEt: recordTime(20, 'End of the query, at most 31 days after recordSt.'),
      // Apps in the field send `version=` empty (decisions S9).
      version: text(20, { description: 'API version of the app; any value, also empty.' }).emptyAccepted(),
    },
    response: z.object({ recordList: RESPONSE_FIELDS.recordList }),
  }),
  recordPlay: streamOperation({
    service: 'record.play',
    summary: 'Signed HLS playback addresses of a device\'s recordings from recordSt (spec 4.5, 2.8).',
    params: {
      recordSt: recordTime(20, 'Where playback starts: epoch seconds or YYYYMMDDTHHMMSS (UTC).'),
      version: text(20, { description: 'API version of the app; any value, also empty.' }).emptyAccepted(),
    },
    response: z.object({ recordUrl: RESPONSE_FIELDS.recordUrl, secureUrl: RESPONSE_FIELDS.secureUrl }),
  }),
  recordDownload: streamOperation({
    service: 'record.download',
    summary: 'A signed address of one MP4 file of a device\'s recordings between recordSt and recordEt, at most 10 minutes (decisions CU9).',
    params: {
      recordSt: recordTime(20, 'Start of the clip: epoch seconds or YYYYMMDDTHHMMSS (UTC).'),
      recordEt: recordTime(20, 'End of the clip, after recordSt and at most 600 seconds after it.'),
      version: text(20, { description: 'API version of the app; any value, also empty.' }).emptyAccepted(),
    },
    response: z.object({ downloadUrl: RESPONSE_FIELDS.downloadUrl, secureDownloadUrl: RESPONSE_FIELDS.secureDownloadUrl }),
  }),
  listMessages: userOperation({
    service: 'push_message.list',
    method: 'GET',
    owner: 'push',
    summary: 'The user\'s alarm messages, newest first, a page at a time; by device, by type and by time (decisions PS5).',
    params: {
      devId: mac('Only this device\'s messages.').optional(),
      type: int({ maxLength: 5, description: 'Only messages of this alarm type (decisions PS2).' }).optional(),
      startTime: long(20, 'Only messages whose last alarm is at or after this time (epoch seconds).').optional(),
      endTime: long(20, 'Only messages whose last alarm is before this time (epoch seconds).').optional(),
      page: int({ maxLength: 6, description: 'Page number, from 1 (default 1).' }).optional(),
      pageSize: int({ maxLength: 3, description: `Messages a page, 1 to ${PUSH_LIMITS.maxPageSize} (default 20).` }).optional(),
    },
    response: z.object({ data: z.object({ total: z.number().int().describe('Messages matching the filters.'), list: z.array(alarmMessageSchema) }) }),
  }),
  countUnreadMessages: userOperation({
    service: 'push_message.unread_count',
    method: 'GET',
    owner: 'push',
    summary: 'How many of the user\'s alarm messages are unread, of all devices or of one (decisions PS5).',
    params: { devId: mac('Only this device\'s messages.').optional() },
    response: z.object({ data: z.object({ unread: z.number().int().describe('Unread messages.') }) }),
  }),
  markMessagesRead: userOperation({
    service: 'push_message.mark_read',
    method: 'POST',
    owner: 'push',
    summary: 'Marks alarm messages read: the ids given, or every message of the user (or of one device) with all=1 (decisions PS5).',
    params: {
      messageIds: text(PUSH_LIMITS.maxMessageIds * 37, { description: `Message ids separated by commas, at most ${PUSH_LIMITS.maxMessageIds}.` }).optional(),
      all: int({ maxLength: 1, allowed: [0, 1], description: '1: every message (of devId when given).' }).optional(),
      devId: mac('With all=1: only this device\'s messages.').optional(),
    },
    response: z.object({ data: z.object({ updated: z.number().int().describe('Messages marked read now.') }) }),
  }),
  deleteMessages: userOperation({
    service: 'push_message.delete',
    method: 'POST',
    owner: 'push',
    summary: 'Deletes alarm messages and their pictures (decisions PS5).',
    params: { messageIds: text(PUSH_LIMITS.maxMessageIds * 37, { description: `Message ids separated by commas, at most ${PUSH_LIMITS.maxMessageIds}.` }) },
    response: z.object({ data: z.object({ deleted: z.number().int().describe('Messages deleted now.') }) }),
  }),
  registerPushEndpoint: userOperation({
    service: 'push_endpoint.register',
    method: 'POST',
    owner: 'push',
    summary: 'Registers where the user\'s alarms are pushed: an FCM registration token, an APNs device token or a recipient of the merchant\'s push server, for all the user\'s devices or some (decisions PS8).',
    params: {
      provider: text(8, { description: 'fcm, apns or webhook (the merchant\'s own push server).' }),
      token: text(PUSH_LIMITS.maxTokenLength, { description: 'The FCM registration token, the APNs device token (hex) or the webhook recipient id.' }),
      devIds: text(PUSH_LIMITS.maxEndpointDevices * 18, { description: `MACs separated by commas, at most ${PUSH_LIMITS.maxEndpointDevices}: only their alarms; absent or empty: every device of the user.` }).optional(),
    },
    errors: [ErrorCode.PUSH_PROVIDER_NOT_CONFIGURED, ErrorCode.PUSH_ENDPOINT_LIMIT],
    response: z.object({ data: pushEndpointSchema }),
  }),
  removePushEndpoint: userOperation({
    service: 'push_endpoint.remove',
    method: 'POST',
    owner: 'push',
    summary: 'Removes push endpoints of the user: the one named (endpointId), or every one with that provider and token (decisions PS8).',
    params: {
      endpointId: text(36, { description: 'The endpoint\'s id, as push_endpoint.register answered it.' }).optional(),
      provider: text(8, { description: 'With token: fcm, apns or webhook.' }).optional(),
      token: text(PUSH_LIMITS.maxTokenLength, { description: 'With provider: the token registered.' }).optional(),
    },
    response: z.object({ data: z.object({ removed: z.number().int().describe('Endpoints removed now (0 when none matched).') }) }),
  }),
  listPushEndpoints: userOperation({
    service: 'push_endpoint.list',
    method: 'GET',
    owner: 'push',
    summary: 'The user\'s push endpoints, newest first (decisions PS8).',
    params: {},
    response: z.object({ data: z.object({ list: z.array(pushEndpointSchema) }) }),
  }),
  setPushSwitch: userOperation({
    service: 'push_switch.set',
    method: 'POST',
    owner: 'push',
    summary: 'Turns alarm pushes on or off for a device, a type, a type of a device, or everything; the most specific switch decides (decisions PS9).',
    params: {
      enabled: int({ maxLength: 1, allowed: [0, 1], description: '1: push these alarms; 0: keep them in the message center only.' }),
      devId: mac('Only this device (absent: all devices).').optional(),
      type: int({ maxLength: 5, description: 'Only this alarm type (absent: all types).' }).optional(),
    },
    response: z.object({ data: pushSwitchSchema }),
  }),
  listPushSwitches: userOperation({
    service: 'push_switch.list',
    method: 'GET',
    owner: 'push',
    summary: 'The user\'s push switches (decisions PS9); alarms no switch covers are pushed.',
    params: {},
    response: z.object({ data: z.object({ list: z.array(pushSwitchSchema) }) }),
  }),
} as const;

export type GatewayOperations = typeof GATEWAY_OPERATIONS;
export type OperationKey = keyof GatewayOperations;
export type AnyGatewayOperation = GatewayOperations[OperationKey];

/** The operations one service answers, by key. */
export type OperationsOwnedBy<S extends ServiceName> = { [K in OperationKey as GatewayOperations[K]['owner'] extends S ? K : never]: GatewayOperations[K] };

export const OPERATIONS: readonly AnyGatewayOperation[] = Object.values(GATEWAY_OPERATIONS);

const bySurface: Record<Surface, Map<string, AnyGatewayOperation>> = {
  gateway: new Map(OPERATIONS.filter((o) => o.surface === 'gateway').map((o) => [o.service, o])),
  stream: new Map(OPERATIONS.filter((o) => o.surface === 'stream').map((o) => [o.service, o])),
};

export function findOperation(surface: Surface, service: string): AnyGatewayOperation | undefined {
  return bySurface[surface].get(service);
}

/** The entries of the catalogue one service owns. */
export function operationsOwnedBy<S extends ServiceName>(owner: S): OperationsOwnedBy<S> {
  return Object.fromEntries(Object.entries(GATEWAY_OPERATIONS).filter(([, op]) => op.owner === owner)) as OperationsOwnedBy<S>;
}

/**
 * The typed parameters of a call, or the refusal of the first bad parameter: the earliest check phase first,
 * then the catalogue's parameter order; the failureDetails name the parameter.
 */
export function parseOperationParams<Op extends GatewayOperation>(op: Op, params: Readonly<Record<string, string | undefined>>): OperationParams<Op> {
  const parsed = op.schema.safeParse(params);
  if (parsed.success) return parsed.data as OperationParams<Op>;
  throw refusalOf(op, parsed.error.issues);
}

function refusalOf(op: GatewayOperation, issues: readonly z.core.$ZodIssue[]): PlatformError {
  const rank = (issue: z.core.$ZodIssue) => PARAM_PHASES.indexOf(issueOf(issue).phase);
  const first = issues.reduce((best, issue) => (rank(issue) < rank(best) ? issue : best));
  const { errorCode } = issueOf(first);
  const name = String(first.path[0] ?? 'parameters');
  if (errorCode) return new PlatformError(errorCode, `parameter ${name} ${first.message}`);
  // Present but empty: the operation's own code (000005 on firmware.latest), else "required" as if missing.
  return new PlatformError(op.emptyCode, `parameter ${name} ${op.emptyCode === ErrorCode.FC_PARAMETER_EMPTY ? 'is empty' : 'is required'}`);
}

function issueOf(issue: z.core.$ZodIssue): ParamIssue {
  const params = (issue as { params?: ParamIssue }).params;
  // Only our own checks raise issues (every parameter is a string or absent); anything else is a malformed call.
  return params?.phase ? params : { phase: 'presence', errorCode: ErrorCode.FC_INVALID_PARAMETER };
}

/** The catalogue's parameters of a call as sent, unknown ones dropped: what the edge forwards to the owner. */
export function knownParams(op: GatewayOperation, params: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(op.params)) if (params[name] !== undefined) out[name] = params[name];
  return out;
}

/** What an owning service's handler receives: the typed parameters and, on user-scoped operations, the user. */
export interface OperationCall<Op extends GatewayOperation> {
  readonly params: OperationParams<Op>;
  readonly user: Op['auth'] extends 'user' ? AuthenticatedUser : undefined;
  readonly requestId?: string;
}

/** The call a handler of catalogue entry `K` receives, e.g. `CallOf<'addOemDevice'>`. */
export type CallOf<K extends OperationKey> = OperationCall<GatewayOperations[K]>;
/** The typed parameters of catalogue entry `K`. */
export type ParamsOf<K extends OperationKey> = OperationParams<GatewayOperations[K]>;

/**
 * The typed call of catalogue entry `key` made from wire parameters, exactly as its owning service receives
 * it (parsed by the same schema, refused the same way): for use cases driven without the bus.
 */
export function callFromWire<K extends OperationKey>(key: K, wire: Readonly<Record<string, string>>, user?: AuthenticatedUser): CallOf<K> {
  const op = GATEWAY_OPERATIONS[key];
  return { params: parseOperationParams(op, wire), user: op.auth === 'user' ? user : undefined } as CallOf<K>;
}

/** The identity parameters the edge forwards with a user-scoped call it authenticated (for callers of the bus in tests and tools). */
export function identityOf(user: AuthenticatedUser, accessToken = 'verified-by-the-edge'): { clientId: string; openId: string; accessToken: string } {
  return { clientId: user.clientId, openId: user.openId, accessToken };
}
