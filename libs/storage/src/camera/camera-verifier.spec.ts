import { ErrorCode, PERMISSION_RPC, PlatformError, type VerifiedCamera } from '@dcp/contracts';
import type { RpcClient } from '@dcp/messaging';
import type { SessionAuthenticator } from '../session/session-authenticator';
import { CameraVerifier } from './camera-verifier';

const REQUEST = { macAddr: '06626E63FBA5', userTag: 'Tag', signature: 'a'.repeat(64), stringToSign: 'text' };
const PLAN = { grantId: 9, retentionDays: 7, planEndsAt: 1_800_000_000_000 };

/** permission-service answering `verified` (or refusing), device-service naming `owner`. */
function verifier(verified: VerifiedCamera | PlatformError, owner: number | undefined, asked: string[] = []): CameraVerifier {
  const rpcClient = {
    request: async (contract: unknown) => {
      expect(contract).toBe(PERMISSION_RPC.verifyCameraRequest);
      if (verified instanceof PlatformError) throw verified;
      return verified;
    },
  } as unknown as RpcClient;
  const owners = { currentOwner: async (mac: string) => (asked.push(mac), owner) } as unknown as SessionAuthenticator;
  return new CameraVerifier(rpcClient, owners);
}

const codeOf = (p: Promise<unknown>) => p.then(() => 'accepted', (err: PlatformError) => err.code);

describe('CameraVerifier (decisions CU4)', () => {
  it('accepts the stream of the device\'s current owner with a plan in service', async () => {
    await expect(verifier({ userId: 7, plan: PLAN }, 7).verify(REQUEST, 'now')).resolves.toEqual({ userId: 7, plan: PLAN });
  });

  it('the owner decides first: a device unbound while its grants are being ended is CR0401, never CR0403', async () => {
    for (const when of ['now', 'after-write'] as const) {
      expect(await codeOf(verifier({ userId: 7, plan: null }, undefined).verify(REQUEST, when))).toBe(ErrorCode.CAMERA_CREDENTIALS_REFUSED);
    }
    expect(await codeOf(verifier({ userId: 7, plan: PLAN }, 8).verify(REQUEST, 'now'))).toBe(ErrorCode.CAMERA_CREDENTIALS_REFUSED);
  });

  it('the owner\'s device without a plan in service is CR0403; a stream permission-service refuses stays CR0401', async () => {
    expect(await codeOf(verifier({ userId: 7, plan: null }, 7).verify(REQUEST, 'after-write'))).toBe(ErrorCode.CAMERA_NO_ACTIVE_PLAN);
    expect(await codeOf(verifier(new PlatformError(ErrorCode.CAMERA_CREDENTIALS_REFUSED, 'no live stream'), 7).verify(REQUEST, 'now'))).toBe(ErrorCode.CAMERA_CREDENTIALS_REFUSED);
  });

  it('an upload with a plan leaves the owner to its write (one question to device-service per upload, asked after the row)', async () => {
    const asked: string[] = [];
    await expect(verifier({ userId: 7, plan: PLAN }, 8, asked).verify(REQUEST, 'after-write')).resolves.toEqual({ userId: 7, plan: PLAN });
    expect(asked).toEqual([]);
    await verifier({ userId: 7, plan: PLAN }, 7, asked).verify(REQUEST, 'now');
    expect(asked).toEqual([REQUEST.macAddr]);
  });
});
