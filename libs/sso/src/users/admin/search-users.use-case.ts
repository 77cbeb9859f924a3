/**
 * ADMIN_LOOKUP_RPC.searchUsers: one page of the users with a merchant's uuid. A uuid is the merchant's own id,
 * so the same one may exist under several merchants: without clientId every merchant's user with it is listed.
 * The query arrives as text; a bad parameter answers ADMIN_VALIDATION_FAILED naming it.
 */
import { Injectable } from '@nestjs/common';
import { type AdminUserView, parseAdminBody, resolvePage, searchUsersQuerySchema, ADMIN_LOOKUP_RPC } from '@dcp/contracts';
import { AdminUserReads } from './admin-user.reads';
import { toAdminUserView } from './admin-user.mapper';
import { ServesRpc } from '@dcp/runtime';

@Injectable()
export class SearchUsersUseCase {
  constructor(private readonly users: AdminUserReads) {}

  @ServesRpc(ADMIN_LOOKUP_RPC.searchUsers, 'admin.search_users')
  async execute(request: Record<string, unknown>): Promise<{ items: AdminUserView[]; total: number }> {
    const query = parseAdminBody(searchUsersQuerySchema, request);
    const { limit, offset } = resolvePage(query);
    const { items, total } = await this.users.pageByUuid({ uuid: query.uuid, clientId: query.clientId }, limit, offset);
    return { items: items.map(toAdminUserView), total };
  }
}
