// Bare Fastify hello-world: the baseline the API is compared with (same machine, same run).
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
// The same bytes as an API answer, set once by the bench (POST /payload): what sending that
// much JSON costs the server and the load generator, without the API's work.
let payload = '{}';
app.post('/payload', { bodyLimit: 50 * 1024 * 1024 }, async (req) => {
  payload = JSON.stringify(req.body);
  return { bytes: payload.length };
});
app.get('/payload', (_req, reply) => reply.type('application/json; charset=utf-8').send(payload));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
console.log('ready');
