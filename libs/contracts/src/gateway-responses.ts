/**
 * What the gateway and stream operations answer on success, as zod schemas: the records of spec 2.4–2.9 and
 * the top-level envelope fields (sysDate, remind, dateList, recordList, recordUrl, secureUrl). Each catalogue
 * entry (gateway-catalog.ts) names its answer from these; the public API document (`/openapi.json`) is
 * generated from them and the platform's end-to-end specs check real answers against them, so the document
 * and what the services answer cannot drift apart.
 */
import { z } from 'zod';
import { deviceRecordSchema } from './device';
import { firmwareRecordSchema } from './firmware';

const epochMs = (description: string) => z.number().int().describe(description);
const canonicalMac = 'The device\'s MAC in the canonical form (docs/decisions.md D1).';

const device = deviceRecordSchema.shape;

/** Spec 2.4: a device of the user (user_ipc_setting_v2_0.getOemDeviceBy…): deviceRecordSchema with each field explained. */
export const deviceResponseSchema = deviceRecordSchema
  .extend({
    userId: device.userId.describe('The user\'s internal id.'),
    macAddr: device.macAddr.describe(canonicalMac),
    deviceName: device.deviceName.describe('Device name set by the user.'),
    productName: device.productName.describe('Model name.'),
    username: device.username.describe('Device user name set by the user.'),
    password: device.password.describe('Device password exactly as the app sent it (encrypted by the app).'),
    hasusertag: device.hasusertag.describe('Push support: 0 not supported, 2 supported.'),
    supportStore: device.supportStore.describe('Cloud storage: 0 not supported, 1 supported.'),
    supportRichMedia: device.supportRichMedia.describe('Rich media push: 0 not supported, 1 supported.'),
    oemCode: device.oemCode.describe('Code of the device manufacturer.'),
  })
  .describe('Spec 2.4 device record: the device as the user added or last modified it.');

/** Spec 2.5: an authorization record (a grant of a cloud-service plan), field for field (decisions P12–P14). */
export const authorizationRecordSchema = z
  .object({
    grantId: z.number().int().describe('The record\'s id: what permission.active activates.'),
    ipcMac: z.string().describe(`${canonicalMac} Empty while the record is tied to no device.`),
    permissionCode: z.string().describe('Code of the plan.'),
    permissionName: z.string().describe('Name of the plan.'),
    permissionType: z.number().int().describe('1 paid, 2 or 3 free.'),
    permissionValue: z.number().int().describe('The plan\'s duration in days.'),
    grantStatus: z.number().int().describe('1 waiting for activation, 3 activated.'),
    userTag: z.string().describe('Always empty (decisions P13).'),
    streamId: z.string().optional().describe('Never sent: no cloud-storage stream is assigned (decisions P14).'),
    belongServer: z.string().describe('The plan\'s server tag, as the operator set it.'),
    initTime: epochMs('When the record was created, epoch milliseconds.'),
    channelCount: z.number().int().describe('Channels the plan covers.'),
  })
  .describe('Spec 2.5 authorization record.');
export type AuthorizationRecordResponse = z.infer<typeof authorizationRecordSchema>;

/** Spec 2.6: the current cloud service of a device (decisions P18–P21). */
export const currentServiceSchema = z
  .object({
    userId: z.number().int().describe('The user\'s internal id.'),
    macAddr: z.string().describe(canonicalMac),
    name: z.string().describe('The plan\'s name; the free 8-hour service\'s name; empty without service.'),
    description: z.string().describe('Same as name for a plan; a sentence for the free 8-hour service; empty without service.'),
    startTime: epochMs('Start of the service period, epoch milliseconds; null for the free 8-hour service and without service.').nullable(),
    endTime: epochMs('End of the service period, epoch milliseconds; null for the free 8-hour service and without service.').nullable(),
    validity: z.string().describe('"<n> days", "1 day", "8 hours" (free service), or empty without service.'),
    status: z.number().int().describe('3 in service, 0 no service.'),
    flag: z.number().int().describe('1 paid plan, 2 free (a free plan or the free 8-hour service), 0 no service.'),
  })
  .describe('Spec 2.6 current service record.');
