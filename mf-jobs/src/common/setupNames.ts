// The prompt, table prompt and output schema a monitor names: what the (last) run used when the
// job recorded it, else the names of what its config points at, never a bare id.
import type { JobSetupNames } from '@quarry/shared/schemas';

const rec = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

export interface SetupLabels {
  prompt: string;
  tablePrompt: string | null;
  outputSchema: string;
}

/** "(deleted)" when the job names something that no longer exists; "None" when it names nothing. */
export function setupLabels(config: Record<string, unknown>, names: JobSetupNames | undefined): SetupLabels {
  const ran = rec(config.ran_with);
  const setup = rec(config.setup);
  const label = (ranKey: string, setupKey: string, idKey: string, fromServer: { id: string; name: string | null } | null | undefined): string | null => {
    const r = text(rec(ran[ranKey]).name) ?? text(rec(setup[setupKey]).name) ?? fromServer?.name ?? null;
    if (r) return r;
    return text(config[idKey]) ? 'A deleted one' : null;
  };
  const prompt = label('prompt', 'prompt', 'prompt_id', names?.prompt) ?? 'None';
  const tablePrompt = label('table_prompt', 'table_prompt', 'table_prompt_id', names?.table_prompt);
  const schema = label('output_schema', 'output_schema', 'output_schema_id', names?.output_schema);
  // no output schema named: the prompt's own definition, or none at all
  const outputSchema = schema ?? (setup.schema ? "The prompt's own schema" : 'None (free-form answer)');
  return { prompt, tablePrompt, outputSchema };
}
