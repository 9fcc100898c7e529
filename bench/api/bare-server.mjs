// The yardstick of the asset-list benchmark: a bare Fastify route answering a small envelope,
// in its own process like the API, so that both runs pay for the same HTTP stack.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ code: 200, msg: 'ok', data: null }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
