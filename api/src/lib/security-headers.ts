// The security headers of every answer. Routed requests get them from @fastify/helmet (an
// onRequest hook); answers Fastify writes before routing (a bad percent-encoding, an
// over-long path parameter, a malformed HTTP request) skip the hooks, so they take the
// same set from SECURITY_HEADERS, computed once by running helmet with the same options.
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

export const HELMET_OPTIONS = {
  crossOriginResourcePolicy: { policy: 'same-site' },
  // no upgrade-insecure-requests: the docs page must load over plain http on localhost
  contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } },
} satisfies HelmetOptions;

function collectHeaders(): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return res;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  // helmet's middleware is synchronous: the headers are all set when it returns
  helmet(HELMET_OPTIONS)({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return Object.freeze(headers);
}

export const SECURITY_HEADERS = collectHeaders();
