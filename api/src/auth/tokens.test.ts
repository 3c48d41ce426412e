// Access tokens: a token seen before is not checked again (its claims are remembered until
// it expires); a remembered token still expires on time, and a changed token is checked.
import { randomUUID } from 'node:crypto';
import { sleep } from '../testing/helpers';
import { TokenService } from './tokens';

const claims = { sub: randomUUID(), sid: randomUUID() };

test('a token verified once is not checked again, and answers the same claims', async () => {
  const tokens = new TokenService('a-secret-long-enough-for-hs256-tests-0123456789', 900);
  const token = await tokens.signAccess(claims);
  const first = await tokens.verifyAccess(token);
  expect(first).toMatchObject({ ok: true, claims });
  for (let i = 0; i < 5; i += 1) expect(await tokens.verifyAccess(token)).toEqual(first);
  expect(tokens.signatureChecks).toBe(1);
  // one character changed in the signature: checked, and refused
  const last = token.at(-2) === 'A' ? 'B' : 'A';
  const forged = `${token.slice(0, -2)}${last}${token.at(-1)}`;
  expect(await tokens.verifyAccess(forged)).toEqual({ ok: false, reason: 'invalid' });
  expect(tokens.signatureChecks).toBe(2);
  // signed with another secret: refused
  const other = await new TokenService('another-secret-long-enough-for-hs256-tests-98765', 900).signAccess(claims);
  expect(await tokens.verifyAccess(other)).toEqual({ ok: false, reason: 'invalid' });
});

test('a remembered token expires on time', async () => {
  // exp is whole seconds after a whole-second iat: a one-second token may have only
  // milliseconds left when it is first checked, so three seconds leave at least two.
  const tokens = new TokenService('a-secret-long-enough-for-hs256-tests-0123456789', 3);
  const token = await tokens.signAccess(claims);
  const verified = await tokens.verifyAccess(token);
  expect(verified.ok).toBe(true);
  if (!verified.ok) return;
  await sleep(Math.max(0, verified.expiresAt - Date.now()) + 20);
  expect(await tokens.verifyAccess(token)).toEqual({ ok: false, reason: 'expired' });
  expect(tokens.signatureChecks).toBe(1);
});
