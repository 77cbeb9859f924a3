/**
 * Changes what may change on a release: active, remind, rolloutPercent, interim (versions and artifacts are
 * immutable; the strict body refuses them). An empty body changes nothing. Unknown id → ADMIN_NOT_FOUND.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { RUNTIME_CLOCK, type Clock, ServesRpc } from '@dcp/runtime';
import { type ReleaseView, parseAdminBody, updateReleaseBodySchema, FIRMWARE_RPC } from '@dcp/contracts';
import { parseReleaseId, releaseNotFound, type Release, type ReleaseChanges } from './release';
import { toReleaseView } from './release.mapper';
import { ReleaseRepository, type ReleaseStore } from './release.repository';

@Injectable()
export class UpdateReleaseUseCase {
  private readonly logger = new Logger('firmware-releases');

  constructor(
    @Inject(ReleaseRepository) private readonly releases: ReleaseStore,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  @ServesRpc(FIRMWARE_RPC.updateRelease, 'admin.update_release')
  async execute(request: { id: string; body: unknown }): Promise<ReleaseView> {
    const body = parseAdminBody(updateReleaseBodySchema, request.body);
    const id = parseReleaseId(request.id);
    const changes: ReleaseChanges = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    let release: Release | null = null;
    if (id !== undefined) release = Object.keys(changes).length === 0 ? await this.releases.findById(id) : await this.releases.update(id, changes, new Date(this.clock.now()));
    if (!release) throw releaseNotFound(request.id);
    if (Object.keys(changes).length > 0) this.logger.log(`release ${release.id} changed: ${JSON.stringify(changes)}`);
    return toReleaseView(release);
  }
}
