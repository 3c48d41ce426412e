import { canRemoveRow, isEmptyAnswer, outcomeWord, validateInputs, validateSimple, validateStructured, type MessageRow } from './validation';

const row = (content: string, key = 1): MessageRow => ({ key, role: 'user', content });

describe('LLM test validation', () => {
  it('simple: at least one message with non-blank content', () => {
    expect(validateSimple([row('  '), row('', 2)])).toBe('Please add at least one message with content.');
    expect(validateSimple([row(''), row('Hello', 2)])).toBeNull();
  });

  it('simple: at least one message row must remain', () => {
    expect(canRemoveRow([row('a')])).toBe(false);
    expect(canRemoveRow([row('a'), row('b', 2)])).toBe(true);
  });

  it('structured: content and prompt non-blank, schema valid JSON', () => {
    expect(validateStructured(' ', 'p', '{}')).toBe('Please provide both content and prompt.');
    expect(validateStructured('c', '', '{}')).toBe('Please provide both content and prompt.');
    expect(validateStructured('c', 'p', '{"type": ')).toBe('Invalid JSON schema format.');
    expect(validateStructured('c', 'p', '[1]')).toBe('Invalid JSON schema format.');
    expect(validateStructured('c', 'p', '{"type":"object","properties":{}}')).toBeNull();
  });

  it('temperature 0 to 2, max tokens 1 to 8000', () => {
    expect(validateInputs(0, 1)).toBeNull();
    expect(validateInputs(2, 8000)).toBeNull();
    expect(validateInputs(2.1, 100)).toBe('Temperature must be between 0 and 2');
    expect(validateInputs(-0.1, 100)).toBe('Temperature must be between 0 and 2');
    expect(validateInputs(1, 0)).toBe('Max tokens must be between 1 and 8000');
    expect(validateInputs(1, 8001)).toBe('Max tokens must be between 1 and 8000');
    expect(validateInputs(1, 1.5)).toBe('Max tokens must be between 1 and 8000');
  });
});

describe('empty answers', () => {
  it.each([['{}'], [''], ['  '], ['[]'], ['null'], ['{"answer": ""}'], ['{"items": [], "total": null}']])('%j is empty: not a success', (content) => {
    expect(isEmptyAnswer(content)).toBe(true);
    expect(outcomeWord('success', content)).toBe('EMPTY ANSWER');
  });
  it.each([['{"answer": "42"}'], ['plain text'], ['{"n": 0}'], ['{"ok": false}']])('%j has something in it', (content) => {
    expect(isEmptyAnswer(content)).toBe(false);
    expect(outcomeWord('success', content)).toBe('SUCCESS');
  });
  it('a failure stays a failure', () => expect(outcomeWord('failure', '{}')).toBe('FAILURE'));
});
