/**
 * The gateway operation catalogue (spec 4.4 and 4.5): every `service=` name with its HTTP method,
 * parameters (type, required flag, maximum length) and owning service. The edge derives all of its
 * validation from this table, so adding an operation starts here (README: "How to add a service operation").
 */
export type ServiceName = 'sso' | 'device' | 'permission' | 'storage' | 'firmware' | 'edge';

export type ParamType = 'string' | 'int' | 'long';

export interface ParamSpec {
  readonly name: string;
  readonly type: ParamType;
  readonly required: boolean;
  /** Maximum length in characters (for numbers: of their decimal text). */
  readonly maxLength?: number;
  readonly minLength?: number;
  /** For int parameters with a closed value set. */
  readonly allowed?: readonly number[];
}

/** How the caller is authenticated before the owning service sees the call. */
export type AuthMode =
  /** clientId + openId + accessToken, verified by sso-service (030010/030030/030031/030040/030041). */
  | 'user'
  /** No user identity: the operation authenticates itself (force unbind's MD5 sign) or is public. */
  | 'none'
  /** Cloud-storage calls: devId + sessionToken, verified by the owning service. */
  | 'session';

export type Surface = 'gateway' | 'stream';

export interface OperationSpec {
  readonly service: string;
  readonly surface: Surface;
  readonly method: 'GET' | 'POST';
  readonly auth: AuthMode;
  readonly owner: ServiceName;
  readonly params: readonly ParamSpec[];
  /**
   * The code for a required parameter that is present but empty. Default FC_INVALID_PARAMETER (000006);
   * firmware.latest answers FC_PARAMETER_EMPTY (000005), as spec 7.2 lists it for the firmware lookup.
   */
  readonly emptyParameterCode?: 'FC_PARAMETER_EMPTY';
}

const str = (name: string, maxLength?: number, required = true, minLength?: number): ParamSpec => ({ name, type: 'string', required, maxLength, minLength });
const int = (name: string, opts: { required?: boolean; maxLength?: number; allowed?: readonly number[] } = {}): ParamSpec => ({
  name,
  type: 'int',
  required: opts.required ?? true,
  maxLength: opts.maxLength,
  allowed: opts.allowed,
});

/** clientId, openId, accessToken: required on every user-scoped call (4.4). */
export const COMMON_USER_PARAMS: readonly ParamSpec[] = [str('clientId', 40), str('openId', 40), str('accessToken', 40)];

const deviceFields = (required: boolean): ParamSpec[] => [
  str('deviceName', 50, required),
  str('username', 64, required),
  str('password', 160, required),
  int('hasusertag', { required, allowed: [0, 2] }),
  int('supportStore', { required, allowed: [0, 1] }),
  int('supportRichMedia', { required, allowed: [0, 1] }),
  str('productName', 50, required),
];

const user = (service: string, method: 'GET' | 'POST', owner: ServiceName, params: ParamSpec[]): OperationSpec => ({
  service,
  surface: 'gateway',
  method,
  auth: 'user',
  owner,
  params: [...COMMON_USER_PARAMS, ...params],
});

const stream = (service: string, params: ParamSpec[]): OperationSpec => ({
  service,
  surface: 'stream',
  method: 'GET',
  auth: 'session',
  owner: 'storage',
  params: [str('devId', 20), str('sessionToken', 64), str('timestamp', 20), ...params],
});

export const OPERATIONS: readonly OperationSpec[] = [
  user('user_ipc_setting_v2_0.addOemDevice', 'POST', 'device', [str('macAddr', 20), ...deviceFields(true), str('oemCode', 20)]),
  user('user_ipc_setting_v2_0.delOemDeviceByMac', 'POST', 'device', [str('macAddr', 20)]),
  user('user_ipc_setting_v2_0.updateOemDevice', 'POST', 'device', [str('macAddr', 20), ...deviceFields(false)]),
  user('user_ipc_setting_v2_0.getOemDeviceByUser', 'GET', 'device', []),
  user('user_ipc_setting_v2_0.getOemDeviceByUserAndMac', 'GET', 'device', [str('macAddr', 20)]),
  {
    service: 'user_ipc_setting_v2_0.delOemDeviceForce',
    surface: 'gateway',
    method: 'POST',
    auth: 'none',
    owner: 'device',
    params: [str('mac', 20), str('timeStamp', 20), str('oemCode', 20), str('sign', 64)],
  },
  user('permission.query_user_not_active', 'GET', 'permission', [int('supportBpi', { maxLength: 1, allowed: [0, 1] })]),
  user('permission.active', 'POST', 'permission', [
    { name: 'grantId', type: 'long', required: true, maxLength: 20 },
    str('ipcMac', 20),
    str('exceptionInfo', 1024, false),
    str('appClientVersion', 50, false),
  ]),
  user('fcmall.get_current_service', 'GET', 'permission', [str('macAddr', 20)]),
  user('permission.query_user_ipcs_valid', 'GET', 'permission', []),
  user('center.getServerInfo', 'GET', 'sso', [str('oemCode', 20)]),
  { service: 'cloud_system.current_time', surface: 'gateway', method: 'GET', auth: 'none', owner: 'edge', params: [] },
  {
    ...user('firmware.latest', 'GET', 'firmware', [
      str('macAddr', 20),
      str('machineTypeName', 50, true, 1),
      int('sysVersion1'),
      int('sysVersion3'),
      int('sysVersion4'),
      int('appVersion1'),
      int('appVersion3'),
      int('appVersion4'),
      int('patchVersion', { required: false }),
      str('oemCode', 20, false),
    ]),
    emptyParameterCode: 'FC_PARAMETER_EMPTY',
  },
  stream('record.date.query', []),
  stream('record.query', [str('recordSt', 20), str('recordEt', 20), str('version', 20)]),
  stream('record.play', [str('recordSt', 20), str('version', 20)]),
];

const bySurface: Record<Surface, Map<string, OperationSpec>> = {
  gateway: new Map(OPERATIONS.filter((o) => o.surface === 'gateway').map((o) => [o.service, o])),
  stream: new Map(OPERATIONS.filter((o) => o.surface === 'stream').map((o) => [o.service, o])),
};

export function findOperation(surface: Surface, service: string): OperationSpec | undefined {
  return bySurface[surface].get(service);
}
