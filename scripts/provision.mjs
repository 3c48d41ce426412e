#!/usr/bin/env node
// The tools the test suites need beyond Node and npm, found or installed in one place.
// Used by `npm test` (scripts/test-all.mjs) and by `.ci/run`; nothing else decides this.
//
// - Chromium for the browser suite: `CHROMIUM_PATH` when set (then nothing else is tried,
//   so a wrong value is reported, not silently replaced), else Debian's /usr/bin/chromium,
//   else any Chrome or Chromium on PATH or in the usual install folders.
// - The tesseract command with English data, for the OCR tests of the CLI engine
//   (`QUARRY_TESSERACT_CMD` when set, else `tesseract` on PATH).
// - With `--with-postgresql` (CI only): PostgreSQL's server, for the API suite's second run.
//
// When something is missing and the machine is Debian or Ubuntu and we are root, it runs
// `apt-get update` once and `apt-get install` for everything missing at once. Otherwise it
// prints one line per missing tool with the command that installs it. Set
// QUARRY_PROVISION_INSTALL=0 (or pass --no-install) to only look.
//
// CLI: `node scripts/provision.mjs [--no-install] [--with-postgresql] [--json]`
// exits 0 when everything asked for is there, 1 otherwise.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const runs = (cmd, args, timeout = 15_000) => {
  try {
    const r = spawnSync(cmd, args, { encoding: 'utf8', timeout, stdio: ['ignore', 'pipe', 'pipe'] });
    return { ok: r.status === 0, out: `${r.stdout ?? ''}\n${r.stderr ?? ''}`, error: r.error };
  } catch (error) {
    return { ok: false, out: '', error };
  }
};

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Every directory of PATH that holds `name` as an executable file. */
function onPath(name, envPath = process.env.PATH ?? '') {
  return envPath
    .split(path.delimiter)
    .filter(Boolean)
    .map((dir) => path.join(dir, name))
    .filter((file) => isExecutable(file));
}

/** Debian, Ubuntu or a derivative, with apt-get. */
function aptFamily() {
  if (process.platform !== 'linux' || !existsSync('/etc/debian_version')) return false;
  return onPath('apt-get').length > 0;
}

