/** Permission rows of the permission schema. */
import { Inject, Injectable } from '@nestjs/common';
import { type Sql, join, raw, sqltag as sql } from '@prisma/client/runtime/client';
import { listTotal, serviceDatabaseToken } from '@dcp/runtime';
import type { ListPermissionsFilter, ListTotal, PageWindow } from '@dcp/contracts';
import { escapeLikeWildcards, isUniqueViolation } from '@dcp/database';
import type { PermissionDatabase } from '../permission-database.types';
import type { NewPermission, Permission } from './permission';

/** What the catalogue and grant use cases need of the permission rows (PermissionRepository; an in-memory fake in unit specs). */
export interface PermissionStore {
  findByCode(code: string): Promise<Permission | null>;
  create(permission: NewPermission): Promise<Permission | undefined>;
  /** The plan with its new retention, or null when no plan has that code. */
  setRetention(code: string, retentionDays: number | null): Promise<Permission | null>;
  /** Creation order; `q` matched literally (wildcards escaped), case-insensitively, in the code or name. */
  page(filter: ListPermissionsFilter, window: PageWindow<[id: number]>): Promise<{ items: Permission[] } & ListTotal>;
}

@Injectable()
export class PermissionRepository implements PermissionStore {
  constructor(@Inject(serviceDatabaseToken('permission')) private readonly db: PermissionDatabase) {}

  findByCode(code: string): Promise<Permission | null> {
    return this.db.client.permission.findUnique({ where: { code } });
  }

  /** Undefined when the code is taken (unique index: the first of two concurrent creations wins). */
  async create(permission: NewPermission): Promise<Permission | undefined> {
    try {
      return await this.db.client.permission.create({ data: permission });
    } catch (err) {
      if (isUniqueViolation(err)) return undefined;
      throw err;
    }
  }

  async setRetention(code: string, retentionDays: number | null): Promise<Permission | null> {
    const { count } = await this.db.client.permission.updateMany({ where: { code }, data: { retentionDays } });
    return count === 1 ? this.findByCode(code) : null;
  }

  /**
   * `take` plans after `after` or from `offset` in creation order, and how many match: ids through the primary key
   * (`q` is a substring, checked on the rows walked: a catalogue holds tens of plans), rows by primary key.
   */
  async page(filter: ListPermissionsFilter, window: PageWindow<[id: number]>): Promise<{ items: Permission[] } & ListTotal> {
    const conditions: Sql[] = [];
    if (filter.q !== undefined) {
      const contains = `%${escapeLikeWildcards(filter.q)}%`;
      conditions.push(sql`(p.permission_code ILIKE ${contains} OR p.permission_name ILIKE ${contains})`);
    }
    if (filter.permissionType !== undefined) conditions.push(sql`p.permission_type = ${filter.permissionType}`);
    const from = sql`FROM "permission"."permission" p WHERE ${conditions.length === 0 ? raw('TRUE') : join(conditions, ' AND ')}`;
    const order = sql`ORDER BY p.id`;
    const after = window.after === undefined ? raw('') : sql`AND p.id > ${window.after[0]}`;
    const [ids, total] = await Promise.all([
      this.db.client.$queryRaw<{ id: number }[]>(sql`SELECT p.id ${from} ${after} ${order} LIMIT ${window.take} OFFSET ${window.offset}`),
      listTotal(this.db.client, from, order),
    ]);
    const items = ids.length === 0 ? [] : await this.db.client.permission.findMany({ where: { id: { in: ids.map((r) => r.id) } }, orderBy: { id: 'asc' } });
    return { items, ...total };
  }
}
