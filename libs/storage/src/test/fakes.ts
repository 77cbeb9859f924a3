/** Test doubles for storage-service's unit specs. */
import { DEVICE_RPC, type RpcContract, SSO_RPC } from '@dcp/contracts';
import type { RpcClient } from '@dcp/messaging';

/**
 * device-service and sso-service as storage-service's sessions ask them over RPC (findDeviceOwner,
 * ssoUserSubtoken), answered from `owners` (MAC → userId) and `subtokens` (userId → subtoken); every request is kept in `calls`.
 */
export class FakeSessionServices implements Pick<RpcClient, 'request'> {
  readonly owners: Map<string, number>;
  readonly subtokens: Map<number, string>;
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
    if (contract === SSO_RPC.ssoUserSubtoken) return { subtoken: this.subtokens.get(Number(payload.userId)) ?? null };
    throw new Error(`unexpected ${contract.subject}`);
  }) as RpcClient['request'];
}
