import { T0, fakeRelease } from '../test/fakes';
import { releaseName, toFirmwareRecord } from './firmware-record.mapper';

describe('spec 2.9 firmware record', () => {
  const release = fakeRelease({
    id: 31,
    machineTypeName: 'IPC-C200',
    type: 1,
    version1: 2,
    version2: 'hi3518',
    version3: 4,
    version4: 17,
    patchVersion: 0,
    downloadUri: 'https://fw.example.com/c200/sys/2.4.17.bin?sig=abc',
    md5: 'd41d8cd98f00b204e9800998ecf8427e',
    descZh: '修复夜视问题',
    descEn: 'Fixes night vision "IR"',
    interim: true,
    remind: 1,
    createdAt: new Date(T0),
  });

  it('holds every field of the sample, with the decided values for those the spec leaves open', () => {
    expect(toFirmwareRecord(release, { seqNo: 3, newest: 0 })).toStrictEqual({
      id: 31,
      desc: '{"zh":"修复夜视问题","en":"Fixes night vision \\"IR\\""}',
      downloadUri: 'https://fw.example.com/c200/sys/2.4.17.bin?sig=abc',
      md5: 'D41D8CD98F00B204E9800998ECF8427E',
      type: 1,
      version1: 2,
      version2: 'hi3518',
      version3: 4,
      version4: 17,
      patchVersion: 0,
      createTime: T0,
      name: 'IPC-C200 2.hi3518.4.17',
      uploadUtilName: '',
      backupUploadUtilName: '',
      path: '/c200/sys/2.4.17.bin',
      backupUri: '',
      interim: 1,
      seqNo: 3,
      newest: 0,
      active: 1,
      remind: 1,
      remindActive: 1,
      firmwarePlatform: 'hi3518',
      productTypeId: 0,
      winPluginId: 0,
      macOsPluginId: 0,
    });
  });

  it('desc is a JSON string with keys zh and en', () => {
    const record = toFirmwareRecord(release, { seqNo: 1, newest: 1 });
    expect(typeof record.desc).toBe('string');
    expect(JSON.parse(record.desc)).toEqual({ zh: '修复夜视问题', en: 'Fixes night vision "IR"' });
  });

  it('a plain release: interim 0, remind 0, newest 1', () => {
    const record = toFirmwareRecord(fakeRelease({ interim: false, remind: 0 }), { seqNo: 1, newest: 1 });
    expect(record).toMatchObject({ interim: 0, remind: 0, remindActive: 0, newest: 1, active: 1 });
  });

  it('name: "<model> <v1>.<v2>.<v3>.<v4>", plus ".p<patch>" when the patch version is above 0', () => {
    expect(releaseName({ machineTypeName: 'X1', version1: 1, version2: '0', version3: 2, version4: 3, patchVersion: 0 })).toBe('X1 1.0.2.3');
    expect(releaseName({ machineTypeName: 'X1', version1: 1, version2: '0', version3: 2, version4: 3, patchVersion: 4 })).toBe('X1 1.0.2.3.p4');
  });
});
