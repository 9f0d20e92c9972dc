/**
 * A loopback proxy in front of the site that does what a server with a Content Security Policy
 * does: every inline script of a page gets the nonce, and the page the policy header. Browser
 * tests use it to prove that the page works under the policy, without changing the site.
 */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

interface TestContext {
  teardown(fn: () => unknown): void;
}

export async function startCspProxy(t: TestContext, target: string, { nonce, policy }: { nonce: string; policy: string }): Promise<string> {
  const upstream = new URL(target);
  const server = createServer((request, response) => {
    const headers = { ...request.headers, host: upstream.host };
    // Plain bytes, so a page can be rewritten.
    delete headers['accept-encoding'];
    const forwarded = httpRequest({ host: upstream.hostname, port: upstream.port, path: request.url, method: request.method, headers }, (answer) => {
      const isPage = (answer.headers['content-type'] ?? '').startsWith('text/html');
      if (!isPage) {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const html = Buffer.concat(chunks).toString('utf8').replace(/<script\b(?![^>]*\ssrc=)/g, `<script nonce="${nonce}"`);
        const { 'content-length': _length, 'transfer-encoding': _transfer, ...rest } = answer.headers;
        response.writeHead(answer.statusCode ?? 502, { ...rest, 'content-security-policy': policy });
        response.end(html);
      });
    });
    forwarded.on('error', () => response.writeHead(502).end());
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
