import { parseWsTest } from './validation';

describe('parseWsTest', () => {
  it('needs an event and a message', () => {
    expect(parseWsTest({ event: '', message: 'x', extra: '' })).toEqual({ ok: false, error: 'Event and message are required', field: 'event' });
    expect(parseWsTest({ event: 'x', message: '  ', extra: '' })).toEqual({ ok: false, error: 'Event and message are required', field: 'message' });
  });

  it('refuses extra data that is not a JSON object', () => {
    for (const extra of ['{', '[1,2]', '42', '"text"', 'null']) {
      expect(parseWsTest({ event: 'e', message: 'm', extra })).toEqual({ ok: false, error: 'Invalid JSON in extra data field', field: 'extra' });
    }
  });

  it('passes a JSON object, or nothing', () => {
    expect(parseWsTest({ event: ' upload_complete ', message: 'done', extra: '{"job_id":"j1","pages_processed":3}' })).toEqual({
      ok: true,
      body: { event: 'upload_complete', message: 'done', extras: { job_id: 'j1', pages_processed: 3 } },
    });
    expect(parseWsTest({ event: 'e', message: 'm', extra: '  ' })).toEqual({ ok: true, body: { event: 'e', message: 'm', extras: null } });
  });
});
