import { ErrorCode, type ListTotal, type PageWindow } from '@dcp/contracts';
import { ManualClock } from '@dcp/testing';
import { T0, makeGrant, makePermission } from '../test/factories';
import { MemoryGrants, failure } from '../test/fakes';
import type { GrantFilter, GrantPageKey, GrantStore } from './grant.repository';
import type { Grant } from './grant';
import { ListGrantsUseCase } from './list-grants.use-case';

const DAY = 86_400_000;
const MAC = 'AABBCCDDEE01';

/** Keeps the filter and page each list asked for (the filtering itself is SQL: permission-grants.int.spec.ts). */
class AskedPages implements Pick<GrantStore, 'page'> {
  readonly asked: { filter: GrantFilter; take: number; offset: number }[] = [];
  async page(filter: GrantFilter, window: PageWindow<GrantPageKey>): Promise<{ items: Grant[] } & ListTotal> {
    this.asked.push({ filter, take: window.take, offset: window.offset });
    return { items: [], total: 0, totalIsEstimate: false };
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
      { filter: { openId: 'open-7', permissionCode: 'paid-30', ipcMac: MAC, state: { name: 'over', now: T0 } }, take: 6, offset: 10 },
      { filter: { openId: undefined, permissionCode: undefined, ipcMac: MAC, state: { name: 'active', now: T0 + 60_000 } }, take: 101, offset: 0 },
      { filter: { openId: undefined, permissionCode: undefined, ipcMac: undefined, state: undefined }, take: 101, offset: 0 },
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
    ['offset', { offset: '10001' }, 'invalid field offset: must be at most 10000: page further with cursor'],
    ['cursor', { cursor: 'not-a-cursor' }, 'invalid field cursor: not a cursor this list answered'],
    ['cursor', { cursor: ['a', 'b'] }, 'invalid field cursor:'],
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

describe('list grants: paging by cursor', () => {
  const plan = makePermission({ code: 'paid-30' });
  function setup(count: number) {
    const grants = new MemoryGrants();
    for (let i = 0; i < count; i++) grants.add(makeGrant({ permission: plan, openId: i % 2 === 0 ? 'open-even' : 'open-odd' }));
    return { grants, list: new ListGrantsUseCase(grants, new ManualClock(T0)) };
  }

  it('walks every grant once, in id order, following nextCursor until it is null; grants added meanwhile after the cursor show up', async () => {
    const { grants, list } = setup(7);
    const seen: number[] = [];
    let page = await list.execute({ limit: 3 });
    seen.push(...page.items.map((g) => g.grantId));
    const added = grants.add(makeGrant({ permission: plan }));
    while (page.nextCursor !== null) {
      page = await list.execute({ limit: 3, cursor: page.nextCursor });
      seen.push(...page.items.map((g) => g.grantId));
    }
    expect(seen).toEqual(grants.rows.map((g) => g.grantId).sort((a, b) => a - b));
    expect(seen).toContain(added.grantId);
    expect(page).toMatchObject({ total: 8, totalIsEstimate: false, nextCursor: null });
  });

  it('lists active grants soonest-ending first and over grants most recently ended first, paging by (end, id)', async () => {
    const grants = new MemoryGrants();
    const clock = new ManualClock(T0);
    const ending = (endTime: number | null) => grants.add(makeGrant({ permission: plan, grantStatus: 3, ipcMac: MAC, startTime: T0 - 40 * DAY, endTime }));
    const late = ending(T0 + 9 * DAY);
    const soon = ending(T0 + DAY);
    const never = ending(null);
    const alsoSoon = ending(T0 + DAY);
    const longAgo = ending(T0 - 9 * DAY);
    const lately = ending(T0 - DAY);
    const list = new ListGrantsUseCase(grants, clock);
    const walk = async (state: string) => {
      const ids: number[] = [];
      let page = await list.execute({ state, limit: 2 });
      ids.push(...page.items.map((g) => g.grantId));
      while (page.nextCursor !== null) {
        page = await list.execute({ state, limit: 2, cursor: page.nextCursor });
        ids.push(...page.items.map((g) => g.grantId));
      }
      return ids;
    };
    expect(await walk('active')).toEqual([soon.grantId, alsoSoon.grantId, late.grantId, never.grantId]);
    expect(await walk('over')).toEqual([lately.grantId, longAgo.grantId]);
    // A cursor of the list in creation order is not one of the list by end: other filters.
    const { nextCursor } = await list.execute({ limit: 1 });
    expect((await failure(list.execute({ state: 'active', cursor: nextCursor }))).failureDetails).toMatch(/^invalid field cursor: issued for other filters/);
  });

  it('answers no nextCursor when the page is the last, even a full one', async () => {
    const { list } = setup(3);
    expect((await list.execute({ limit: 3 })).nextCursor).toBeNull();
    expect((await list.execute({ limit: 2 })).nextCursor).toEqual(expect.any(String));
  });

  it('refuses a cursor of other filters, of another list, edited, or given with an offset', async () => {
    const { list } = setup(5);
    const { nextCursor } = await list.execute({ limit: 1, openId: 'open-even' });
    expect(nextCursor).not.toBeNull();
    const cursor = nextCursor as string;
    await expect(list.execute({ limit: 1, openId: 'open-even', cursor })).resolves.toMatchObject({ items: [expect.objectContaining({ openId: 'open-even' })] });
    const refusals = [
      [{ openId: 'open-odd', cursor }, 'invalid field cursor: issued for other filters'],
      [{ openId: 'open-even', state: 'active', cursor }, 'invalid field cursor: issued for other filters'],
      [{ openId: 'open-even', cursor: `${cursor.slice(0, 5)}${cursor[5] === 'A' ? 'B' : 'A'}${cursor.slice(6)}` }, 'invalid field cursor: not a cursor this list answered'],
      [{ openId: 'open-even', cursor: cursor.slice(0, -1) }, 'invalid field cursor: not a cursor this list answered'],
      [{ openId: 'open-even', cursor, offset: '0' }, 'invalid field offset: give cursor or offset, not both'],
    ] as const;
    for (const [request, details] of refusals) {
      const err = await failure(list.execute({ limit: 1, ...request }));
      expect([err.code, err.failureDetails]).toEqual([ErrorCode.ADMIN_VALIDATION_FAILED, expect.stringContaining(details)]);
    }
  });
});
