/** Permission rows of the permission schema. */
import { Inject, Injectable } from '@nestjs/common';
import { serviceDatabaseToken } from '@dcp/runtime';
import { isUniqueViolation } from '@dcp/database';
import type { PermissionDatabase } from '../permission-database.types';
import type { NewPermission, Permission } from './permission';

/** What the catalogue and grant use cases need of the permission rows (PermissionRepository; an in-memory fake in unit specs). */
export interface PermissionStore {
  findByCode(code: string): Promise<Permission | null>;
  create(permission: NewPermission): Promise<Permission | undefined>;
  page(limit: number, offset: number): Promise<{ items: Permission[]; total: number }>;
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

  async page(limit: number, offset: number): Promise<{ items: Permission[]; total: number }> {
    const [items, total] = await Promise.all([this.db.client.permission.findMany({ orderBy: { id: 'asc' }, take: limit, skip: offset }), this.db.client.permission.count()]);
    return { items, total };
  }
}
