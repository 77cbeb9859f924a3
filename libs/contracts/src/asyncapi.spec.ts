import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildAsyncApiDocument } from './asyncapi';
import { EVENTS } from './events';

describe('AsyncAPI document', () => {
  const doc = buildAsyncApiDocument() as { channels: Record<string, { address: string }>; components: { messages: Record<string, { payload: { properties: { data: { required?: string[] } } } }> } };

  it('has one channel per event, addressed by its subject', () => {
    expect(Object.values(doc.channels).map((c) => c.address).sort()).toEqual(Object.values(EVENTS).map((e) => e.subject).sort());
  });

  it('describes the payload fields of user.deleted from its schema', () => {
    expect(doc.components.messages.userDeleted.payload.properties.data.required?.sort()).toEqual(['clientId', 'openId', 'userId', 'uuid']);
  });

  it('matches the committed docs/asyncapi.json (run `npm run docs:asyncapi` after changing an event)', () => {
    const committed = JSON.parse(readFileSync(join(__dirname, '../../../docs/asyncapi.json'), 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(buildAsyncApiDocument())));
  });
});
