/** record.date.query (spec 4.5, 2.8): `dateList` = the UTC hours with recordings of the device, oldest first (decisions CS6), within retention's window (CU6): the hour rows of storage.footage_hour (CS20), never the segments. */
import { Inject, Injectable } from '@nestjs/common';
import type { CallOf, GatewayResult } from '@dcp/contracts';
import { RUNTIME_CLOCK, type Clock, ServesOperation } from '@dcp/runtime';
import { toDateList } from '../recordings/clips';
import { FootageIndex } from '../recordings/footage-index';
import { RecordingWindow } from '../retention/recording-window';
import { SessionAuthenticator } from '../session/session-authenticator';
import { streamSession } from './stream-session';

@Injectable()
export class RecordDateQueryUseCase {
  constructor(
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    private readonly auth: SessionAuthenticator,
    private readonly index: FootageIndex,
    private readonly window: RecordingWindow,
  ) {}

  @ServesOperation('recordDateQuery')
  async execute({ params }: CallOf<'recordDateQuery'>): Promise<GatewayResult> {
    const session = streamSession(params, this.clock.now());
    const userId = await this.auth.authenticate(session);
    const hours = await this.index.recordedHours(session.macAddr, userId, await this.window.visibleAfterMs(session.macAddr, userId));
    return { extra: { dateList: toDateList(hours) } };
  }
}
