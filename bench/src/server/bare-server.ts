/**
 * The baseline: a bare `node:http` server, run as its own process (like the app) so it never shares
 * an event loop with the load generator. It answers the app's captured bytes: the same status, headers
 * and body, so "app ÷ bare" is what everything between the socket and those bytes costs.
 */
import http from 'node:http';
import { cannedKey, type CannedResponse } from './canned';

process.once('message', (message) => {
  const responses = new Map(
    (message as CannedResponse[]).map((canned) => [
      cannedKey(canned.method, canned.path),
      {
        status: canned.status,
        headers: canned.headers.flat(),
        body: Buffer.from(canned.bodyBase64, 'base64'),
      },
    ]),
  );
  const server = http.createServer((request, response) => {
    const canned = responses.get(cannedKey(request.method ?? 'GET', request.url ?? '/'));
    // Read the request body to its end first, as the app must before it can answer a POST.
    request.resume();
    request.once('end', () => {
      if (!canned) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(canned.status, [...canned.headers, 'content-length', String(canned.body.length)]);
      response.end(canned.body);
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  });
  process.once('disconnect', () => server.close(() => process.exit(0)));
});
