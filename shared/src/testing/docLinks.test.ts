/** @jest-environment node */
// Every relative link and file path named in the repository's Markdown exists and prose is
// wrapped at 100 characters (scripts/check-docs.mjs), and the check itself fires: a document
// naming a missing file or with a long line fails it, its well-behaved twin passes.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');
const script = path.join(root, 'scripts/check-docs.mjs');

function check(...files: string[]) {
  const r = spawnSync(process.execPath, [script, ...files], { cwd: root, encoding: 'utf8' });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('documentation links and paths', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'quarry-doc-links-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('every document of the repository names only files that exist', () => {
    const { status, out } = check();
    expect(out).toMatch(/0 problem\(s\)/);
    expect(status).toBe(0);
  });

  it('fails on a link to a missing file and on a missing path in a code span', () => {
    const bad = path.join(dir, 'bad.md');
    writeFileSync(bad, 'See [the guide](./no-such-guide.md) and `api/src/no-such-file.ts`.\n');
    const { status, out } = check(bad);
    expect(status).toBe(1);
    expect(out).toContain('link target missing: ./no-such-guide.md');
    expect(out).toContain('path not found: api/src/no-such-file.ts');
  });

  it('fails on a line of prose over 100 characters, not on code, tables or one long piece', () => {
    const words = Array.from({ length: 21 }, (_, i) => `word${i}`).join(' ');
    const long = path.join(dir, 'long.md');
    writeFileSync(long, `# long\n\nShort line.\n${words}\n`);
    const { status, out } = check(long);
    expect(status).toBe(1);
    expect(out).toContain(`long.md:4: line over 100: ${words.length} characters`);

    const span = `\`${'x'.repeat(60)} ${'y'.repeat(60)}\``;
    const allowed = path.join(dir, 'allowed.md');
    writeFileSync(
      allowed,
      ['```', words, '```', `| ${words} |`, `- ${span}`, `[link](https://example.com/${'z'.repeat(100)})`, ''].join(
        '\n',
      ),
    );
    expect(check(allowed)).toMatchObject({ status: 0 });
  });

  it('passes links and paths that exist, and skips URLs, routes, placeholders and fenced code', () => {
    const good = path.join(dir, 'good.md');
    writeFileSync(path.join(dir, 'other.md'), '# other\n');
    writeFileSync(
      good,
      [
        'See [other](other.md#top), [the site](https://example.com/x.md), `api/src/config.ts`,',
        '`/api/v1/files/my-files`, `docs/decisions/NNNN-title.md`, `api/src/modules/<feature>/routes.ts`,',
        '`dist/main.js`, `DATA_DIR/files/x.pdf`.',
        '```',
        'cat missing/file.ts',
        '```',
        '',
      ].join('\n'),
    );
    const { status, out } = check(good);
    expect(out).toMatch(/0 problem\(s\)/);
    expect(status).toBe(0);
  });
});
