// Jinja-style prompt templates (docs/product/prompts-and-schemas.md): `{{ var }}` with any whitespace, filters
// (`default('x')`, `trim`, `upper`, `lower`, `length`, `join(', ')`, `tojson`), dotted names,
// `{% if %}/{% elif %}/{% else %}/{% endif %}` with `not/and/or/==/!=`, `{% for x in xs %}
// ... {% else %} ... {% endfor %}` (with loop.index / loop.first / loop.last), `{# comments #}`
// and `-` whitespace control (`{%- ... -%}`, `{{- ... -}}`). Undefined variables render as
// "" (as in Jinja) and are reported in `unknownVariables`; prompts are checked against the
// variables their type allows with validateTemplateVariables().

export type PromptType = 'table' | 'text';

/** the variables a prompt of each type may use */
export const PROMPT_VARIABLES: Record<PromptType, readonly string[]> = {
  table: ['schema_descriptions', 'header', 'table_description', 'row_chunk'],
  text: ['schema_descriptions', 'text_chunk'],
};
export const INVALID_VARIABLE_MESSAGE = 'Invalid variable - not available for this prompt type';

export class TemplateSyntaxError extends Error {
  constructor(
    message: string,
    public readonly position: number,
  ) {
    super(message);
    this.name = 'TemplateSyntaxError';
  }
}

// ------------------------------------------------------------------ tokens

type Token =
  | { kind: 'text'; value: string; pos: number }
  | { kind: 'output'; expr: string; pos: number }
  | { kind: 'tag'; name: string; args: string; pos: number };

