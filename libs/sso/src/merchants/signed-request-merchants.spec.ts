import { ManualClock } from '@dcp/testing';
import { makeMerchant } from '../test/factories';
import { merchantSecrets } from '../test/fakes';
import type { Merchant } from './merchant';
import { MERCHANT_KEPT_MS, MERCHANTS_KEPT, SignedRequestMerchants } from './signed-request-merchants';

function setup() {
  const clock = new ManualClock(1_800_000_000_000);
  const secrets = merchantSecrets();
  const rows = new Map<string, Merchant>();
  const listeners: Array<(clientId: string) => void> = [];
  let gate: Promise<void> | undefined;
  const repo = {
    findByClientId: jest.fn(async (clientId: string) => {
      const row = rows.get(clientId) ?? null;
      if (gate) await gate;
      return row;
    }),
    onChange: (listener: (clientId: string) => void) => listeners.push(listener),
  };
  const add = (clientId: string) => {
    const merchant = makeMerchant({ clientId }, { secrets });
    rows.set(clientId, merchant);
    return merchant;
  };
  const change = (clientId: string, patch: Partial<Merchant>) => {
    rows.set(clientId, { ...rows.get(clientId)!, ...patch });
    for (const listener of listeners) listener(clientId);
  };
  /** Reads under way wait (holding the row as it was when they read it) until the returned function runs. */
  const holdReads = () => {
    let open!: () => void;
    gate = new Promise<void>((resolve) => (open = resolve));
    return () => {
      gate = undefined;
      open();
    };
  };
  return { clock, repo, add, change, holdReads, merchants: new SignedRequestMerchants(repo, clock) };
}

describe('SignedRequestMerchants (decisions R5)', () => {
  it('keeps a row for MERCHANT_KEPT_MS, then reads it again', async () => {
    const { clock, repo, add, merchants } = setup();
    const merchant = add('acme');
    expect(await merchants.findByClientId('acme')).toEqual(merchant);
    clock.advance(MERCHANT_KEPT_MS / 1000 - 0.001);
    expect(await merchants.findByClientId('acme')).toEqual(merchant);
    expect(repo.findByClientId).toHaveBeenCalledTimes(1);
    clock.advance(0.001);
    await merchants.findByClientId('acme');
    expect(repo.findByClientId).toHaveBeenCalledTimes(2);
  });

  it('does not keep unknown clientIds: a merchant created meanwhile is found at once', async () => {
    const { add, merchants } = setup();
    expect(await merchants.findByClientId('later')).toBeNull();
    const created = add('later');
    expect(await merchants.findByClientId('later')).toEqual(created);
  });

  it('drops a row this replica changes at once, and does not keep a row read while a change happened', async () => {
    const { repo, add, change, holdReads, merchants } = setup();
    add('acme');
    await merchants.findByClientId('acme');
    change('acme', { enabled: false });
    expect((await merchants.findByClientId('acme'))?.enabled).toBe(false);

    // A read under way when the row changes may hold the row from before: it is answered, not kept.
    change('acme', { enabled: true });
    const releaseRead = holdReads();
    const reading = merchants.findByClientId('acme');
    change('acme', { name: 'Renamed' });
    releaseRead();
    await reading;
    const calls = repo.findByClientId.mock.calls.length;
    expect((await merchants.findByClientId('acme'))?.name).toBe('Renamed');
    expect(repo.findByClientId.mock.calls.length).toBe(calls + 1);
  });

  it('reread always goes to the database and keeps what it found', async () => {
    const { repo, add, merchants } = setup();
    add('acme');
    await merchants.findByClientId('acme');
    await merchants.reread('acme');
    await merchants.findByClientId('acme');
    expect(repo.findByClientId).toHaveBeenCalledTimes(2);
  });

  it(`keeps at most ${MERCHANTS_KEPT} rows, dropping the oldest`, async () => {
    const { repo, add, merchants } = setup();
    for (let i = 0; i <= MERCHANTS_KEPT; i++) {
      add(`m${i}`);
      await merchants.findByClientId(`m${i}`);
    }
    repo.findByClientId.mockClear();
    await merchants.findByClientId(`m${MERCHANTS_KEPT}`);
    expect(repo.findByClientId).not.toHaveBeenCalled();
    await merchants.findByClientId('m0');
    expect(repo.findByClientId).toHaveBeenCalledTimes(1);
  });
});
