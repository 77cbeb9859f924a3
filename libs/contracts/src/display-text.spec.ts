import type { z } from 'zod';
import { parseAdminBody } from './admin-body';
import { createManufacturerBodySchema } from './device';
import { isDisplayName, isDisplayText } from './display-text';
import { createReleaseBodySchema } from './firmware';
import { createPermissionBodySchema } from './permission';
import { createMerchantBodySchema, updateMerchantBodySchema } from './sso-admin';

const URLS = { tokenValidationUrl: 'https://m.example/v', userProfileUrl: 'https://m.example/p' };
const RELEASE = { machineTypeName: 'IPC-1', version1: 1, version2: '0', version3: 0, version4: 0, patchVersion: 0, type: 1, downloadUri: 'https://fw.example/a.bin', md5: 'a'.repeat(32), desc: { zh: '说明', en: 'Notes' } };

/** Every admin body field an operator reads as a name or as text: the schema, a valid body, and the field's path. */
const FIELDS: Array<[string, z.ZodTypeAny, Record<string, unknown>, string[]]> = [
  ['merchant name (create)', createMerchantBodySchema, { name: 'Acme', ...URLS }, ['name']],
  ['merchant name (update)', updateMerchantBodySchema, { name: 'Acme' }, ['name']],
  ['manufacturer name', createManufacturerBodySchema, { oemCode: 'ACME', name: 'Acme' }, ['name']],
  ['permission name', createPermissionBodySchema, { permissionCode: 'p1', permissionName: 'Plan', permissionType: 1, durationDays: 30, belongServer: 'eu' }, ['permissionName']],
  ['permission belongServer', createPermissionBodySchema, { permissionCode: 'p1', permissionName: 'Plan', permissionType: 1, durationDays: 30, belongServer: 'eu' }, ['belongServer']],
  ['release machineTypeName', createReleaseBodySchema, RELEASE, ['machineTypeName']],
  ['release version2', createReleaseBodySchema, RELEASE, ['version2']],
  ['release desc.en', createReleaseBodySchema, RELEASE, ['desc', 'en']],
  ['release desc.zh', createReleaseBodySchema, RELEASE, ['desc', 'zh']],
];

function withField(body: Record<string, unknown>, path: string[], value: string): Record<string, unknown> {
  const copy = structuredClone(body);
  let at: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[path[path.length - 1]] = value;
  return copy;
}

describe('names and text shown to operators (SDB5)', () => {
  it.each(FIELDS)('%s: a valid body passes', (_name, schema, body) => {
    expect(() => parseAdminBody(schema, body)).not.toThrow();
  });

  const forged: Array<[string, string]> = [
    ['CR LF (a forged log or audit line)', 'Acme\r\nadmin disabled merchant m_1'],
    ['U+202E (right-to-left override)', 'Acme\u202Etxt.exe'],
    ['U+2066 (left-to-right isolate)', 'Acme\u2066x'],
    ['U+200F (right-to-left mark)', 'Acme\u200F'],
    ['U+061C (Arabic letter mark)', 'Acme\u061C'],
    ['ESC (a terminal escape)', 'Acme\u001b[31m'],
    ['NEL (C1)', 'Acme\u0085'],
  ];
  for (const [field, schema, body, path] of FIELDS) {
    const multiLine = path[0] === 'desc';
    it.each(forged.filter(([what]) => !(multiLine && what.startsWith('CR LF'))))(`${field}: %s is refused with AD0400 naming the field`, (_what, value) => {
      expect(() => parseAdminBody(schema, withField(body, path, value))).toThrow(expect.objectContaining({ value: 'AD0400', failureDetails: expect.stringContaining(`invalid field ${path.join('.')}:`) }));
    });
  }

  it('lets a release description keep its lines and tabs, never a name', () => {
    expect(isDisplayText('Fixes:\n\t- night mode\r\n- Wi-Fi')).toBe(true);
    expect(isDisplayName('Acme\nCameras')).toBe(false);
    expect(isDisplayName('Acme\tCameras')).toBe(false);
  });

  it('accepts names in any script, with emoji and no-break spaces', () => {
    for (const name of ['Zoë Caméras', '王小明的摄像头', 'كاميرات', 'שלום', 'camera 📷', 'A\u00a0B']) expect(isDisplayName(name)).toBe(true);
  });
});
