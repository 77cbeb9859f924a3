/** Test doubles for unit specs (time: ManualClock from @dcp/testing at T0): an in-memory release store with the real rules, recorded metrics (each implements the interface its use cases depend on). */
import type { ListTotal, PageWindow } from '@dcp/contracts';
import { memoryPage } from '@dcp/testing';
import type { Chain, FirmwareModel, ModelSummary, NewRelease, Release, ReleaseChanges } from '../releases/release';
import type { ReleaseStore } from '../releases/release.repository';
import type { NotRecordedReason, Offer, OfferMetrics } from '../common/firmware-metrics';
import type { BoundDeviceLookup, UserDevicePair } from '../progress/device-directory';
import type { RolloutCheck } from '../progress/rollout-check';
import type { RolloutCheckStore } from '../progress/rollout-check.repository';
import type { ProgressCounts } from '../progress/rollout-summary';

/** Where unit specs' ManualClock (@dcp/testing) starts. */
export const T0 = Date.UTC(2026, 0, 1);

let nextReleaseId = 1;

/** A system release 1.0.0.0 of model "IPC-100" unless overridden. */
export function fakeRelease(overrides: Partial<Release> = {}): Release {
  return {
    id: nextReleaseId++,
    modelId: 1,
    machineTypeName: 'IPC-100',
    type: 1,
    version1: 1,
    version2: '0',
    version3: 0,
    version4: 0,
    patchVersion: 0,
    downloadUri: 'https://fw.example.com/ipc-100/sys-1.0.0.bin',
    md5: '0123456789ABCDEF0123456789ABCDEF',
    descZh: '修复',
    descEn: 'Fixes',
    interim: false,
    active: true,
    remind: 0,
    rolloutPercent: 100,
    createdAt: new Date(T0),
    updatedAt: new Date(T0),
    ...overrides,
  };
}

/** Same rules as ReleaseRepository's SQL: unique (model, type, key), models created with their first release. */
export class MemoryReleases implements ReleaseStore {
  readonly models: FirmwareModel[] = [];
  readonly rows: Release[] = [];
  /** Set to make every call fail like a lost database. */
  broken = false;

  private check(): void {
    if (this.broken) throw new Error('connection terminated');
  }

  async create(r: NewRelease, now: Date): Promise<Release | undefined> {
    this.check();
    let model = this.models.find((m) => m.machineTypeName === r.machineTypeName);
    const same = (x: Release) =>
      model !== undefined && x.modelId === model.id && x.type === r.type && x.version1 === r.version1 && x.version3 === r.version3 && x.version4 === r.version4 && x.patchVersion === r.patchVersion;
    if (this.rows.some(same)) return undefined;
    if (!model) {
      model = { id: this.models.length + 1, machineTypeName: r.machineTypeName, smartUpgrade: true, createdAt: now, updatedAt: now };
      this.models.push(model);
    }
    const row = fakeRelease({ ...r, modelId: model.id, createdAt: now, updatedAt: now });
    this.rows.push(row);
    return { ...row };
  }
  async findById(id: number): Promise<Release | null> {
    this.check();
    const r = this.rows.find((x) => x.id === id);
    return r ? { ...r } : null;
  }
  async page(filter: { machineTypeName?: string }, window: PageWindow<[number]>): Promise<{ items: Release[] } & ListTotal> {
    this.check();
    const all = this.rows.filter((r) => filter.machineTypeName === undefined || r.machineTypeName === filter.machineTypeName);
    return memoryPage(all, window, (r) => r.id);
  }
  async update(id: number, changes: ReleaseChanges, now: Date): Promise<Release | null> {
    this.check();
    const r = this.rows.find((x) => x.id === id);
    if (!r) return null;
    Object.assign(r, changes, { updatedAt: now });
    return { ...r };
  }
  async findModel(machineTypeName: string): Promise<FirmwareModel | null> {
    this.check();
    return this.models.find((m) => m.machineTypeName === machineTypeName) ?? null;
  }
  async setSmartUpgrade(machineTypeName: string, smartUpgrade: boolean, now: Date): Promise<FirmwareModel | null> {
    this.check();
    const m = this.models.find((x) => x.machineTypeName === machineTypeName);
    if (!m) return null;
    Object.assign(m, { smartUpgrade, updatedAt: now });
    return { ...m };
  }
  async chainOf(machineTypeName: string): Promise<Chain | null> {
    this.check();
    const model = this.models.find((m) => m.machineTypeName === machineTypeName);
    if (!model) return null;
    return { model: { ...model }, releases: this.rows.filter((r) => r.modelId === model.id && r.active).map((r) => ({ ...r })) };
  }
  async modelWithAllReleases(machineTypeName: string): Promise<Chain | null> {
    this.check();
    const model = this.models.find((m) => m.machineTypeName === machineTypeName);
    if (!model) return null;
    return { model: { ...model }, releases: this.rows.filter((r) => r.modelId === model.id).map((r) => ({ ...r })) };
  }
  async pageModels(filter: { q?: string }, window: PageWindow<[number]>): Promise<{ items: ModelSummary[] } & ListTotal> {
    this.check();
    const q = filter.q?.toLowerCase();
    const models = this.models.filter((m) => q === undefined || m.machineTypeName.toLowerCase().includes(q));
    const summary = (m: FirmwareModel): ModelSummary => {
      const releases = this.rows.filter((r) => r.modelId === m.id);
      return { ...m, releaseCount: releases.length, activeReleaseCount: releases.filter((r) => r.active).length };
    };
    const page = memoryPage(models, window, (m) => m.id);
    return { ...page, items: page.items.map(summary) };
  }
}

