import { DEVICE_RPC, ErrorCode, SSO_RPC, type RpcContract } from '@dcp/contracts';
import type { RuntimeContext } from '@dcp/runtime';
import { md5Hex } from '@dcp/signing';
import { rejection } from '@dcp/testing';
import { SessionAuthenticator } from './session-authenticator';

describe('SessionAuthenticator', () => {
  const owners = new Map<string, number>([['0A1B2C3D4E5F', 7]]);
  const subtokens = new Map<number, string | null>([[7, 'SubtokenOfSeven']]);
  const asked: string[] = [];
  const ctx = {
    rpcClient: {
      request: async (contract: RpcContract, payload: Record<string, unknown>) => {
        asked.push(contract.subject);
        if (contract === DEVICE_RPC.findDeviceOwner) {
          const userId = owners.get(String(payload.macAddr));
          return { owner: userId ? { userId, macAddr: payload.macAddr } : null };
        }
        if (contract === SSO_RPC.ssoUserSubtoken) return { subtoken: subtokens.has(Number(payload.userId)) ? subtokens.get(Number(payload.userId)) : null };
        throw new Error(`unexpected ${contract.subject}`);
      },
    },
  } as unknown as RuntimeContext;
  const auth = new SessionAuthenticator(ctx);
  const timestamp = { raw: '1795651260', ms: 1_795_651_260_000, unit: 's' as const };

  beforeEach(() => (asked.length = 0));

  it('returns the owner when sessionToken = MD5(owner\'s subtoken + timestamp); asks device-service, then sso-service', async () => {
    expect(await auth.authenticate({ macAddr: '0A1B2C3D4E5F', timestamp, sessionToken: md5Hex('SubtokenOfSeven1795651260') })).toBe(7);
    expect(asked).toEqual([DEVICE_RPC.findDeviceOwner.subject, SSO_RPC.ssoUserSubtoken.subject]);
  });

  it('030040 when the token does not match', async () => {
    const err = await rejection(auth.authenticate({ macAddr: '0A1B2C3D4E5F', timestamp, sessionToken: md5Hex('SubtokenOfSeven1795651261') }));
    expect([err.code, err.failureDetails]).toEqual([ErrorCode.FC_AUTH_ACCESSTOKEN_NOT_MATCH, expect.stringContaining('sessionToken does not match')]);
  });

  it('020041 for a device nobody owns (sso-service is not asked) and for an owner whose account is gone', async () => {
    const none = await rejection(auth.authenticate({ macAddr: '0A1B2C3D4E60', timestamp, sessionToken: 'x' }));
    expect([none.code, none.failureDetails]).toEqual([ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS, 'device 0A1B2C3D4E60 has no owner']);
    expect(asked).toEqual([DEVICE_RPC.findDeviceOwner.subject]);
    owners.set('0A1B2C3D4E61', 8);
    const deleted = await rejection(auth.authenticate({ macAddr: '0A1B2C3D4E61', timestamp, sessionToken: md5Hex('x1795651260') }));
    expect(deleted.code).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS);
  });
});
