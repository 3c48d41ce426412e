// Lenient parsing of a model's JSON answer: plain JSON, a ```json fenced block, or JSON
// embedded in prose (the first balanced object/array). Throws JsonParseError otherwise.

export class JsonParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JsonParseError';
  }
}

export function parseJsonLoose(content: string): unknown {
  const text = content.replace(/^\uFEFF/, '').trim();
  if (!text) throw new JsonParseError('empty answer');
  const attempts: string[] = [text];
  const fence = /```(?:json|JSON|javascript|js)?[^\S\n]*\n?([\s\S]*?)```/.exec(text);
  if (fence?.[1] !== undefined) attempts.push(fence[1].trim());
  const embedded = firstBalanced(text);
  if (embedded) attempts.push(embedded);
  let firstError = '';
  for (const candidate of attempts) {
    try {
      return JSON.parse(candidate);
    } catch (e) {
      firstError ||= (e as Error).message;
    }
  }
  // an unterminated fence (truncated answer)
  const open = /```(?:json|JSON)?\s*\n([\s\S]*)$/.exec(text);
  if (open?.[1]) {
    try {
      return JSON.parse(open[1].trim());
    } catch {
      /* fall through */
    }
  }
  throw new JsonParseError(firstError || 'no JSON found');
}

/** The first balanced {...} or [...] in the text, respecting strings; null when none closes. */
export function firstBalanced(text: string): string | null {
  for (let start = 0; start < text.length; start++) {
    const ch = text[start];
    if (ch !== '{' && ch !== '[') continue;
    const end = matchClose(text, start);
    if (end !== -1) {
      const candidate = text.slice(start, end + 1);
      try {
        JSON.parse(candidate);
        return candidate;
      } catch {
        /* keep looking: "[1]" inside prose, etc. */
      }
    }
  }
  return null;
}

function matchClose(text: string, start: number): number {
  const stack: string[] = [];
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{') stack.push('}');
    else if (ch === '[') stack.push(']');
    else if (ch === '}' || ch === ']') {
      if (stack.pop() !== ch) return -1;
      if (stack.length === 0) return i;
    }
  }
  return -1;
}
