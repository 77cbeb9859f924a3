import { z } from 'zod';
import { httpUrlSchema, searchTextSchema } from './admin-schemas';
import { listPageFields, listPageSchema } from './admin-paging';
import { displayName, displayText } from './display-text';
import type { RpcContract } from './rpc';

/**
 * firmware-service contracts: the operator API for firmware releases and models (`/admin/v1/firmware`,
 * `/admin/v1/firmware/models/{machineTypeName}`), served on `dcp.rpc.firmware.admin.*`, and the firmware
 * record of spec 2.9 that `firmware.latest` returns. Bodies travel as `unknown` and are validated by
 * firmware-service with the schemas below (ADMIN_VALIDATION_FAILED naming the field).
 */

export const FIRMWARE_LIMITS = {
  /** Spec 4.4 and 8: machineTypeName length 1 to 50. */
  maxMachineTypeNameLength: 50,
  /** Largest version component (a signed 32-bit integer). */
  maxVersion: 2_147_483_647,
  maxVersion2Length: 32,
  maxUrlLength: 2048,
  maxDescLength: 2000,
} as const;

const L = FIRMWARE_LIMITS;

/** Spec 2.9 `type`: 1 system firmware, 2 application firmware. */
export const FIRMWARE_TYPE = { system: 1, app: 2 } as const;

const machineTypeName = displayName(z.string().min(1).max(L.maxMachineTypeNameLength));
const versionNumber = z.number().int().min(0).max(L.maxVersion);
const flag = z.union([z.literal(0), z.literal(1)]);
const percent = z.number().int().min(0).max(100);

const httpUrl = httpUrlSchema(L.maxUrlLength);

export const firmwareDescSchema = z
  .object({
    zh: displayText(z.string().max(L.maxDescLength)),
    en: displayText(z.string().max(L.maxDescLength)),
  })
  .strict();
export type FirmwareDesc = z.infer<typeof firmwareDescSchema>;

/** A release of a model's upgrade chain. Versions and artifacts are immutable once created. */
export const createReleaseBodySchema = z
  .object({
    machineTypeName,
    version1: versionNumber,
    /** Carried (a platform tag or "0"), never compared. */
    version2: displayName(z.string().min(1).max(L.maxVersion2Length)),
    version3: versionNumber,
    version4: versionNumber,
    patchVersion: versionNumber,
    type: z.union([z.literal(FIRMWARE_TYPE.system), z.literal(FIRMWARE_TYPE.app)]),
    downloadUri: httpUrl,
    md5: z.string().regex(/^[0-9A-Fa-f]{32}$/, 'must be 32 hexadecimal characters'),
    desc: firmwareDescSchema,
    /** Must be installed before any release above it (default false). */
    interim: z.boolean().optional(),
    /** Offered at all (default true). */
    active: z.boolean().optional(),
    /** Spec 2.9 remind, also the envelope's top-level remind when offered (default 0). */
    remind: flag.optional(),
    /** Share of devices (chosen by MAC hash) the release is offered to (default 100). */
    rolloutPercent: percent.optional(),
  })
  .strict();
export type CreateReleaseBody = z.infer<typeof createReleaseBodySchema>;

/** What may change on a release. */
export const updateReleaseBodySchema = z
  .object({
    active: z.boolean().optional(),
    remind: flag.optional(),
    rolloutPercent: percent.optional(),
    interim: z.boolean().optional(),
  })
  .strict();
export type UpdateReleaseBody = z.infer<typeof updateReleaseBodySchema>;

export const setModelBodySchema = z.object({ smartUpgrade: z.boolean() }).strict();
export type SetModelBody = z.infer<typeof setModelBodySchema>;

/** A release as operators see it: every stored field. Times in epoch milliseconds. */
/** A release's type and version fields, as the operator's view and firmware.latest's record both state them. */
const releaseVersionShape = {
  type: z.number().int(),
  version1: z.number().int(),
  version2: z.string(),
  version3: z.number().int(),
  version4: z.number().int(),
  patchVersion: z.number().int(),
};

