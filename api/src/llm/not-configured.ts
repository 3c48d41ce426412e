// "Is this provider set up here?" in the words a user understands, before any call is tried:
// without it an unconfigured OpenAI-compatible or Ollama provider would fail later with a
// network error (ENOTFOUND, ECONNREFUSED) that says nothing about configuration.
import { configuredProviders } from './registry';
import type { ProviderName } from './types';

const SETTINGS: Record<Exclude<ProviderName, 'offline'>, string> = {
  gemini: 'GEMINI_API_KEY is not set',
  openai: 'neither OPENAI_BASE_URL nor OPENAI_API_KEY is set',
  ollama: 'OLLAMA_BASE_URL is not set',
};

/** null when the provider can be used here; otherwise the sentence saying why not. */
export function notConfiguredReason(name: ProviderName, env: Record<string, string | undefined> = process.env): string | null {
  if (name === 'offline' || configuredProviders(env).includes(name)) return null;
  return `The provider "${name}" is not configured on this server (${SETTINGS[name]}). Choose another provider, or ask the administrator to configure it.`;
}
