/** Test doubles for unit specs (time: ManualClock from @dcp/testing at T0): in-memory stores and directories with the real rules (each implements the interface its use cases depend on). */
import { randomBytes } from 'node:crypto';
import type { ListPermissionsFilter, ListTotal, PageWindow } from '@dcp/contracts';
import { memoryPage } from '@dcp/testing';
import type { CameraStream } from '../streams/camera-stream';
import type { StreamDirectory } from '../streams/camera-streams';
import type { NewPermission, Permission } from '../catalogue/permission';
import type { PermissionStore } from '../catalogue/permission.repository';
import { GRANT_STATUS, type Activation, type Grant, type NewGrant } from '../grants/grant';
import { T0, makeGrant, makePermission } from './factories';
import { grantState } from '../grants/grant-rules';
import { type GrantFilter, type GrantPageKey, type GrantStore, grantsByEnd } from '../grants/grant.repository';
import type { DirectoryUser, UserDevice, UserDeviceLookup, UserLookup } from '../common/directories';

export { T0 };

export class MemoryPermissions implements PermissionStore {
  readonly rows: Permission[] = [];
  async findByCode(code: string): Promise<Permission | null> {
    return this.rows.find((p) => p.code === code) ?? null;
  }
  async create(p: NewPermission): Promise<Permission | undefined> {
    if (this.rows.some((r) => r.code === p.code)) return undefined;
    const row = makePermission({ ...p });
    this.rows.push(row);
    return row;
  }
  async setRetention(code: string, retentionDays: number | null): Promise<Permission | null> {
    const row = this.rows.find((p) => p.code === code);
    if (!row) return null;
    row.retentionDays = retentionDays;
    return row;
  }
  async page(filter: ListPermissionsFilter, window: PageWindow<[number]>): Promise<{ items: Permission[] } & ListTotal> {
    const q = filter.q?.toLowerCase();
    const all = this.rows.filter((p) => (q === undefined || `${p.code}\n${p.name}`.toLowerCase().includes(q)) && (filter.permissionType === undefined || p.type === filter.permissionType));
    return memoryPage(all, window, (p) => p.id);
  }
}

/** Same conditions as GrantRepository's SQL (conditional activation included). */
export class MemoryGrants implements GrantStore {
  readonly rows: Grant[] = [];
  constructor(private readonly permissions: MemoryPermissions = new MemoryPermissions()) {}
  add(grant: Grant): Grant {
    this.rows.push(grant);
    return grant;
  }
  async create(g: NewGrant): Promise<Grant> {
    const permission = this.permissions.rows.find((p) => p.id === g.permissionId) ?? makePermission({ id: g.permissionId });
    return this.add(makeGrant({ ...g, permission }));
  }
  async findById(id: number): Promise<Grant | null> {
    const g = this.rows.find((r) => r.grantId === id);
    return g ? { ...g } : null;
  }
  async page(filter: GrantFilter, window: PageWindow<GrantPageKey>): Promise<{ items: Grant[] } & ListTotal> {
    const all = this.rows.filter(
      (g) =>
        (filter.openId === undefined || g.openId === filter.openId) &&
        (filter.userId === undefined || g.userId === filter.userId) &&
        (filter.ipcMac === undefined || g.ipcMac === filter.ipcMac) &&
        (filter.permissionCode === undefined || g.permission.code === filter.permissionCode) &&
        (filter.state === undefined || grantState(g, filter.state.now) === filter.state.name),
    );
    const byEnd = grantsByEnd(filter);
    if (byEnd === undefined) return memoryPage(all, window as PageWindow<[number]>, (g) => g.grantId);
    // As the SQL: by end (none after every date) and id, ascending for active, descending for over.
    const key = (g: Grant): [number, number] => [g.endTime ?? Number.POSITIVE_INFINITY, g.grantId];
    const sign = byEnd === 'ending' ? 1 : -1;
    const compare = (a: [number, number], b: [number, number]) => sign * (a[0] - b[0] || a[1] - b[1]);
    const after = window.after?.length === 2 ? ([window.after[0] ?? Number.POSITIVE_INFINITY, window.after[1]] as [number, number]) : undefined;
    const ordered = [...all].sort((a, b) => compare(key(a), key(b))).filter((g) => after === undefined || compare(key(g), after) > 0);
    return { items: ordered.slice(window.offset, window.offset + window.take), total: all.length, totalIsEstimate: false };
  }
  async waitingOf(userId: number): Promise<Grant[]> {
    return this.rows.filter((g) => g.userId === userId && g.grantStatus === GRANT_STATUS.waiting && g.revokedAt === null);
  }
  async inServiceOf(userId: number, now: number, ipcMac?: string): Promise<Grant[]> {
    return this.rows.filter(
      (g) =>
        g.userId === userId &&
        g.grantStatus === GRANT_STATUS.active &&
        g.revokedAt === null &&
        (g.endTime ?? 0) > now &&
        (g.startTime === null || g.startTime <= now) &&
        (ipcMac === undefined || g.ipcMac === ipcMac),
    );
  }
  async activate(id: number, a: Activation): Promise<boolean> {
    const g = this.rows.find((r) => r.grantId === id);
    if (!g || g.grantStatus !== GRANT_STATUS.waiting || g.revokedAt !== null || (g.ipcMac !== null && g.ipcMac !== a.ipcMac)) return false;
    Object.assign(g, { grantStatus: GRANT_STATUS.active, ...a });
    return true;
  }
  async undoActivation(id: number, startTime: number, previousIpcMac: string | null): Promise<boolean> {
    const g = this.rows.find((r) => r.grantId === id);
    if (!g || g.grantStatus !== GRANT_STATUS.active || g.revokedAt !== null || g.startTime !== startTime) return false;
    Object.assign(g, { grantStatus: GRANT_STATUS.waiting, ipcMac: previousIpcMac, startTime: null, endTime: null, exceptionInfo: null, appClientVersion: null });
    return true;
  }
}

