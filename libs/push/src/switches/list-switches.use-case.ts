/** push_switch.list (decisions PS9): the user's switches; alarms none covers are pushed. */
import { Injectable } from '@nestjs/common';
import type { CallOf, GatewayResult } from '@dcp/contracts';
import { ServesOperation } from '@dcp/runtime';
import { SwitchRepository } from './switch.repository';
import { toSwitchView } from './switch.mapper';

@Injectable()
export class ListSwitchesUseCase {
  constructor(private readonly switches: SwitchRepository) {}

  @ServesOperation('listPushSwitches')
  async execute({ user }: CallOf<'listPushSwitches'>): Promise<GatewayResult> {
    return { data: { list: (await this.switches.list(user.userId)).map(toSwitchView) } };
  }
}
