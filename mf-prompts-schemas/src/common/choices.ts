// Option lists more than one form of this remote offers (for the shared SelectField).
import type { SelectOption } from '@quarry/shared';
import { LLM_TEST_PROVIDERS, type PromptKind } from '@quarry/shared/schemas';

export type LlmProvider = (typeof LLM_TEST_PROVIDERS)[number];

/** The providers an LLM test or a playground run can ask for; "offline" says what it means. */
export const PROVIDER_OPTIONS: readonly SelectOption<LlmProvider>[] = LLM_TEST_PROVIDERS.map((p) => ({ value: p, label: p === 'offline' ? 'offline (no language model)' : p }));

/** A prompt's processing type. */
export const PROMPT_KIND_OPTIONS: readonly SelectOption<PromptKind>[] = [
  { value: 'text', label: 'Text' },
  { value: 'table', label: 'Table' },
];
