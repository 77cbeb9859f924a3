/** Models and releases of the firmware schema; Prisma rows are mapped to the service's own types here. */
import { Inject, Injectable } from '@nestjs/common';
import { raw, sqltag as sql } from '@prisma/client/runtime/client';
import type { ListTotal, PageWindow } from '@dcp/contracts';
import { listTotal, serviceDatabaseToken } from '@dcp/runtime';
import { escapeLikeWildcards, isUniqueViolation } from '@dcp/database';
import type { FirmwareDatabase } from '../firmware-database.types';
import type { Chain, FirmwareModel, ModelSummary, NewRelease, Release, ReleaseChanges } from './release';

interface ReleaseRow extends Omit<Release, 'machineTypeName'> {
  model: FirmwareModel;
}

function toRelease({ model, ...row }: ReleaseRow): Release {
  return { ...row, machineTypeName: model.machineTypeName };
}

const isMissingRow = (err: unknown) => (err as { code?: unknown }).code === 'P2025';

/** What the release and model use cases need of the firmware rows (ReleaseRepository; an in-memory fake in unit specs). */
export interface ReleaseStore {
  create(release: NewRelease, now: Date): Promise<Release | undefined>;
  findById(id: number): Promise<Release | null>;
  page(filter: { machineTypeName?: string }, window: PageWindow<[id: number]>): Promise<{ items: Release[] } & ListTotal>;
  update(id: number, changes: ReleaseChanges, now: Date): Promise<Release | null>;
  findModel(machineTypeName: string): Promise<FirmwareModel | null>;
  setSmartUpgrade(machineTypeName: string, smartUpgrade: boolean, now: Date): Promise<FirmwareModel | null>;
  chainOf(machineTypeName: string): Promise<Chain | null>;
  /** The model and every release of it, active or not, in creation order; null for an unknown model. */
  modelWithAllReleases(machineTypeName: string): Promise<Chain | null>;
  /** Models in creation order; `q` a literal, case-insensitive part of the machineTypeName. */
  pageModels(filter: { q?: string }, window: PageWindow<[id: number]>): Promise<{ items: ModelSummary[] } & ListTotal>;
}

@Injectable()
export class ReleaseRepository implements ReleaseStore {
  constructor(@Inject(serviceDatabaseToken('firmware')) private readonly db: FirmwareDatabase) {}

  /**
   * Creates the release, and its model (smartUpgrade true) when it is the model's first, in one transaction.
   * Undefined when the model already has a release of that type and key (unique index: the first of two
   * concurrent creations wins).
   */
  async create({ machineTypeName, ...release }: NewRelease, now: Date): Promise<Release | undefined> {
    try {
      return await this.db.client.$transaction(async (tx) => {
        // INSERT … ON CONFLICT DO NOTHING: concurrent first releases of one model create it once.
        await tx.firmwareModel.createMany({ data: [{ machineTypeName, smartUpgrade: true, createdAt: now, updatedAt: now }], skipDuplicates: true });
        const model = await tx.firmwareModel.findUniqueOrThrow({ where: { machineTypeName } });
        const row = await tx.firmwareRelease.create({ data: { ...release, modelId: model.id, createdAt: now, updatedAt: now }, include: { model: true } });
        return toRelease(row);
      });
    } catch (err) {
      if (isUniqueViolation(err)) return undefined;
      throw err;
    }
  }

  async findById(id: number): Promise<Release | null> {
    const row = await this.db.client.firmwareRelease.findUnique({ where: { id }, include: { model: true } });
    return row ? toRelease(row) : null;
  }

  /**
   * Creation order, optionally of one model: `take` releases after `after` or from `offset`, and how many match.
   * One model's releases through its (model_id, …) index (a model has tens), all of them through the primary key.
   */
  async page(filter: { machineTypeName?: string }, window: PageWindow<[id: number]>): Promise<{ items: Release[] } & ListTotal> {
    const model = filter.machineTypeName === undefined ? raw('TRUE') : sql`r.model_id = (SELECT m.id FROM "firmware"."firmware_model" m WHERE m.machine_type_name = ${filter.machineTypeName})`;
    const from = sql`FROM "firmware"."firmware_release" r WHERE ${model}`;
    const order = sql`ORDER BY r.id`;
    const after = window.after === undefined ? raw('') : sql`AND r.id > ${window.after[0]}`;
    const [ids, total] = await Promise.all([
      this.db.client.$queryRaw<{ id: number }[]>(sql`SELECT r.id ${from} ${after} ${order} LIMIT ${window.take} OFFSET ${window.offset}`),
      listTotal(this.db.client, from, order),
    ]);
    const rows = ids.length === 0 ? [] : await this.db.client.firmwareRelease.findMany({ where: { id: { in: ids.map((r) => r.id) } }, orderBy: { id: 'asc' }, include: { model: true } });
    return { items: rows.map(toRelease), ...total };
  }

