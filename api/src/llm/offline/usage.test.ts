// The offline provider's usage: the tokens a model call would have used, counted with the
// estimator the cost estimate uses (prompt + schema in, the JSON answer out).
import { tokensForChars } from '../tokens';
import { OfflineProvider } from './index';

const schema = { type: 'object', properties: { invoice_number: { type: 'string' }, total_amount: { type: 'number' } } };

describe('offline provider usage', () => {
  test('counts the messages and the schema as input, the answer as output', async () => {
    const text = 'Invoice Number: INV-7\nTotal Amount: 120.50';
    const messages = [
      { role: 'system' as const, content: 'You extract structured data.' },
      { role: 'user' as const, content: `Extract the fields.\n\nText:\n${text}` },
    ];
    const r = await new OfflineProvider().generate({ messages, responseSchema: schema, source: { text } });
    const promptChars = messages[0]!.content.length + messages[1]!.content.length + JSON.stringify(schema).length;
    expect(r.usage.input_tokens).toBe(tokensForChars(promptChars));
    expect(r.usage.output_tokens).toBe(tokensForChars(r.content.length));
    expect(r.usage.output_tokens).toBeGreaterThan(0);
    expect(r.usage.total_tokens).toBe(r.usage.input_tokens + r.usage.output_tokens);
    expect(r.offline).toBe(true);
  });

  test('a longer document reports more input tokens; without a schema only the messages count', async () => {
    const provider = new OfflineProvider();
    const short = await provider.generate({ messages: [{ role: 'user', content: 'Vendor: Acme' }] });
    const long = await provider.generate({ messages: [{ role: 'user', content: 'Vendor: Acme\n' + 'Line of text. '.repeat(100) }] });
    expect(short.usage.input_tokens).toBe(tokensForChars('Vendor: Acme'.length));
    expect(long.usage.input_tokens).toBeGreaterThan(short.usage.input_tokens + 300);
  });
});
