// The checked-in OpenAPI document and its generated types must be what the API produces now:
// a route or schema changed without `npm run generate -w @quarry/cli` fails here (and in CI).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

test('generated/openapi.json and src/generated/api.d.ts are current', () => {
  const script = path.join(__dirname, '..', 'scripts', 'generate.mjs');
  const res = spawnSync(process.execPath, [script, '--check'], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  expect(res.stderr).toBe('');
  expect(res.status).toBe(0);
});