  /** Null when no such release. */
  async update(id: number, changes: ReleaseChanges, now: Date): Promise<Release | null> {
    try {
      const row = await this.db.client.firmwareRelease.update({ where: { id }, data: { ...changes, updatedAt: now }, include: { model: true } });
      return toRelease(row);
    } catch (err) {
      if (isMissingRow(err)) return null;
      throw err;
    }
  }

  findModel(machineTypeName: string): Promise<FirmwareModel | null> {
    return this.db.client.firmwareModel.findUnique({ where: { machineTypeName } });
  }

  /** Null when the model does not exist (models are created with their first release). */
  async setSmartUpgrade(machineTypeName: string, smartUpgrade: boolean, now: Date): Promise<FirmwareModel | null> {
    try {
      return await this.db.client.firmwareModel.update({ where: { machineTypeName }, data: { smartUpgrade, updatedAt: now } });
    } catch (err) {
      if (isMissingRow(err)) return null;
      throw err;
    }
  }

  /** The model and its active releases of both types (index (model_id, type, active)); null for an unknown model. */
  async chainOf(machineTypeName: string): Promise<Chain | null> {
    const found = await this.db.client.firmwareModel.findUnique({ where: { machineTypeName }, include: { releases: { where: { active: true }, orderBy: { id: 'asc' } } } });
    if (!found) return null;
    const { releases, ...model } = found;
    return { model, releases: releases.map((r) => ({ ...r, machineTypeName: model.machineTypeName })) };
  }

  async modelWithAllReleases(machineTypeName: string): Promise<Chain | null> {
    const found = await this.db.client.firmwareModel.findUnique({ where: { machineTypeName }, include: { releases: { orderBy: { id: 'asc' } } } });
    if (!found) return null;
    const { releases, ...model } = found;
    return { model, releases: releases.map((r) => ({ ...r, machineTypeName: model.machineTypeName })) };
  }

  /**
   * Models in creation order: `take` after `after` or from `offset`, and how many match (`q` is a substring,
   * checked on the rows walked: a fleet has hundreds of models), each with its release counts.
   */
  async pageModels(filter: { q?: string }, window: PageWindow<[id: number]>): Promise<{ items: ModelSummary[] } & ListTotal> {
    const where = filter.q === undefined ? raw('TRUE') : sql`m.machine_type_name ILIKE ${`%${escapeLikeWildcards(filter.q)}%`}`;
    const from = sql`FROM "firmware"."firmware_model" m WHERE ${where}`;
    const order = sql`ORDER BY m.id`;
    const after = window.after === undefined ? raw('') : sql`AND m.id > ${window.after[0]}`;
    const [ids, total] = await Promise.all([
      this.db.client.$queryRaw<{ id: number }[]>(sql`SELECT m.id ${from} ${after} ${order} LIMIT ${window.take} OFFSET ${window.offset}`),
      listTotal(this.db.client, from, order),
    ]);
    const rows = ids.length === 0 ? [] : await this.db.client.firmwareModel.findMany({ where: { id: { in: ids.map((r) => r.id) } }, orderBy: { id: 'asc' }, include: { _count: { select: { releases: true } } } });
    const active = rows.length === 0 ? [] : await this.db.client.firmwareRelease.groupBy({ by: ['modelId'], where: { modelId: { in: rows.map((m) => m.id) }, active: true }, _count: { _all: true } });
    const activeByModel = new Map(active.map((a) => [a.modelId, a._count._all]));
    return {
      items: rows.map(({ _count, ...model }) => ({ ...model, releaseCount: _count.releases, activeReleaseCount: activeByModel.get(model.id) ?? 0 })),
      ...total,
    };
  }
}