export type CurrentServiceResponse = z.infer<typeof currentServiceSchema>;

/** Spec 2.7: the user's sub-service information, fixed per user (decisions I1, I2). */
export const subServiceInfoSchema = z
  .object({
    userId: z.number().int().describe('The user\'s internal id.'),
    subtoken: z.string().describe('32 random base62 characters; stream calls send MD5(subtoken + timestamp) as sessionToken.'),
    area: z.string().describe('The user\'s country from the merchant\'s profile, else "global".'),
    tag: z.string().describe('16 random base62 characters.'),
    storeTag: z.string().describe('16 random base62 characters.'),
    alexaTag: z.string().describe('16 random base62 characters.'),
    rekognitionTag: z.string().describe('16 random base62 characters.'),
    url: z.string().describe('Push business query service address (PUSH_QUERY_URL), empty when none.'),
    sendMsgUrl: z.string().describe('Push message receiving service, http form (PUSH_SEND_URL), empty when none.'),
    sendMsgUrlSecure: z.string().describe('Push message receiving service, https form, empty when none.'),
    storeUrl: z.string().describe('The cloud-storage host {store_url} (PUBLIC_STORE_URL).'),
    alexaUrl: z.string().describe('Voice-assistant service address (VOICE_ASSISTANT_URL), empty when none.'),
    channelCount: z.number().int().describe('Always 1.'),
  })
  .describe('Spec 2.7 sub-service information.');
export type SubServiceInfoResponse = z.infer<typeof subServiceInfoSchema>;

const firmware = firmwareRecordSchema.shape;

/** Spec 2.9: the firmware to install next: firmwareRecordSchema with each field explained (decisions F11, F12). */
export const firmwareResponseSchema = firmwareRecordSchema
  .extend({
    id: firmware.id.describe('The release\'s id.'),
    desc: firmware.desc.describe('Release notes as JSON text {"zh":…,"en":…}.'),
    downloadUri: firmware.downloadUri.describe('Where the device downloads the firmware.'),
    md5: firmware.md5.describe('MD5 of the firmware file, 32 hex digits.'),
    type: firmware.type.describe('1 system firmware, 2 application firmware.'),
    version1: firmware.version1.describe('Version, first component.'),
    version2: firmware.version2.describe('Version, second component (a platform tag, carried, never compared).'),
    version3: firmware.version3.describe('Version, third component.'),
    version4: firmware.version4.describe('Version, fourth component.'),
    patchVersion: firmware.patchVersion.describe('Patch version.'),
    createTime: firmware.createTime.describe('When the release was created, epoch milliseconds.'),
    name: firmware.name.describe('"<machineTypeName> <v1>.<v2>.<v3>.<v4>", with ".p<patch>" when the patch version is above 0.'),
    uploadUtilName: firmware.uploadUtilName.describe('Always empty.'),
    backupUploadUtilName: firmware.backupUploadUtilName.describe('Always empty.'),
    path: firmware.path.describe('The path of downloadUri.'),
    backupUri: firmware.backupUri.describe('Always empty.'),
    interim: firmware.interim.describe('1 when this release must be installed before any release above it.'),
    seqNo: firmware.seqNo.describe('1-based rank in the model\'s chain of this firmware type.'),
    newest: firmware.newest.describe('1 for the last release of the chain.'),
    active: firmware.active.describe('Always 1.'),
    remind: firmware.remind.describe('1 when the user should be reminded to upgrade.'),
    remindActive: firmware.remindActive.describe('Same as remind.'),
    firmwarePlatform: firmware.firmwarePlatform.describe('Same as version2.'),
    productTypeId: firmware.productTypeId.describe('Always 0.'),
    winPluginId: firmware.winPluginId.describe('Always 0.'),
    macOsPluginId: firmware.macOsPluginId.describe('Always 0.'),
  })
  .describe('Spec 2.9 firmware record: the release the device should install next.');

