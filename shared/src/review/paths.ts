// JSON paths of record values, written the way provenance writes them ($.vendor, $.items[2].price,
// $["unit price"]): one spelling on the server and in the page, so a path is a stable key.

export type PathSegment = string | number;

const IDENT = /^[A-Za-z_$][\w$]*$/;

/** The path of `key` (object property) or `index` (array element) under `base`. */
export function childPath(base: string, seg: PathSegment): string {
  if (typeof seg === 'number') return `${base}[${seg}]`;
  return IDENT.test(seg) ? `${base}.${seg}` : `${base}[${JSON.stringify(seg)}]`;
}

/** Builds a path from segments: ['items', 2, 'price'] -> $.items[2].price */
export function pathOf(segments: readonly PathSegment[]): string {
  return segments.reduce<string>((p, s) => childPath(p, s), '$');
}

/** Parses a path written by childPath; null when it is not one. */
export function parsePath(path: string): PathSegment[] | null {
  if (!path.startsWith('$')) return null;
  const out: PathSegment[] = [];
  let i = 1;
  while (i < path.length) {
    const c = path[i];
    if (c === '.') {
      const m = /^[A-Za-z_$][\w$]*/.exec(path.slice(i + 1));
      if (!m) return null;
      out.push(m[0]);
      i += 1 + m[0].length;
    } else if (c === '[') {
      const rest = path.slice(i + 1);
      const num = /^(\d+)\]/.exec(rest);
      if (num) {
        out.push(Number(num[1]));
        i += 1 + num[0].length;
        continue;
      }
      const str = /^("(?:[^"\\]|\\.)*")\]/.exec(rest);
      if (!str) return null;
      try {
        out.push(JSON.parse(str[1]!) as string);
      } catch {
        return null;
      }
      i += 1 + str[0].length;
    } else {
      return null;
    }
  }
  return out;
}

/** True when `path` is `prefix` or lies under it. */
export function isUnder(path: string, prefix: string): boolean {
  return path === prefix || (path.startsWith(prefix) && (path[prefix.length] === '.' || path[prefix.length] === '['));
}
