import { ErrorCode } from '@dcp/contracts';
import { ManualClock } from '@dcp/testing';
import { T0, makeGrant, makePermission } from '../test/factories';
import { MemoryGrants, failure } from '../test/fakes';
import type { GrantFilter, GrantStore } from './grant.repository';
import type { Grant } from './grant';
import { ListGrantsUseCase } from './list-grants.use-case';

const DAY = 86_400_000;
const MAC = 'AABBCCDDEE01';

/** Keeps the filter and page each list asked for (the filtering itself is SQL: permission-grants.int.spec.ts). */
class AskedPages implements Pick<GrantStore, 'page'> {
  readonly asked: { filter: GrantFilter; limit: number; offset: number }[] = [];
  async page(filter: GrantFilter, limit: number, offset: number): Promise<{ items: Grant[]; total: number }> {
    this.asked.push({ filter, limit, offset });
    return { items: [], total: 0 };
  }
}

describe('list grants: filters', () => {
  let store: AskedPages;
  let clock: ManualClock;
  let list: ListGrantsUseCase;
  beforeEach(() => {
    store = new AskedPages();
    clock = new ManualClock(T0);
    list = new ListGrantsUseCase(store as unknown as GrantStore, clock);
  });

  it('passes permissionCode trimmed, ipcMac canonical whatever its spelling, and the state at the service clock\'s now', async () => {
    await list.execute({ openId: 'open-7', permissionCode: ' paid-30 ', ipcMac: 'aa:bb:cc:dd:ee:01', state: 'over', limit: 5, offset: 10 });
    clock.advance(60);
    await list.execute({ ipcMac: 'AA-BB-CC-DD-EE-01', state: 'active' });
    await list.execute({ permissionCode: '  ', ipcMac: '', openId: '' });
    expect(store.asked).toEqual([
      { filter: { openId: 'open-7', permissionCode: 'paid-30', ipcMac: MAC, state: { name: 'over', now: T0 } }, limit: 5, offset: 10 },
      { filter: { openId: undefined, permissionCode: undefined, ipcMac: MAC, state: { name: 'active', now: T0 + 60_000 } }, limit: 100, offset: 0 },
      { filter: { openId: undefined, permissionCode: undefined, ipcMac: undefined, state: undefined }, limit: 100, offset: 0 },
    ]);
  });

  it.each([
    ['ipcMac', { ipcMac: 'zz:zz' }, "invalid field ipcMac: must be a MAC address, 12 hex digits, plain or with ':' or '-' between every pair"],
    ['ipcMac', { ipcMac: 'AA:BB-CC:DD:EE:01' }, 'invalid field ipcMac: must be a MAC address'],
    ['ipcMac', { ipcMac: ['AABBCCDDEE01', 'AABBCCDDEE02'] }, 'invalid field ipcMac:'],
    ['state', { state: 'expired' }, 'invalid field state: must be one of waiting, active, over, revoked'],
    ['state', { state: 'Active' }, 'invalid field state: must be one of waiting, active, over, revoked'],
    ['state', { state: '' }, 'invalid field state:'],
    ['state', { state: ['active', 'over'] }, 'invalid field state: must be one of waiting, active, over, revoked'],
    ['permissionCode', { permissionCode: 'x'.repeat(65) }, 'invalid field permissionCode: must be at most 64 characters'],
    ['permissionCode', { permissionCode: 'paid\u0000' }, 'invalid field permissionCode: must not contain control characters'],
    ['permissionCode', { permissionCode: ['a', 'b'] }, 'invalid field permissionCode:'],
  ])('refuses a bad %s with ADMIN_VALIDATION_FAILED naming it (%j)', async (_name, request, details) => {
    const err = await failure(list.execute(request));
    expect(err.code).toBe(ErrorCode.ADMIN_VALIDATION_FAILED);
    expect(err.failureDetails).toContain(details);
    expect(store.asked).toEqual([]);
  });
});

describe('list grants: which grants each state holds (the fake applies grantState, as the SQL does)', () => {
  it('waiting, active (endTime ahead or none), over (endTime reached) and revoked (either status); total counts the filtered list', async () => {
    const grants = new MemoryGrants();
    const clock = new ManualClock(T0);
    const plan = makePermission({ code: 'paid-30' });
    const waiting = grants.add(makeGrant({ permission: plan }));
    const active = grants.add(makeGrant({ permission: plan, grantStatus: 3, ipcMac: MAC, startTime: T0 - DAY, endTime: T0 + DAY }));
    const endsNow = grants.add(makeGrant({ permission: plan, grantStatus: 3, ipcMac: MAC, startTime: T0 - DAY, endTime: T0 }));
    const revoked = grants.add(makeGrant({ permission: plan, grantStatus: 3, ipcMac: MAC, startTime: T0 - DAY, endTime: T0 + DAY, revokedAt: T0 }));
    const revokedWaiting = grants.add(makeGrant({ permission: plan, revokedAt: T0 }));
    grants.add(makeGrant({ permission: makePermission({ code: 'free-7' }) }));
    const list = new ListGrantsUseCase(grants, clock);
    const ids = async (state: string) => {
      const page = await list.execute({ state, permissionCode: 'paid-30' });
      expect(page.total).toBe(page.items.length);
      return page.items.map((g) => g.grantId);
    };
    expect(await ids('waiting')).toEqual([waiting.grantId]);
    expect(await ids('active')).toEqual([active.grantId]);
    expect(await ids('over')).toEqual([endsNow.grantId]);
    expect(await ids('revoked')).toEqual([revoked.grantId, revokedWaiting.grantId]);
    clock.advance(DAY / 1000);
    expect(await ids('active')).toEqual([]);
    expect(await ids('over')).toEqual([active.grantId, endsNow.grantId]);
  });
});
