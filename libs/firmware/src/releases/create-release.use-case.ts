/**
 * Adds a release to its model's chain (creating the model, smartUpgrade true, with its first release).
 * Defaults: interim false, active true, remind 0, rolloutPercent 100; md5 stored upper-case. A release with the
 * same model, type and key (version1, version3, version4, patchVersion) → ADMIN_CONFLICT.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { RUNTIME_CLOCK, type Clock, ServesRpc } from '@dcp/runtime';
import { ErrorCode, PlatformError, type ReleaseView, createReleaseBodySchema, parseAdminBody, FIRMWARE_RPC } from '@dcp/contracts';
import { releaseLabel } from './release';
import { toReleaseView } from './release.mapper';
import { ReleaseRepository, type ReleaseStore } from './release.repository';

@Injectable()
export class CreateReleaseUseCase {
  private readonly logger = new Logger('firmware-releases');

  constructor(
    @Inject(ReleaseRepository) private readonly releases: ReleaseStore,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  @ServesRpc(FIRMWARE_RPC.createRelease, 'admin.create_release')
  async execute(request: { body: unknown }): Promise<ReleaseView> {
    const body = parseAdminBody(createReleaseBodySchema, request.body);
    const release = {
      machineTypeName: body.machineTypeName,
      type: body.type,
      version1: body.version1,
      version2: body.version2,
      version3: body.version3,
      version4: body.version4,
      patchVersion: body.patchVersion,
      downloadUri: body.downloadUri,
      md5: body.md5.toUpperCase(),
      descZh: body.desc.zh,
      descEn: body.desc.en,
      interim: body.interim ?? false,
      active: body.active ?? true,
      remind: body.remind ?? 0,
      rolloutPercent: body.rolloutPercent ?? 100,
    };
    const created = await this.releases.create(release, new Date(this.clock.now()));
    if (!created) throw new PlatformError(ErrorCode.ADMIN_CONFLICT, `${releaseLabel(release)} already exists`);
    this.logger.log(`release ${created.id} added: ${releaseLabel(created)}`);
    return toReleaseView(created);
  }
}
