import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ADMIN, E2E_PORTS } from './env';
import { createServerDatabase } from './server-database';

/**
 * Starts the composed app for the suite: API + six static servers on their own ports,
 * a temporary data folder, and copies of every app's build (so a test may redeploy a
 * remote by replacing its folder without touching the working tree). Removed afterwards.
 */
export default async function globalSetup() {
  const repo = path.resolve(__dirname, '../..');
  const tmp = mkdtempSync(path.join(tmpdir(), 'quarry-e2e-'));
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
    },
    log: () => {},
  }).catch(async (err: unknown) => {
    await database?.drop();
    throw err;
  });
  return async () => {
    await stack.stop();
    await database?.drop();
    rmSync(tmp, { recursive: true, force: true });
  };
}
