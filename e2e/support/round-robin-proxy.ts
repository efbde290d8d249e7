import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  origin: string;
  /** The upstream (its index) the next request goes to. */
  next(): number;
  close(): Promise<void>;
}

/**
 * A small load balancer on loopback: each request goes to the next upstream in turn, its response streamed back as it
 * comes (server-sent events included) with an `x-served-by` header naming the upstream's index. A client that goes
 * away closes the upstream connection too, as a real balancer does.
 */
export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  let counter = 0;
  const server = http.createServer((req, res) => {
    const index = counter++ % upstreams.length;
    const target = new URL(req.url ?? '/', upstreams[index]);
    const upstream = http.request(
      target,
      {
        method: req.method,
        headers: { ...req.headers, host: target.host, 'x-forwarded-for': req.socket.remoteAddress ?? '' },
        agent: false,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-served-by': String(index) });
        res.flushHeaders();
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    next: () => counter % upstreams.length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
