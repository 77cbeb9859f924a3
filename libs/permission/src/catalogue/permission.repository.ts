/** Permission rows of the permission schema. */
import { Inject, Injectable } from '@nestjs/common';
import { serviceDatabaseToken } from '@dcp/runtime';
import type { ListPermissionsFilter } from '@dcp/contracts';
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
  page(filter: ListPermissionsFilter, limit: number, offset: number): Promise<{ items: Permission[]; total: number }>;
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

  async page(filter: ListPermissionsFilter, limit: number, offset: number): Promise<{ items: Permission[]; total: number }> {
    const contains = filter.q === undefined ? undefined : { contains: escapeLikeWildcards(filter.q), mode: 'insensitive' as const };
    const where = { ...(contains && { OR: [{ code: contains }, { name: contains }] }), ...(filter.permissionType !== undefined && { type: filter.permissionType }) };
    const [items, total] = await Promise.all([
      this.db.client.permission.findMany({ where, orderBy: { id: 'asc' }, take: limit, skip: offset }),
      this.db.client.permission.count({ where }),
    ]);
    return { items, total };
  }
}