/** The top-level envelope fields the operations answer besides `data`. */
export const RESPONSE_FIELDS = {
  sysDate: epochMs('Server time at answer, epoch milliseconds (decisions P15).'),
  remind: z.union([z.literal(0), z.literal(1)]).describe('1 when the offered release asks to remind the user; 0 otherwise and when up to date.'),
  dateList: z
    .array(z.string().regex(/^\d{8}T\d{2}0000$/))
    .describe('The UTC hours with recordings, YYYYMMDDTHH0000 (UTC), distinct, oldest first: apps convert each to the local day (decisions CS6).'),
  recordList: z
    .array(z.tuple([z.string(), z.string(), z.string()]))
    .describe('Clips overlapping recordSt…recordEt: [start, end, type] as strings of integers (apps read them as long, long, int): start and end in epoch seconds, and the recording type — 0 normal (continuous), 2 motion, 3 sound; other integers 0–65535 as the recorder gave them (decisions CS7).'),
  recordUrl: z.string().describe('Signed HLS playlist on {store_url}, http:// form, valid for one hour (decisions CS8).'),
  secureUrl: z.string().describe('The same playlist, https:// form.'),
  downloadUrl: z.string().describe('Signed MP4 of the clip on {store_url} (H.264/H.265 and AAC as recorded, no re-encoding), http:// form, valid for one hour (decisions CU9).'),
  secureDownloadUrl: z.string().describe('The same MP4, https:// form.'),
  serverUrl: z.string().describe('With 000077 only: where the service moved (decisions I3).'),
} as const;

/** A message of the message center (push_message.list, decisions PS5): one alarm, or a storm of them merged. */
export const alarmMessageSchema = z
  .object({
    messageId: z.string().describe('The message\'s id (UUID).'),
    devId: z.string().describe(canonicalMac),
    type: z.number().int().describe('Alarm type: 1 motion, 2 sound, 3 human, 4 doorbell, 5 offline, 6 low battery, 7 tamper, 8 vehicle, 9 pet, 10 package; others as the camera sent them.'),
    time: z.number().int().describe('The camera\'s time of the first alarm of the message (epoch seconds).'),
    lastTime: z.number().int().describe('The camera\'s time of the latest alarm merged into it (epoch seconds).'),
    count: z.number().int().describe('Alarms in the message (storm control merges one device\'s alarms of one type within the cooldown).'),
    read: z.boolean().describe('Whether the user marked it read.'),
    pictureUrl: z.string().describe('Signed URL of the alarm\'s JPEG on the platform\'s base URL, valid one hour; empty when the camera sent none.'),
    recordSt: z.number().int().describe('Where the recording of the alarm starts (epoch seconds): time − 10 s, for record.play or record.query.'),
  })
  .describe('An alarm message.');

export const pushEndpointSchema = z
  .object({
    endpointId: z.string().describe('The endpoint\'s id (UUID).'),
    provider: z.string().describe('fcm, apns or webhook.'),
    tokenTail: z.string().describe('The last 8 characters of the token, to tell endpoints apart (the token itself is not sent back).'),
    devIds: z.array(z.string()).describe(`Devices whose alarms it gets (${'canonical MACs'}); empty: every device of the user.`),
    createdAt: z.number().int().describe('When it was first registered (epoch seconds).'),
    lastDeliveredAt: z.number().int().describe('When a push last reached its provider (epoch seconds); 0: never.'),
  })
  .describe('A push endpoint.');

export const pushSwitchSchema = z
  .object({
    devId: z.string().describe('The device (canonical MAC); empty: all devices.'),
    type: z.number().int().describe('The alarm type; -1: all types.'),
    enabled: z.boolean().describe('Whether these alarms are pushed.'),
  })
  .describe('A push switch.');
