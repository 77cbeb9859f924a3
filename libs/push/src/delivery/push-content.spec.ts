import type { ClaimedDelivery } from './delivery-queue';
import { pushOf } from './push-content';

const delivery = (over: Partial<ClaimedDelivery> = {}): ClaimedDelivery => ({
  deliveryId: '00000000-0000-4000-8000-000000000001',
  messageId: '00000000-0000-4000-8000-0000000000aa',
  clientId: 'client',
  provider: 'fcm',
  attempts: 1,
  createdAt: new Date(1_767_225_600_000),
  token: 'token',
  userUuid: 'uuid',
  userId: 7,
  macAddr: 'AABBCCDDEEFF',
  type: 4,
  firstAt: new Date(1_767_225_590_000),
  count: 3,
  pictureBytes: 0,
  hidden: false,
  ...over,
});

describe('pushOf', () => {
  it('names the alarm and the camera, and gives the app what opens the message and its recording', () => {
    expect(pushOf(delivery(), undefined, 1_767_229_200)).toEqual({
      token: 'token',
      deliveryId: '00000000-0000-4000-8000-000000000001',
      collapseId: '00000000-0000-4000-8000-0000000000aa',
      title: 'Someone rang the doorbell',
      body: 'Camera AABBCCDDEEFF',
      data: { messageId: '00000000-0000-4000-8000-0000000000aa', devId: 'AABBCCDDEEFF', type: '4', time: '1767225590', count: '3', recordSt: '1767225580' },
      expiresAt: 1_767_229_200,
    });
  });

  it('carries the picture URL when the message has one, and calls an unknown type an alarm', () => {
    const push = pushOf(delivery({ type: 4242, pictureBytes: 10 }), 'https://api.example/push/v1/pictures/x.jpg?expires=1&sig=2', 0);
    expect([push.title, push.imageUrl, push.data.pictureUrl]).toEqual(['Alarm', 'https://api.example/push/v1/pictures/x.jpg?expires=1&sig=2', 'https://api.example/push/v1/pictures/x.jpg?expires=1&sig=2']);
  });
});
