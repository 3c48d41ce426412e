// Ports and credentials of the stack the e2e suite starts for itself: never the ones of a
// running `npm start` (3000–3005, 8000), so both can run side by side.
export const E2E_PORTS = {
  shell: 4100,
  api: 4180,
  control: 4170, // not 4190: fetch refuses that port (sieve)
  remotes: { marketing: 4101, files: 4102, promptsSchemas: 4103, jobs: 4104, admin: 4105 },
} as const;

export type RemoteKey = keyof typeof E2E_PORTS.remotes;

export const BASE_URL = `http://localhost:${E2E_PORTS.shell}`;
export const API_URL = `http://127.0.0.1:${E2E_PORTS.api}/api/v1`;
export const CONTROL_URL = `http://127.0.0.1:${E2E_PORTS.control}`;

export const ADMIN = { email: 'admin@e2e.quarry.test', password: 'Adm1n-e2e-Passw0rd!' };
