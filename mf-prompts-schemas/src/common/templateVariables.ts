// The live variable check of a prompt template: every {{ variable }} must be one
// the prompt type provides (table: schema_descriptions, header, table_description, row_chunk;
// text: schema_descriptions, text_chunk). Names a template defines itself ({% for r in ... %},
// {% set x = ... %}) are local and fine. The API checks the same on save (POST /prompts/validate).
import { PROMPT_ALLOWED_VARIABLES, PROMPT_MESSAGES, type PromptKind } from '@quarry/shared/schemas';

export interface VariableUse {
  name: string;
  /** offsets of the whole {{ ... }} in the template */
  start: number;
  end: number;
  line: number;
  column: number;
  valid: boolean;
  /** 'Invalid variable - not available for this prompt type' for a wrong one */
  message: string | null;
}

const EXPRESSION = /\{\{-?\s*([A-Za-z_][A-Za-z0-9_]*)?[^}]*?-?\}\}/g;
const LOCALS = /\{%-?\s*(?:for\s+([A-Za-z_][A-Za-z0-9_]*)(?:\s*,\s*([A-Za-z_][A-Za-z0-9_]*))?\s+in|set\s+([A-Za-z_][A-Za-z0-9_]*))/g;
/** words a Jinja expression may start with that are not variables */
const BUILTINS = new Set(['loop', 'true', 'false', 'none', 'True', 'False', 'None', 'range']);

export function checkTemplateVariables(template: string, type: PromptKind): VariableUse[] {
  const allowed = PROMPT_ALLOWED_VARIABLES[type];
  const locals = new Set<string>();
  for (const m of template.matchAll(LOCALS)) for (const g of [m[1], m[2], m[3]]) if (g) locals.add(g);
  const out: VariableUse[] = [];
  for (const m of template.matchAll(EXPRESSION)) {
    const name = m[1];
    if (!name || BUILTINS.has(name) || locals.has(name)) continue;
    const start = m.index;
    const before = template.slice(0, start);
    const valid = allowed.includes(name);
    out.push({
      name,
      start,
      end: start + m[0].length,
      line: before.split('\n').length,
      column: start - before.lastIndexOf('\n'),
      valid,
      message: valid ? null : PROMPT_MESSAGES.invalidVariable,
    });
  }
  return out;
}

export const invalidUses = (template: string, type: PromptKind): VariableUse[] => checkTemplateVariables(template, type).filter((u) => !u.valid);

/** The template cut into text and variable pieces, for the preview that marks each variable in place. */
export function templatePieces(template: string, type: PromptKind): ({ kind: 'text'; text: string } | { kind: 'variable'; text: string; use: VariableUse })[] {
  const pieces: ({ kind: 'text'; text: string } | { kind: 'variable'; text: string; use: VariableUse })[] = [];
  let at = 0;
  for (const use of checkTemplateVariables(template, type)) {
    if (use.start > at) pieces.push({ kind: 'text', text: template.slice(at, use.start) });
    pieces.push({ kind: 'variable', text: template.slice(use.start, use.end), use });
    at = use.end;
  }
  if (at < template.length) pieces.push({ kind: 'text', text: template.slice(at) });
  return pieces;
}

/** List previews cut the template at 120 characters, schemas at 150 (docs/product/prompts-and-schemas.md). */
export function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