function osLabel() {
  if (process.platform === 'darwin') return 'macos';
  if (process.platform !== 'linux') return process.platform;
  try {
    const release = readFileSync('/etc/os-release', 'utf8');
    if (/^ID=ubuntu/m.test(release) || /^ID_LIKE=.*ubuntu/m.test(release)) return 'ubuntu';
  } catch {
    // no os-release: fall through
  }
  return aptFamily() ? 'debian' : 'linux';
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Places a Chrome or Chromium is commonly installed, in order of preference. */
function chromiumCandidates() {
  const names = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome'];
  const list = ['/usr/bin/chromium', ...names.flatMap((n) => onPath(n))];
  list.push('/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/opt/google/chrome/chrome', '/snap/bin/chromium');
  if (process.platform === 'darwin') {
    list.push(
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
      path.join(homedir(), 'Applications/Google Chrome.app/Contents/MacOS/Google Chrome'),
    );
  }
  // A browser Playwright installed earlier (`npx playwright install chromium`) is fine too.
  const cache = process.env.PLAYWRIGHT_BROWSERS_PATH || path.join(homedir(), process.platform === 'darwin' ? 'Library/Caches/ms-playwright' : '.cache/ms-playwright');
  try {
    for (const dir of readdirSync(cache).filter((d) => /^chromium-\d+$/.test(d)).sort().reverse()) {
      list.push(path.join(cache, dir, 'chrome-linux/chrome'), path.join(cache, dir, 'chrome-linux64/chrome'));
    }
  } catch {
    // no Playwright cache
  }
  return [...new Set(list)];
}

/** A Chromium that starts: `--version` answers (Ubuntu's snap shim does not in a container). */
function probeChromium(file) {
  if (!isExecutable(file)) return null;
  const r = runs(file, ['--headless', '--no-sandbox', '--version']);
  const version = /(Chromium|Chrome)[^\d]*([\d.]+)/.exec(r.out);
  return r.ok && version ? `${version[1]} ${version[2]}` : null;
}

export function findChromium(env = process.env) {
  if (env.CHROMIUM_PATH) {
    const version = probeChromium(env.CHROMIUM_PATH);
    if (version) return { found: true, path: env.CHROMIUM_PATH, version, explicit: true };
    return { found: false, explicit: true, reason: `CHROMIUM_PATH=${env.CHROMIUM_PATH} is not a Chromium that starts` };
  }
  for (const file of chromiumCandidates()) {
    const version = probeChromium(file);
    if (version) return { found: true, path: file, version };
  }
  return { found: false, reason: 'no Chromium or Chrome found' };
}

export function findTesseract(env = process.env) {
  const command = env.QUARRY_TESSERACT_CMD || 'tesseract';
  const explicit = Boolean(env.QUARRY_TESSERACT_CMD);
  const file = command.includes('/') ? command : onPath(command, env.PATH)[0];
  if (!file || !isExecutable(file)) return { found: false, explicit, reason: `${command} is not installed` };
  const langs = runs(file, ['--list-langs']);
  if (!langs.ok) return { found: false, explicit, reason: `${file} --list-langs failed` };
  if (!langs.out.split('\n').map((l) => l.trim()).includes('eng')) return { found: false, explicit, reason: `${file} has no English data (eng)` };
  const version = /tesseract\s+v?([\d.]+)/i.exec(runs(file, ['--version']).out)?.[1];
  return { found: true, path: file, version: version ? `tesseract ${version}` : 'tesseract' };
}

export function findPostgres() {
  if (onPath('pg_ctlcluster').length > 0) return { found: true, path: onPath('pg_ctlcluster')[0], version: 'PostgreSQL (Debian cluster tools)' };
  return { found: false, reason: 'PostgreSQL server is not installed' };
}

/** Per tool: how to look for it, its Debian packages, and what to tell a person elsewhere. */
const TOOLS = {
  chromium: {
    label: 'Chromium',
    find: findChromium,
    apt: ['chromium'],
    needs: 'the browser tests (e2e)',
    hint: (os) =>
      ({
        debian: 'sudo apt-get install -y chromium',
        ubuntu: 'sudo apt-get install -y chromium-browser (or install Google Chrome) and set CHROMIUM_PATH to it',
        macos: 'brew install --cask chromium, or set CHROMIUM_PATH to Google Chrome',
      })[os] ?? 'install Chromium or Google Chrome and set CHROMIUM_PATH to its executable',
  },
  tesseract: {
    label: 'tesseract CLI',
    find: findTesseract,
    apt: ['tesseract-ocr', 'tesseract-ocr-eng'],
    needs: 'the OCR tests of the CLI engine (the tesseract.js engine is tested without it)',
    hint: (os) =>
      ({
        debian: 'sudo apt-get install -y tesseract-ocr tesseract-ocr-eng',
        ubuntu: 'sudo apt-get install -y tesseract-ocr tesseract-ocr-eng',
        macos: 'brew install tesseract',
      })[os] ?? 'install tesseract 4 or 5 with English data (eng) and put it on PATH',
  },
  postgresql: {
    label: 'PostgreSQL server',
    find: findPostgres,
    apt: ['postgresql'],
    needs: "the API suite's run against a PostgreSQL server",
    hint: (os) => (os === 'debian' || os === 'ubuntu' ? 'sudo apt-get install -y postgresql' : 'install PostgreSQL 15 or newer'),
  },
};

/**
 * Finds the tools, installs what is missing when it can, and reports.
 * @param {{ tools?: string[], install?: boolean, log?: (line: string) => void, env?: NodeJS.ProcessEnv }} [options]
 * @returns {{ ok: boolean, tools: Record<string, { found: boolean, path?: string, version?: string, reason?: string, hint?: string, needs: string, label: string }> }}
 */
export function provision(options = {}) {
  const names = options.tools ?? ['chromium', 'tesseract'];
  const env = options.env ?? process.env;
  const log = options.log ?? ((line) => console.log(line));
  const install = options.install ?? env.QUARRY_PROVISION_INSTALL !== '0';
  const os = osLabel();

  const look = () => Object.fromEntries(names.map((n) => [n, TOOLS[n].find(env)]));
  let found = look();
  // An explicit CHROMIUM_PATH / QUARRY_TESSERACT_CMD that is wrong is the person's to fix:
  // installing a package would not change what they pointed at.
  const missing = names.filter((n) => !found[n].found && !found[n].explicit);
  if (missing.length > 0 && install && isRoot() && aptFamily()) {
    const packages = missing.flatMap((n) => TOOLS[n].apt);
    log(`provision: installing ${packages.join(' ')} (apt-get)`);
    const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'ignore', 'inherit'], env: aptEnv });
    const add =
      update.status === 0
        ? spawnSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: ['ignore', 'ignore', 'inherit'], env: aptEnv })
        : update;
    if (add.status !== 0) log('provision: apt-get failed; see its message above');
    found = look();
  }

  const tools = {};
  for (const n of names) {
    const t = TOOLS[n];
    const f = found[n];
    tools[n] = { ...f, label: t.label, needs: t.needs, ...(f.found ? {} : { hint: f.explicit ? `fix or unset ${n === 'chromium' ? 'CHROMIUM_PATH' : 'QUARRY_TESSERACT_CMD'}` : t.hint(os) }) };
    if (f.found) log(`provision: ${t.label}: ${f.version} (${f.path})`);
    else log(`provision: missing ${t.label} (${f.reason}), needed for ${t.needs}. Install: ${tools[n].hint}`);
  }
  return { ok: names.every((n) => tools[n].found), tools };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = new Set(process.argv.slice(2));
  const json = args.has('--json');
  const result = provision({
    tools: ['chromium', 'tesseract', ...(args.has('--with-postgresql') ? ['postgresql'] : [])],
    install: args.has('--no-install') ? false : undefined,
    log: json ? (line) => console.error(line) : undefined,
  });
  if (json) console.log(JSON.stringify(result));
  process.exit(result.ok ? 0 : 1);
}