export class FakeUsers implements UserLookup {
  readonly users = new Map<string, DirectoryUser>();
  add(userId: number, openId = `open-${userId}`): DirectoryUser {
    const user = { userId, openId };
    this.users.set(openId, user);
    return user;
  }
  async findByOpenId(openId: string): Promise<DirectoryUser | null> {
    return this.users.get(openId) ?? null;
  }
}

export class FakeDevices implements UserDeviceLookup {
  readonly devices = new Map<string, UserDevice & { userId: number }>();
  bind(userId: number, macAddr: string, supportStore = 1): void {
    this.devices.set(`${userId}/${macAddr}`, { userId, macAddr, supportStore });
  }
  unbind(userId: number, macAddr: string): void {
    this.devices.delete(`${userId}/${macAddr}`);
  }
  async findUserDevice(userId: number, macAddr: string): Promise<UserDevice | null> {
    return this.devices.get(`${userId}/${macAddr}`) ?? null;
  }
}

/** Catches a rejected promise's error for assertions on its code and details. */
export async function failure(promise: Promise<unknown>): Promise<{ code: string; failureDetails: string }> {
  try {
    await promise;
  } catch (err) {
    return err as { code: string; failureDetails: string };
  }
  throw new Error('expected the call to fail');
}

/** Camera streams in memory (CameraStreams' rules: one live stream per device and owner, issued once). */
export class MemoryStreams implements StreamDirectory {
  readonly rows: CameraStream[] = [];
  async ensure(userId: number, ipcMac: string): Promise<CameraStream> {
    const live = this.rows.find((s) => s.userId === userId && s.ipcMac === ipcMac);
    if (live) return live;
    const stream = { id: this.rows.length + 1, userId, ipcMac, userTag: `tag${userId}`, streamId: randomBytes(16).toString('hex') };
    this.rows.push(stream);
    return stream;
  }
  async liveOf(userId: number, ipcMacs: readonly string[]): Promise<Map<string, CameraStream>> {
    return new Map(this.rows.filter((s) => s.userId === userId && ipcMacs.includes(s.ipcMac)).map((s) => [s.ipcMac, s]));
  }
}