function tokenize(template: string): Token[] {
  const tokens: Token[] = [];
  const re = /\{\{(-?)([\s\S]*?)(-?)\}\}|\{%(-?)([\s\S]*?)(-?)%\}|\{#[\s\S]*?#\}/g;
  let last = 0;
  let trimNextLeft = false;
  const pushText = (text: string, pos: number, trimRight: boolean) => {
    let t = text;
    if (trimNextLeft) t = t.replace(/^\s+/, '');
    if (trimRight) t = t.replace(/\s+$/, '');
    trimNextLeft = false;
    if (t) tokens.push({ kind: 'text', value: t, pos });
  };
  for (let m = re.exec(template); m; m = re.exec(template)) {
    const trimLeft = m[1] === '-' || m[4] === '-';
    pushText(template.slice(last, m.index), last, trimLeft);
    if (m[0].startsWith('{{')) {
      const expr = (m[2] ?? '').trim();
      if (!expr) throw new TemplateSyntaxError('empty expression {{ }}', m.index);
      tokens.push({ kind: 'output', expr, pos: m.index });
      trimNextLeft = m[3] === '-';
    } else if (m[0].startsWith('{%')) {
      const body = (m[5] ?? '').trim();
      const [name = '', ...rest] = body.split(/\s+/);
      tokens.push({ kind: 'tag', name, args: rest.join(' '), pos: m.index });
      trimNextLeft = m[6] === '-';
    } else {
      trimNextLeft = false;
    }
    last = m.index + m[0].length;
  }
  pushText(template.slice(last), last, false);
  // an opening delimiter that never closes
  for (const t of tokens) {
    if (t.kind !== 'text') continue;
    const open = /\{\{|\{%/.exec(t.value);
    if (open) throw new TemplateSyntaxError(`unclosed "${open[0]}"`, t.pos + open.index);
  }
  return tokens;
}

// ------------------------------------------------------------------ tree

type Node =
  | { kind: 'text'; value: string }
  | { kind: 'output'; expr: string; pos: number }
  | { kind: 'if'; branches: { cond: string; body: Node[] }[]; otherwise: Node[] }
  | { kind: 'for'; target: string; iterable: string; body: Node[]; otherwise: Node[]; pos: number };

function parse(tokens: Token[]): Node[] {
  let i = 0;
  const block = (ends: string[]): { nodes: Node[]; end: Extract<Token, { kind: 'tag' }> | null } => {
    const nodes: Node[] = [];
    while (i < tokens.length) {
      const t = tokens[i]!;
      if (t.kind === 'text') {
        nodes.push({ kind: 'text', value: t.value });
        i++;
      } else if (t.kind === 'output') {
        nodes.push({ kind: 'output', expr: t.expr, pos: t.pos });
        i++;
      } else if (ends.includes(t.name)) {
        return { nodes, end: t };
      } else if (t.name === 'if') {
        i++;
        const branches: { cond: string; body: Node[] }[] = [];
        let cond = t.args;
        let otherwise: Node[] = [];
        for (;;) {
          if (!cond) throw new TemplateSyntaxError('{% if %} without a condition', t.pos);
          const r = block(['elif', 'else', 'endif']);
          if (!r.end) throw new TemplateSyntaxError('{% if %} without {% endif %}', t.pos);
          branches.push({ cond, body: r.nodes });
          i++;
          if (r.end.name === 'elif') {
            cond = r.end.args;
            continue;
          }
          if (r.end.name === 'else') {
            const e = block(['endif']);
            if (!e.end) throw new TemplateSyntaxError('{% else %} without {% endif %}', r.end.pos);
            i++;
            otherwise = e.nodes;
          }
          break;
        }
        nodes.push({ kind: 'if', branches, otherwise });
      } else if (t.name === 'for') {
        const m = /^([A-Za-z_]\w*)\s+in\s+(.+)$/.exec(t.args);
        if (!m) throw new TemplateSyntaxError(`{% for %} needs "name in expression" (got "${t.args}")`, t.pos);
        i++;
        const r = block(['else', 'endfor']);
        if (!r.end) throw new TemplateSyntaxError('{% for %} without {% endfor %}', t.pos);
        i++;
        let otherwise: Node[] = [];
        if (r.end.name === 'else') {
          const e = block(['endfor']);
          if (!e.end) throw new TemplateSyntaxError('{% else %} without {% endfor %}', r.end.pos);
          i++;
          otherwise = e.nodes;
        }
        nodes.push({ kind: 'for', target: m[1]!, iterable: m[2]!.trim(), body: r.nodes, otherwise, pos: t.pos });
      } else {
        throw new TemplateSyntaxError(`unexpected {% ${t.name} %}`, t.pos);
      }
    }
    return { nodes, end: null };
  };
  const root = block([]);
  return root.nodes;
}

// ------------------------------------------------------------------ expressions

type ExprToken = { type: 'name' | 'string' | 'number' | 'op'; value: string };

function lexExpr(src: string): ExprToken[] {
  const out: ExprToken[] = [];
  const re = /\s*(?:(==|!=|<=|>=|[()|,<>])|("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')|(-?\d+(?:\.\d+)?)|([A-Za-z_][\w.]*))/y;
  let pos = 0;
  while (pos < src.length) {
    if (/^\s*$/.test(src.slice(pos))) break;
    re.lastIndex = pos;
    const m = re.exec(src);
    if (!m) throw new TemplateSyntaxError(`cannot read expression "${src}"`, 0);
    pos = re.lastIndex;
    if (m[1]) out.push({ type: 'op', value: m[1] });
    else if (m[2]) out.push({ type: 'string', value: m[2].slice(1, -1).replace(/\\(.)/g, '$1') });
    else if (m[3]) out.push({ type: 'number', value: m[3] });
    else if (['and', 'or', 'not', 'in', 'is'].includes(m[4]!)) out.push({ type: 'op', value: m[4]! });
    else out.push({ type: 'name', value: m[4]! });
  }
  return out;
}

interface Scope {
  lookup(path: string): { found: boolean; value: unknown };
  unknown: Set<string>;
}

const FILTERS: Record<string, (value: unknown, ...args: unknown[]) => unknown> = {
  default: (v, d = '') => (v === undefined || v === null || v === '' ? d : v),
  d: (v, d = '') => (v === undefined || v === null || v === '' ? d : v),
  trim: (v) => toText(v).trim(),
  upper: (v) => toText(v).toUpperCase(),
  lower: (v) => toText(v).toLowerCase(),
  length: (v) => (Array.isArray(v) ? v.length : typeof v === 'string' ? v.length : v && typeof v === 'object' ? Object.keys(v).length : 0),
  join: (v, sep = '') => (Array.isArray(v) ? v.map(toText).join(String(sep)) : toText(v)),
  tojson: (v) => JSON.stringify(v ?? null),
  string: (v) => toText(v),
};

function evaluate(src: string, scope: Scope): unknown {
  const tokens = lexExpr(src);
  let i = 0;
  const peek = () => tokens[i];
  const take = (value?: string) => {
    const t = tokens[i];
    if (!t || (value !== undefined && t.value !== value)) throw new TemplateSyntaxError(`expected "${value ?? 'a value'}" in "${src}"`, 0);
    i++;
    return t;
  };
  const primary = (): unknown => {
    const t = take();
    if (t.type === 'op' && t.value === '(') {
      const v = or();
      take(')');
      return v;
    }
    if (t.type === 'string') return t.value;
    if (t.type === 'number') return Number(t.value);
    if (t.type === 'name') {
      if (t.value === 'true' || t.value === 'True') return true;
      if (t.value === 'false' || t.value === 'False') return false;
      if (t.value === 'none' || t.value === 'None') return null;
      const r = scope.lookup(t.value);
      if (!r.found) scope.unknown.add(t.value.split('.')[0]!);
      return r.value;
    }
    throw new TemplateSyntaxError(`unexpected "${t.value}" in "${src}"`, 0);
  };
  const filtered = (): unknown => {
    let v = primary();
    while (peek()?.value === '|') {
      i++;
      const name = take().value;
      const args: unknown[] = [];
      if (peek()?.value === '(') {
        i++;
        while (peek() && peek()!.value !== ')') {
          args.push(or());
          if (peek()?.value === ',') i++;
        }
        take(')');
      }
      const fn = FILTERS[name];
      if (!fn) throw new TemplateSyntaxError(`unknown filter "${name}"`, 0);
      v = fn(v, ...args);
    }
    return v;
  };
  const comparison = (): unknown => {
    const left = filtered();
    const op = peek();
    if (op?.type === 'op' && ['==', '!=', '<', '>', '<=', '>='].includes(op.value)) {
      i++;
      const right = filtered();
      switch (op.value) {
        case '==':
          return left === right;
        case '!=':
          return left !== right;
        case '<':
          return Number(left) < Number(right);
        case '>':
          return Number(left) > Number(right);
        case '<=':
          return Number(left) <= Number(right);
        default:
          return Number(left) >= Number(right);
      }
    }
    if (op?.value === 'in') {
      i++;
      const right = filtered();
      return Array.isArray(right) ? right.includes(left) : typeof right === 'string' ? right.includes(toText(left)) : false;
    }
    return left;
  };
  const not = (): unknown => {
    if (peek()?.value === 'not') {
      i++;
      return !truthy(not());
    }
    return comparison();
  };
  // `operand (word operand)*` left to right, every operand read (no short cut: the tokens must
  // be consumed); `pick` keeps the left or the right value at each step
  const chain =
    (word: string, operand: () => unknown, pick: (left: unknown, right: unknown) => unknown) =>
    (): unknown => {
      let v = operand();
      while (peek()?.value === word) {
        i++;
        v = pick(v, operand());
      }
      return v;
    };
  const and = chain('and', not, (left, right) => (truthy(left) ? right : left));
  const or = chain('or', and, (left, right) => (truthy(left) ? left : right));
  const value = or();
  if (i < tokens.length) throw new TemplateSyntaxError(`unexpected "${tokens[i]!.value}" in "${src}"`, 0);
  return value;
}

const truthy = (v: unknown): boolean =>
  Array.isArray(v) ? v.length > 0 : v && typeof v === 'object' ? Object.keys(v).length > 0 : Boolean(v);

function toText(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.map(toText).join('\n');
  return JSON.stringify(v);
}

// ------------------------------------------------------------------ rendering

export interface RenderResult {
  text: string;
  /** variables the template uses that the context does not define (rendered as "") */
  unknownVariables: string[];
}

export function renderTemplate(template: string, variables: Record<string, unknown>): RenderResult {
  const nodes = parse(tokenize(template));
  const unknown = new Set<string>();
  const frames: Record<string, unknown>[] = [variables];
  const scope: Scope = {
    unknown,
    lookup(path) {
      const [head, ...rest] = path.split('.');
      for (let f = frames.length - 1; f >= 0; f--) {
        const frame = frames[f]!;
        if (Object.prototype.hasOwnProperty.call(frame, head!)) {
          let value: unknown = frame[head!];
          for (const key of rest) {
            if (value && typeof value === 'object' && key in (value as object)) value = (value as Record<string, unknown>)[key];
            else return { found: true, value: undefined };
          }
          return { found: true, value };
        }
      }
      return { found: false, value: undefined };
    },
  };
  const out: string[] = [];
  const run = (list: Node[]) => {
    for (const node of list) {
      if (node.kind === 'text') out.push(node.value);
      else if (node.kind === 'output') out.push(toText(evaluate(node.expr, scope)));
      else if (node.kind === 'if') {
        const branch = node.branches.find((b) => truthy(evaluate(b.cond, scope)));
        run(branch ? branch.body : node.otherwise);
      } else {
        const iterable = evaluate(node.iterable, scope);
        const items = Array.isArray(iterable) ? iterable : typeof iterable === 'string' && iterable ? iterable.split('\n') : [];
        if (items.length === 0) run(node.otherwise);
        items.forEach((item, index) => {
          frames.push({
            [node.target]: item,
            loop: { index: index + 1, index0: index, first: index === 0, last: index === items.length - 1, length: items.length },
          });
          run(node.body);
          frames.pop();
        });
      }
    }
  };
  run(nodes);
  return { text: out.join(''), unknownVariables: [...unknown] };
}

/** Top-level variable names a template reads (loop variables excluded), in order of first use. */
export function extractTemplateVariables(template: string): string[] {
  const nodes = parse(tokenize(template));
  const names: string[] = [];
  const seen = new Set<string>();
  const visit = (expr: string, locals: Set<string>) => {
    for (const t of lexExpr(expr)) {
      if (t.type !== 'name') continue;
      const head = t.value.split('.')[0]!;
      if (locals.has(head) || ['true', 'false', 'none', 'True', 'False', 'None'].includes(head)) continue;
      if (!seen.has(head)) {
        seen.add(head);
        names.push(head);
      }
    }
  };
  const walk = (list: Node[], locals: Set<string>) => {
    for (const node of list) {
      if (node.kind === 'output') visit(node.expr.replace(/\|\s*[A-Za-z_]\w*/g, '|'), locals);
      else if (node.kind === 'if') {
        node.branches.forEach((b) => {
          visit(b.cond.replace(/\|\s*[A-Za-z_]\w*/g, '|'), locals);
          walk(b.body, locals);
        });
        walk(node.otherwise, locals);
      } else if (node.kind === 'for') {
        visit(node.iterable.replace(/\|\s*[A-Za-z_]\w*/g, '|'), locals);
        walk(node.body, new Set([...locals, node.target, 'loop']));
        walk(node.otherwise, locals);
      }
    }
  };
  walk(nodes, new Set());
  return names;
}

export interface TemplateValidation {
  valid: boolean;
  variables: string[];
  /** variables not allowed for the prompt type, each with the product's message (docs/product/prompts-and-schemas.md) */
  invalid: { name: string; message: string }[];
  syntaxError?: string;
}

/** Variables written in double braces are valid only if allowed for the prompt type. */
export function validateTemplateVariables(template: string, type: PromptType): TemplateValidation {
  let variables: string[];
  try {
    variables = extractTemplateVariables(template);
  } catch (e) {
    return { valid: false, variables: [], invalid: [], syntaxError: (e as Error).message };
  }
  const allowed = new Set(PROMPT_VARIABLES[type]);
  const invalid = variables.filter((v) => !allowed.has(v)).map((name) => ({ name, message: INVALID_VARIABLE_MESSAGE }));
  return { valid: invalid.length === 0, variables, invalid };
}
