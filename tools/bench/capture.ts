/**
 * What the bare baseline answers: one real response of the platform per operation, captured right after
 * seeding (the same bytes, so both sides send and parse the same amount).
 */
import { md5Hex } from '@dcp/signing';
import type { CannedResponses } from './baselines/bare-fastify';
import { type Seed, benchMac, deviceForm, firmwareLatestParams, merchantToken, ssoPost } from './seed';
import type { PlatformTarget } from './targets';

const DEVICE = 'user_ipc_setting_v2_0';

async function text(url: string, init?: RequestInit): Promise<string> {
  const res = await fetch(url, init);
  if (res.status !== 200) throw new Error(`capture: ${url} answered HTTP ${res.status}`);
  return res.text();
}

export async function captureResponses(target: PlatformTarget, seed: Seed): Promise<CannedResponses> {
  const u = seed.users[0];
  const creds = { clientId: u.clientId, openId: u.openId, accessToken: u.accessToken };
  const get = (params: Record<string, string>) => text(`${target.baseUrl}/gateway?${new URLSearchParams(params)}`);
  const post = (service: string, params: Record<string, string>) =>
    text(`${target.baseUrl}/gateway?service=${service}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(params).toString() });
  const mac = benchMac('CC', Date.now() % 1e9);
  const bodies: Record<string, string> = {
    [`${DEVICE}.getOemDeviceByUser`]: await get({ service: `${DEVICE}.getOemDeviceByUser`, ...creds }),
    [`${DEVICE}.addOemDevice`]: await post(`${DEVICE}.addOemDevice`, { ...creds, ...deviceForm(mac) }),
    [`${DEVICE}.delOemDeviceByMac`]: await post(`${DEVICE}.delOemDeviceByMac`, { ...creds, macAddr: mac }),
    'firmware.latest': await get({ ...firmwareLatestParams(seed, u.macs[0]), ...creds }),
  };
  const login = await ssoPost(target, seed.merchant, '/sso/authorize_by_token', { token: merchantToken('bench-login-capture') });
  bodies['/sso/authorize_by_token'] = JSON.stringify(login.body);
  const timestamp = String(Math.floor(Date.now() / 1000) + 120);
  const play = await text(
    `${target.baseUrl}/stream?${new URLSearchParams({ service: 'record.play', devId: u.macs[0], timestamp, sessionToken: md5Hex(u.subtoken + timestamp), recordSt: String(seed.recordStart), version: '1.0' })}`,
  );
  bodies['record.play'] = play;
  const recordUrl = String((JSON.parse(play) as { recordUrl?: string }).recordUrl);
  const playlist = await text(recordUrl);
  const segmentUrl = playlist.split('\n').find((l) => l.startsWith('http'));
  if (!segmentUrl) throw new Error(`capture: the playlist lists no segment:\n${playlist}`);
  const segment = Buffer.from(await (await fetch(segmentUrl)).arrayBuffer()).toString('base64');
  for (const [key, body] of Object.entries(bodies)) if (!body.includes('"errorCode":""')) throw new Error(`capture: ${key} answered ${body.slice(0, 300)}`);
  return { bodies, playlist, segment };
}
