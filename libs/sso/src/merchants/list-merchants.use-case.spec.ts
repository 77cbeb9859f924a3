import { ErrorCode, type ListMerchantsFilter, type ListTotal, type PageWindow } from '@dcp/contracts';
import { ManualClock } from '@dcp/testing';
import { failure } from '../test/fakes';
import { ListMerchantsUseCase } from './list-merchants.use-case';
import type { Merchant } from './merchant';
import type { MerchantStore } from './merchant.repository';

/** Keeps the filter and page each list asked for (the filtering itself is SQL: sso-merchants.int.spec.ts). */
class AskedPages implements Pick<MerchantStore, 'page'> {
  readonly asked: { filter: ListMerchantsFilter; take: number; offset: number }[] = [];
  async page(filter: ListMerchantsFilter, window: PageWindow<[number]>): Promise<{ items: Merchant[] } & ListTotal> {
    this.asked.push({ filter, take: window.take, offset: window.offset });
    return { items: [], total: 0, totalIsEstimate: false };
  }
}

describe('list merchants: filters', () => {
  let store: AskedPages;
  let list: ListMerchantsUseCase;
  beforeEach(() => {
    store = new AskedPages();
    list = new ListMerchantsUseCase(store as unknown as MerchantStore, new ManualClock(Date.UTC(2026, 0, 1)), {
      callHealth: () => ({ status: 'healthy', breaker: 'closed', windowSeconds: 3600, calls: 0, failures: 0, lastFailureAt: null, lastFailure: null }),
    });
  });

  it('passes q trimmed and enabled as a boolean; an empty q is no filter', async () => {
    await list.execute({ q: '  Acme ', enabled: 'false', limit: 5, offset: 10 });
    await list.execute({ q: '   ', enabled: 'true' });
    await list.execute({});
    expect(store.asked).toEqual([
      { filter: { q: 'Acme', enabled: false }, take: 6, offset: 10 },
      { filter: { q: undefined, enabled: true }, take: 101, offset: 0 },
      { filter: {}, take: 101, offset: 0 },
    ]);
  });

  it.each([
    ['enabled', { enabled: 'yes' }, 'invalid field enabled: must be true or false'],
    ['enabled', { enabled: ['true', 'false'] }, 'invalid field enabled: must be true or false'],
    ['q', { q: 'a'.repeat(101) }, 'invalid field q: must be at most 100 characters'],
    ['q', { q: 'a\u0000b' }, 'invalid field q: must not contain control characters'],
    ['q', { q: ['a', 'b'] }, 'invalid field q:'],
  ])('refuses a bad %s with ADMIN_VALIDATION_FAILED naming it (%j)', async (_name, request, details) => {
    const err = await failure(list.execute(request));
    expect(err.code).toBe(ErrorCode.ADMIN_VALIDATION_FAILED);
    expect(err.failureDetails).toContain(details);
    expect(store.asked).toEqual([]);
  });
});
