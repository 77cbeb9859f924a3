import { ERROR_CATALOG, ErrorCode, errorDefinition } from './error-codes';
import { PlatformError } from './platform-error';
import { errorEnvelope, successEnvelope } from './envelope';

/** Spec section 7 as printed: name → value. The catalogue must carry each exactly. */
const SPEC_CODES: Record<string, string> = {
  FC_SERVICE_NOT_IMPLEMENT: '009999',
  FC_INVALID_PARAMETER: '000006',
  FC_PARAMETER_EMPTY: '000005',
  FC_SYSTEM_ERROR: '000099',
  FC_SQLEXCEPTION: '003301',
  FC_AUTH_APPKEY_NOT_EXISTS: '030010',
  FC_AUTH_APPSECRET_NOT_MATCH: '030020',
  FC_AUTH_OPENID_NOT_EXISTS: '030030',
  FC_AUTH_OPENID_NOT_MATCH: '030031',
  FC_AUTH_ACCESSTOKEN_NOT_MATCH: '030040',
  FC_AUTH_ACCESSTOKEN_EXPIRED: '030041',
  FC_AUTH_TOKEN_NOT_EXISTS: '030091',
  FC_ACCOUNT_USER_IPC_SETTING_ALREADY_EXISTS: '020040',
  FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS: '020041',
  FC_ACCOUNT_THE_IPC_HAS_BEEN_ADDED_BY_OTHERS: '020042',
  PERMISSION_GRANTID_RECORD_NOT_EXISTS: '883202',
  PERMISSION_GRANT_STATUS_CANNOT_ACTIVE: '883203',
  PERMISSION_GRANTID_RECORD_NOT_MATCH_IPCMAC: '883204',
  FC_SYSTEM_ADDRESS_CHANGE: '000077',
  FC_SYSTEM_UPGRADE: '000066',
  PT_FIRMWARE_VERSION_INVALID: '010026',
  PT_FIRMWARE_LINK_NOT_EXISTS: '010120',
  PT_FIRMWARE_NOT_SUPPORT_UPGRADE: '010121',
};

describe('error catalogue', () => {
  it.each(Object.entries(SPEC_CODES))('carries %s = %s exactly as spec section 7', (name, value) => {
    expect(errorDefinition(name as ErrorCode).value).toBe(value);
  });

  it('carries the SSO codes and texts of spec 7.4', () => {
    expect(ERROR_CATALOG[ErrorCode.SSO_PARTNER_AUTHORIZATION_DENIED]).toMatchObject({ value: 'OP0051', text: 'partner authorization denied', httpStatus: 401 });
    expect(ERROR_CATALOG[ErrorCode.SSO_TOKEN_INFO_NOT_EXISTS]).toMatchObject({ value: '030091', text: 'tokenInfo not exists', httpStatus: 401 });
    expect(ERROR_CATALOG[ErrorCode.SSO_REFRESH_TOKEN_EXPIRED]).toMatchObject({ value: '030051', text: 'refreshtoken expired', httpStatus: 401 });
  });

  it('refuses a read-only admin token\'s change with AD0403 (HTTP 403)', () => {
    expect(ERROR_CATALOG[ErrorCode.ADMIN_FORBIDDEN]).toEqual({ value: 'AD0403', text: 'this admin token may only read', httpStatus: 403 });
  });

  it('has an entry for every enum member and nothing else', () => {
    expect(Object.keys(ERROR_CATALOG).sort()).toEqual(Object.values(ErrorCode).sort());
  });

  it('never gives two different meanings the same value, except the documented 030010/030091 reuses', () => {
    const byValue = new Map<string, string[]>();
    for (const [name, def] of Object.entries(ERROR_CATALOG)) byValue.set(def.value, [...(byValue.get(def.value) ?? []), name]);
    const shared = [...byValue.entries()].filter(([, names]) => names.length > 1).map(([v, names]) => [v, names.sort()]);
    expect(shared).toEqual([
      ['030010', ['FC_AUTH_APPKEY_NOT_EXISTS', 'SSO_SIGNATURE_CLIENT_UNKNOWN']],
      ['030091', ['FC_AUTH_TOKEN_NOT_EXISTS', 'SSO_TOKEN_INFO_NOT_EXISTS']],
    ]);
  });
});

describe('PlatformError and envelopes', () => {
  it('round-trips through its serialized form (what travels over NATS)', () => {
    const err = new PlatformError(ErrorCode.FC_SYSTEM_ADDRESS_CHANGE, 'moved', { server_url: 'https://new.example' });
    const back = PlatformError.from(JSON.parse(JSON.stringify(err.serialize())));
    expect(back).toBeInstanceOf(PlatformError);
    expect(back.code).toBe(ErrorCode.FC_SYSTEM_ADDRESS_CHANGE);
    expect(back.extra).toEqual({ server_url: 'https://new.example' });
    expect(errorEnvelope(back)).toEqual({ errorCode: '000077', failureDetails: 'moved', server_url: 'https://new.example' });
  });

  it('turns unknown errors into 000099 without leaking their message', () => {
    const err = PlatformError.from(new Error('password=hunter2 in SQL'));
    expect(errorEnvelope(err)).toEqual({ errorCode: '000099', failureDetails: ERROR_CATALOG[ErrorCode.FC_SYSTEM_ERROR].text });
    expect(PlatformError.from({ code: 'NOT_A_CODE', failureDetails: 'x' }).code).toBe(ErrorCode.FC_SYSTEM_ERROR);
  });

  it('builds the success envelope of spec 2.1, with data only when there is some', () => {
    expect(successEnvelope()).toEqual({ errorCode: '', failureDetails: '' });
    expect(successEnvelope([1], { sysDate: 5 })).toEqual({ errorCode: '', failureDetails: '', data: [1], sysDate: 5 });
    expect(successEnvelope(0)).toEqual({ errorCode: '', failureDetails: '', data: 0 });
  });
});
