/** Releases and models as operators see them (admin views): every stored field, times in epoch ms. */
import type { ModelView, ReleaseView } from '@dcp/contracts';
import { type FirmwareModel, type Release, releaseVersion } from './release';

export function toReleaseView(r: Release): ReleaseView {
  return {
    id: r.id,
    machineTypeName: r.machineTypeName,
    ...releaseVersion(r),
    downloadUri: r.downloadUri,
    md5: r.md5,
    desc: { zh: r.descZh, en: r.descEn },
    interim: r.interim,
    active: r.active,
    remind: r.remind,
    rolloutPercent: r.rolloutPercent,
    createTime: r.createdAt.getTime(),
    updateTime: r.updatedAt.getTime(),
  };
}

export function toModelView(m: FirmwareModel): ModelView {
  return { machineTypeName: m.machineTypeName, smartUpgrade: m.smartUpgrade, createTime: m.createdAt.getTime(), updateTime: m.updatedAt.getTime() };
}
