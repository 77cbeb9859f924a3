/**
 * ADMIN_LOOKUP_RPC.searchUsers: one page of the users with a merchant's uuid. A uuid is the merchant's own id,
 * so the same one may exist under several merchants: without clientId every merchant's user with it is listed.
 * The query arrives as text; a bad parameter answers ADMIN_VALIDATION_FAILED naming it. Paged by cursor or a
 * bounded offset (libs/contracts/src/admin-paging.ts).
 */
import { Injectable } from '@nestjs/common';
import { type AdminUserView, type ListPage, listPaging, parseAdminBody, searchUsersQuerySchema, ADMIN_LOOKUP_RPC } from '@dcp/contracts';
import { ServesRpc } from '@dcp/runtime';
import { z } from 'zod';
import { AdminUserReads } from './admin-user.reads';
import { toAdminUserView } from './admin-user.mapper';

/** Users by uuid, by user id. */
const USER_PAGES = listPaging('users', z.tuple([z.number().int().positive()]));

@Injectable()
export class SearchUsersUseCase {
  constructor(private readonly users: AdminUserReads) {}

  @ServesRpc(ADMIN_LOOKUP_RPC.searchUsers, 'admin.search_users')
  async execute(request: Record<string, unknown>): Promise<ListPage<AdminUserView>> {
    const filter = parseAdminBody(searchUsersQuerySchema, request);
    const page = USER_PAGES.resolve(request, filter);
    const { items, ...total } = await this.users.pageByUuid(filter, page);
    return USER_PAGES.answer(items, page, filter, total, (u) => [u.id], toAdminUserView);
  }
}
