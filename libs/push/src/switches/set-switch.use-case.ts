/**
 * push_switch.set (decisions PS9): alarms pushed or not, for a device and/or a type, or everything. The most
 * specific switch decides an alarm (device and type, then device, then type, then everything); messages are
 * kept in the message center either way.
 */
import { Inject, Injectable } from '@nestjs/common';
import { type CallOf, ErrorCode, type GatewayResult, PUSH_LIMITS, PlatformError } from '@dcp/contracts';
import { RUNTIME_CLOCK, type Clock, ServesOperation } from '@dcp/runtime';
import { SwitchRepository } from './switch.repository';
import { toSwitchView } from './switch.mapper';

@Injectable()
export class SetSwitchUseCase {
  constructor(
    private readonly switches: SwitchRepository,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  @ServesOperation('setPushSwitch')
  async execute({ params, user }: CallOf<'setPushSwitch'>): Promise<GatewayResult> {
    if (params.type !== undefined && (params.type < 0 || params.type > PUSH_LIMITS.maxAlarmType)) {
      throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, `invalid parameter type: is an alarm type, 0 to ${PUSH_LIMITS.maxAlarmType}`);
    }
    const record = { macAddr: params.devId ?? '', type: params.type ?? -1, enabled: params.enabled === 1 };
    if (!(await this.switches.set(user.userId, record, new Date(this.clock.now()), PUSH_LIMITS.maxSwitchesPerUser))) {
      throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, `invalid parameter devId: the user has ${PUSH_LIMITS.maxSwitchesPerUser} push switches already`);
    }
    return { data: toSwitchView(record) };
  }
}
