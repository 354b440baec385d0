import { createServer, request, type RequestListener } from 'node:http';
import { duplexPair } from 'node:stream';

/**
 * Asks the shop for `paths` before it takes connections, through its own request pipeline over
 * in-memory connections. Astro reads its content store when the first page needs an entry (2 s
 * at 20,000 products), and Astro's route cache keeps the pages asked for, so no shopper waits for
 * either after a start. A page that fails is logged, and the server starts all the same.
 */
export async function warmUp(listener: RequestListener, paths: readonly string[]): Promise<void> {
  const server = createServer(listener);
  for (const path of paths) {
    const [client, served] = duplexPair();
    server.emit('connection', served);
    await new Promise<void>((resolve) => {
      const failed = (why: string) => {
        console.error(`[server] warming up ${path} failed: ${why}`);
        resolve();
      };
      request({ createConnection: () => client, path, headers: { 'accept-encoding': 'br' } }, (res) => {
        if (res.statusCode !== 200) failed(`status ${res.statusCode}`);
        res.resume().once('end', resolve);
      })
        .once('error', (error) => failed(error.message))
        .end();
    });
    client.destroy();
  }
}
