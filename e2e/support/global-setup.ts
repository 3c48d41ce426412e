import { accessSync, constants, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ADMIN, E2E_PORTS } from './env';
import { createServerDatabase } from './server-database';

/**
 * Where the suite's temporary folder goes: /dev/shm (memory-backed) on Linux when writable,
 * else the OS temp folder. The copies of every build and the data folder are written and
 * removed once per run; on a disk mounted with `discard`, removing files waits on the device.
 */
export function e2eTmpRoot(): string {
  if (process.env.QUARRY_TEST_TMPDIR) return process.env.QUARRY_TEST_TMPDIR;
  try {
    if (process.platform === 'linux') {
      accessSync('/dev/shm', constants.W_OK);
      return '/dev/shm';
    }
  } catch {
    // no /dev/shm: the OS temp folder
  }
  return tmpdir();
}

/**
 * Starts the composed app for the suite: API + six static servers on their own ports,
 * a temporary data folder, and copies of every app's build (so a test may redeploy a
 * remote by replacing its folder without touching the working tree). Removed afterwards.
 */
export default async function globalSetup() {
  const repo = path.resolve(__dirname, '../..');
  const tmp = mkdtempSync(path.join(e2eTmpRoot(), 'quarry-e2e-'));
  const www = path.join(tmp, 'www');
  for (const dir of ['shell', 'mf-marketing', 'mf-files', 'mf-prompts-schemas', 'mf-jobs', 'mf-admin']) {
    cpSync(path.join(repo, dir, 'dist'), path.join(www, dir), { recursive: true });
  }
  process.env.QUARRY_E2E_TMP = tmp;
  // stack.mjs is plain ESM; load it at run time.
  const { startStack } = (await import(pathToFileURL(path.join(repo, 'scripts/stack.mjs')).href)) as {
    startStack: (o: unknown) => Promise<{ stop: () => Promise<void> }>;
  };
  const serverUrl = process.env.QUARRY_TEST_SERVER_URL;
  const database = serverUrl ? await createServerDatabase(serverUrl) : null;
  const stack = await startStack({
    ports: { shell: E2E_PORTS.shell, api: E2E_PORTS.api, remotes: E2E_PORTS.remotes },
    dataDir: path.join(tmp, 'data'),
    wwwDir: (dir: string) => path.join(www, dir),
    controlPort: E2E_PORTS.control,
    apiEnv: {
      ...(database ? { DATABASE_URL: database.url } : {}),
      QUARRY_ADMIN_EMAIL: ADMIN.email,
      QUARRY_ADMIN_PASSWORD: ADMIN.password,
      CORS_ORIGINS: `http://localhost:${E2E_PORTS.shell}`,
      // The suite signs up and logs in many users from one address.
      REGISTER_RATE_LIMIT_PER_IP: '10000',
      LOGIN_RATE_LIMIT_PER_IP: '10000',
      LOGIN_RATE_LIMIT_PER_ACCOUNT: '10000',
      FEEDBACK_RATE_LIMIT_PER_USER: '10000',
      CONTACT_RATE_LIMIT_PER_IP: '10000',
      // Short-lived access tokens: the suite proves the silent refresh mid-session.
      ACCESS_TOKEN_TTL_SECONDS: '15',
      LOG_LEVEL: 'warn',
      // provider "openai" reaches a fake a test starts on this port (review-loop.spec.ts);
      // the default provider stays the offline extractor
      OPENAI_BASE_URL: `http://127.0.0.1:${E2E_PORTS.fakeLlm}/v1`,
      OPENAI_API_KEY: 'e2e-fake-key',
      OPENAI_MODEL: 'fake-model',
      OPENAI_STRICT_SCHEMA: 'false',
      LLM_RETRY_BASE_MS: '10',
      // Password hashing at the cost the API suite uses (256 KiB, one pass) instead of the
      // product's 64 MiB x 3: the suite signs up and signs in hundreds of times (48 users in
      // one list test), and at CI's load one product-cost hash took 0.5-2 s of a core. What a
      // browser test checks does not depend on the cost; the API suite covers hashing itself.
      ARGON2_MEMORY_KIB: '256',
      ARGON2_TIME_COST: '1',
    },
    log: () => {},
  }).catch(async (err: unknown) => {
    await database?.drop();
    rmSync(tmp, { recursive: true, force: true }); // on /dev/shm it would hold memory until a reboot
    throw err;
  });
  return async () => {
    await stack.stop();
    await database?.drop();
    rmSync(tmp, { recursive: true, force: true });
  };
}
