// Ports and credentials of the stack the e2e suite starts for itself: never the ones of a
// running `npm start` (3000–3005, 8000), so both can run side by side. E2E_PORT_OFFSET
// shifts them all, so two checkouts can run their suites at the same time.
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0) || 0;

export const E2E_PORTS = {
  shell: 4100 + offset,
  api: 4180 + offset,
  control: 4170 + offset, // not 4190: fetch refuses that port (sieve)
  /** an OpenAI-compatible fake a test may start (the API's OPENAI_BASE_URL points here) */
  fakeLlm: 4172 + offset,
  remotes: {
    marketing: 4101 + offset,
    files: 4102 + offset,
    promptsSchemas: 4103 + offset,
    jobs: 4104 + offset,
    admin: 4105 + offset,
  },
} as const;
export type RemoteKey = keyof typeof E2E_PORTS.remotes;

export const BASE_URL = `http://localhost:${E2E_PORTS.shell}`;
export const API_URL = `http://127.0.0.1:${E2E_PORTS.api}/api/v1`;
export const CONTROL_URL = `http://127.0.0.1:${E2E_PORTS.control}`;

export const ADMIN = { email: 'admin@e2e.quarry.test', password: 'Adm1n-e2e-Passw0rd!' };
