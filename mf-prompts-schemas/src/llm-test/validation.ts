// The LLM test page's checks, with the
// spec's messages (from the shared schema module, the same texts the API answers).
import { LLM_TEST_MESSAGES } from '@quarry/shared/schemas';
import { parseJson } from '../common/schemaModel';

export interface MessageRow {
  key: number;
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export const TEMPERATURE = { min: 0, max: 2, step: 0.1 } as const;
export const MAX_TOKENS = { min: 1, max: 8000 } as const;

export function validateSimple(messages: MessageRow[]): string | null {
  if (!messages.some((m) => m.content.trim() !== '')) return LLM_TEST_MESSAGES.noContent;
  return null;
}

export function validateStructured(content: string, prompt: string, schema: string): string | null {
  if (content.trim() === '' || prompt.trim() === '') return LLM_TEST_MESSAGES.bothRequired;
  const parsed = parseJson(schema);
  if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value)) return LLM_TEST_MESSAGES.invalidSchema;
  return null;
}

export function validateInputs(temperature: number, maxTokens: number): string | null {
  if (!Number.isFinite(temperature) || temperature < TEMPERATURE.min || temperature > TEMPERATURE.max) return 'Temperature must be between 0 and 2';
  if (!Number.isInteger(maxTokens) || maxTokens < MAX_TOKENS.min || maxTokens > MAX_TOKENS.max) return 'Max tokens must be between 1 and 8000';
  return null;
}

/** At least one message row must remain. */
export const canRemoveRow = (messages: MessageRow[]): boolean => messages.length > 1;

/** An answer with nothing in it: no text, `{}`, `[]`, `null`, or an object whose every value is empty. */
export function isEmptyAnswer(content: string | null | undefined): boolean {
  const text = (content ?? '').trim();
  if (text === '') return true;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  const empty = (v: unknown): boolean =>
    v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.every(empty)) || (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every(empty));
  return empty(value);
}

/** The word a finished test reads: an empty answer is not a success. */
export function outcomeWord(status: string, content: string | null | undefined): string {
  const s = status.toUpperCase();
  return s === 'SUCCESS' && isEmptyAnswer(content) ? 'EMPTY ANSWER' : s;
}