/** Keeps what firmware.latest records; `broken` makes every recording fail like a lost database. */
export class MemoryRolloutChecks implements RolloutCheckStore {
  readonly recorded: RolloutCheck[] = [];
  broken = false;

  /** Each batch written, in order. */
  readonly batches: RolloutCheck[][] = [];

  async record(checks: readonly RolloutCheck[]): Promise<void> {
    if (this.broken) throw new Error('connection terminated');
    this.batches.push([...checks]);
    this.recorded.push(...checks);
  }
  async progress(): Promise<ProgressCounts> {
    throw new Error('MemoryRolloutChecks counts nothing: progress is SQL (rollout-progress.int.spec.ts)');
  }
  async purgeSeenBefore(): Promise<number> {
    throw new Error('MemoryRolloutChecks purges nothing: the purge is SQL (rollout-progress.int.spec.ts)');
  }
  async forgetEmptyHoursBefore(): Promise<number> {
    throw new Error('MemoryRolloutChecks purges nothing: the purge is SQL (rollout-progress.int.spec.ts)');
  }
}

export class FakeMetrics implements OfferMetrics {
  readonly offers: Offer[] = [];
  /** Answers not recorded, in all and by reason. */
  notRecorded = 0;
  readonly notRecordedBy: Partial<Record<NotRecordedReason, number>> = {};
  offered(offer: Offer): void {
    this.offers.push(offer);
  }
  progressNotRecorded(reason: NotRecordedReason, count = 1): void {
    this.notRecorded += count;
    this.notRecordedBy[reason] = (this.notRecordedBy[reason] ?? 0) + count;
  }
}

/**
 * Stands in for device-service's DEVICE_RPC.boundDevices: every pair is bound unless `bound` is set (then only
 * the pairs it holds, as `userId|MAC`); `down` makes each request fail as a device-service that does not answer.
 */
export class FakeBoundDevices implements BoundDeviceLookup {
  bound?: Set<string>;
  down = false;
  /** Each request, in order. */
  readonly asked: UserDevicePair[][] = [];

  async boundAmong(pairs: readonly UserDevicePair[]): Promise<UserDevicePair[]> {
    this.asked.push([...pairs]);
    if (this.down) throw new Error('device-service did not answer');
    return pairs.filter((p) => !this.bound || this.bound.has(`${p.userId}|${p.macAddr}`));
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
