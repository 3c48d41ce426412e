// jsdom with the web platform classes Node already has (fetch, Request, Response, streams,
// AbortSignal.timeout…), which jest's jsdom environment leaves out. Components under test
// then talk to a real local HTTP server through the real fetch.
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'TextEncoder',
  'TextDecoder',
  'structuredClone',
  'BroadcastChannel',
  'WebSocket',
  'AbortController',
  'AbortSignal',
];

class JsdomWithNodeFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) {
      if (globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithNodeFetch;
