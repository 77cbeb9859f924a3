/** Test doubles for storage-service's unit specs. */
import { type CameraStreamKeys, DEVICE_RPC, PERMISSION_RPC, type RpcContract, SSO_RPC } from '@dcp/contracts';
import type { RpcClient } from '@dcp/messaging';

/**
 * device-service, sso-service and permission-service as storage-service asks them over RPC (findDeviceOwner,
 * ssoUserSubtoken, cameraStreamKeys), answered from `owners` (MAC → userId), `subtokens` (userId → subtoken) and
 * `cameraStreams`; every request is kept in `calls`.
 */
export class FakeSessionServices implements Pick<RpcClient, 'request'> {
  readonly owners: Map<string, number>;
  readonly subtokens: Map<number, string>;
  /** permission-service's live camera streams, by `<MAC>/<userTag>`. */
  readonly cameraStreams = new Map<string, CameraStreamKeys['streams']>();
  readonly calls: { subject: string; payload: Record<string, unknown> }[] = [];
  /** When set, the next request waits for this promise before it answers. */
  private holdNext?: Promise<void>;

  constructor({ owners = [], subtokens = [] }: { owners?: Iterable<[string, number]>; subtokens?: Iterable<[number, string]> } = {}) {
    this.owners = new Map(owners);
    this.subtokens = new Map(subtokens);
  }

  /** The next request answers only once `until` resolves. */
  hold(until: Promise<void>): void {
    this.holdNext = until;
  }

  readonly request = (async (contract: RpcContract, payload: Record<string, unknown>) => {
    this.calls.push({ subject: contract.subject, payload });
    const hold = this.holdNext;
    this.holdNext = undefined;
    if (hold) await hold;
    if (contract === DEVICE_RPC.findDeviceOwner) {
      const userId = this.owners.get(String(payload.macAddr));
      return { owner: userId ? { userId, macAddr: payload.macAddr } : null };
    }
    if (contract === PERMISSION_RPC.cameraStreamKeys) return { streams: this.cameraStreams.get(`${String(payload.macAddr)}/${String(payload.userTag)}`) ?? [] };
    if (contract === SSO_RPC.ssoUserSubtoken) return { subtoken: this.subtokens.get(Number(payload.userId)) ?? null };
    throw new Error(`unexpected ${contract.subject}`);
  }) as RpcClient['request'];
}