export const releaseViewSchema = z.object({
  id: z.number().int(),
  machineTypeName: z.string(),
  ...releaseVersionShape,
  downloadUri: z.string(),
  md5: z.string(),
  desc: z.object({ zh: z.string(), en: z.string() }),
  interim: z.boolean(),
  active: z.boolean(),
  remind: z.number().int(),
  rolloutPercent: z.number().int(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type ReleaseView = z.infer<typeof releaseViewSchema>;

export const modelViewSchema = z.object({
  machineTypeName: z.string(),
  /** false: firmware.latest answers 010121 for the model. */
  smartUpgrade: z.boolean(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type ModelView = z.infer<typeof modelViewSchema>;

/** A model in the model list: its switch and how many releases its chains hold. */
export const modelSummaryViewSchema = modelViewSchema.extend({
  /** Releases of both types, active or not. */
  releaseCount: z.number().int(),
  /** Of those, the active ones (what firmware.latest walks). */
  activeReleaseCount: z.number().int(),
});
export type ModelSummaryView = z.infer<typeof modelSummaryViewSchema>;

/** Filter of the model list, validated by firmware-service: `q` a text the machineTypeName contains (case-insensitive). */
export const listModelsFilterSchema = z.object({ q: searchTextSchema.optional() });

/** The windows rollout progress counts distinct devices over. */
export const PROGRESS_WINDOWS = { last24h: 24 * 3_600_000, last7d: 7 * 24 * 3_600_000 } as const;

/** Distinct devices (canonical MACs) over the two windows ending at the view's `asOf`. */
export const windowCountsSchema = z.object({ last24h: z.number().int(), last7d: z.number().int() });
export type WindowCounts = z.infer<typeof windowCountsSchema>;

/**
 * Rollout progress of a model, from what firmware.latest answered (docs/decisions.md F18–F20). A device's
 * version is a chain key `version1.version3.version4.patchVersion` (version2 is never reported by devices);
 * a release's `key` has the same form, so the two can be matched.
 */
export const modelProgressViewSchema = z.object({
  machineTypeName: z.string(),
  /** Epoch ms: both windows end here. */
  asOf: z.number().int(),
  /** Devices that asked. */
  devices: windowCountsSchema,
  /** Devices by answer; a device answered differently within a window counts under each answer. */
  answers: z.object({
    offered: windowCountsSchema,
    upToDate: windowCountsSchema,
    /** A release above the device's version exists, but it is not rolled out to the device yet. */
    notRolledOut: windowCountsSchema,
    /** The model's smart upgrade is off (010121). */
    refused: windowCountsSchema,
  }),
  /** Devices by the version they asked from, per chain (1 system, 2 application): lowest version first. */
  fromVersions: z.array(z.object({ type: z.number().int(), version: z.string(), devices: windowCountsSchema })),
  /** Every release of the model (active or not), by type then key, with the devices it was offered to. */
  releases: z.array(
    z.object({
      id: z.number().int(),
      type: z.number().int(),
      key: z.string(),
      version2: z.string(),
      interim: z.boolean(),
      active: z.boolean(),
      rolloutPercent: z.number().int(),
      offered: windowCountsSchema,
    }),
  ),
});
export type ModelProgressView = z.infer<typeof modelProgressViewSchema>;

/** Spec 2.9: the service object of firmware.latest's `data`, every field of the sample. */
export const firmwareRecordSchema = z.object({
  id: z.number().int(),
  /** JSON text `{"zh":…,"en":…}`. */
  desc: z.string(),
  downloadUri: z.string(),
  md5: z.string(),
  ...releaseVersionShape,
  createTime: z.number().int(),
  name: z.string(),
  uploadUtilName: z.string(),
  backupUploadUtilName: z.string(),
  path: z.string(),
  backupUri: z.string(),
  interim: z.number().int(),
  seqNo: z.number().int(),
  newest: z.number().int(),
  active: z.number().int(),
  remind: z.number().int(),
  remindActive: z.number().int(),
  firmwarePlatform: z.string(),
  productTypeId: z.number().int(),
  winPluginId: z.number().int(),
  macOsPluginId: z.number().int(),
});
export type FirmwareRecord = z.infer<typeof firmwareRecordSchema>;

const firmwareContract = <Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(name: string, request: Req, response: Res): RpcContract<Req, Res> => ({
  subject: `dcp.rpc.firmware.${name}`,
  owner: 'firmware',
  request,
  response,
});

export const FIRMWARE_RPC = {
  createRelease: firmwareContract('admin.create-release', z.object({ body: z.unknown() }), releaseViewSchema),
  listReleases: firmwareContract(
    'admin.list-releases',
    z.object({ ...listPageFields, machineTypeName: z.string().max(L.maxMachineTypeNameLength).optional() }),
    listPageSchema(releaseViewSchema),
  ),
  getRelease: firmwareContract('admin.get-release', z.object({ id: z.string() }), releaseViewSchema),
  updateRelease: firmwareContract('admin.update-release', z.object({ id: z.string(), body: z.unknown() }), releaseViewSchema),
  setModel: firmwareContract('admin.set-model', z.object({ machineTypeName: z.string(), body: z.unknown() }), modelViewSchema),
  getModel: firmwareContract('admin.get-model', z.object({ machineTypeName: z.string() }), modelViewSchema),
  // `q` travels as the query string gave it; firmware-service validates it (ADMIN_VALIDATION_FAILED naming it).
  listModels: firmwareContract(
    'admin.list-models',
    z.object({ ...listPageFields, q: z.unknown().optional() }),
    listPageSchema(modelSummaryViewSchema),
  ),
  modelProgress: firmwareContract('admin.model-progress', z.object({ machineTypeName: z.string() }), modelProgressViewSchema),
} as const;
