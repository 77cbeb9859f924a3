/**
 * Spec 2.9: the service object firmware.latest returns, with every field of the sample. Fields the spec
 * leaves without meaning get the values of docs/decisions.md (firmware).
 */
import type { FirmwareRecord } from '@dcp/contracts';
import { type Release, releaseVersion } from '../releases/release';

/** `<machineTypeName> <v1>.<v2>.<v3>.<v4>`, plus `.p<patch>` when the patch version is above 0. */
export function releaseName(r: Pick<Release, 'machineTypeName' | 'version1' | 'version2' | 'version3' | 'version4' | 'patchVersion'>): string {
  const base = `${r.machineTypeName} ${r.version1}.${r.version2}.${r.version3}.${r.version4}`;
  return r.patchVersion > 0 ? `${base}.p${r.patchVersion}` : base;
}

function pathOf(uri: string): string {
  try {
    return new URL(uri).pathname;
  } catch {
    return '';
  }
}

export function toFirmwareRecord(r: Release, position: { seqNo: number; newest: 0 | 1 }): FirmwareRecord {
  const remind = r.remind === 1 ? 1 : 0;
  return {
    id: r.id,
    desc: JSON.stringify({ zh: r.descZh, en: r.descEn }),
    downloadUri: r.downloadUri,
    md5: r.md5.toUpperCase(),
    ...releaseVersion(r),
    createTime: r.createdAt.getTime(),
    name: releaseName(r),
    uploadUtilName: '',
    backupUploadUtilName: '',
    path: pathOf(r.downloadUri),
    backupUri: '',
    interim: r.interim ? 1 : 0,
    seqNo: position.seqNo,
    newest: position.newest,
    active: r.active ? 1 : 0,
    remind,
    remindActive: remind,
    firmwarePlatform: r.version2,
    productTypeId: 0,
    winPluginId: 0,
    macOsPluginId: 0,
  };
}
