import { REEXTRACT_MESSAGES } from '@quarry/shared/schemas';
import { initialForm, setHasTables, toRequest, validate } from './form';

describe('re-extraction dialog rules', () => {
  it('Has tables is on by default for table chunks and text chunks with tables only', () => {
    expect(initialForm({ chunk_type: 'table', tables_found: 0 }).hasTables).toBe(true);
    expect(initialForm({ chunk_type: 'text', tables_found: 2 }).hasTables).toBe(true);
    expect(initialForm({ chunk_type: 'text', tables_found: 0 }).hasTables).toBe(false);
  });

  it('a text prompt is required; with Has tables a table prompt too, with the spec\'s messages', () => {
    expect(validate({ promptId: '', hasTables: true, tablePromptId: '' })).toEqual({
      promptId: 'Please select a prompt',
      tablePromptId: 'Please select a table prompt when "Has tables" is checked',
    });
    expect(REEXTRACT_MESSAGES.promptRequired).toBe('Please select a prompt');
    expect(validate({ promptId: 'p', hasTables: false, tablePromptId: '' })).toEqual({});
    expect(validate({ promptId: 'p', hasTables: true, tablePromptId: 't' })).toEqual({});
  });

  it('unchecking Has tables clears the table prompt', () => {
    const form = setHasTables({ promptId: 'p', hasTables: true, tablePromptId: 't' }, false);
    expect(form).toEqual({ promptId: 'p', hasTables: false, tablePromptId: '' });
    expect(toRequest(form)).toEqual({ prompt_id: 'p', has_tables: false, table_prompt_id: null });
  });
});
