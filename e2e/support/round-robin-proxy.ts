import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  origin: string;
  /** The upstream (its index) the next request goes to. */
  next(): number;
  /** Puts a new upstream in the place of one (a restarted instance on another port). */
  replace(index: number, origin: string): void;
  /** Responses the proxy made up itself because no upstream answered (a balancer's 502). */
  badGateways: number;
  close(): Promise<void>;
}

/**
 * A small load balancer on loopback: each request goes to the next upstream in turn, its response streamed back as it
 * comes (server-sent events included) with an `x-served-by` header naming the upstream's index. A client that goes
 * away closes the upstream connection too, as a real balancer does. Like Caddy with `lb_try_duration`
 * (deploy/Caddyfile), a request an upstream refused before answering (connection refused or reset: the instance is
 * stopping or gone) is tried on the next one for up to `tryDurationMs`; only then does the client get a 502.
 */
export async function startRoundRobinProxy(
  initial: string[],
  { tryDurationMs = 5_000 }: { tryDurationMs?: number } = {},
): Promise<RoundRobinProxy> {
  const upstreams = [...initial];
  let counter = 0;
  let badGateways = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const deadline = Date.now() + tryDurationMs;
      let current: http.ClientRequest | undefined;
      res.on('close', () => current?.destroy());
      const attempt = () => {
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
            // The upstream died mid-response (killed): the client's connection is cut too, as a balancer's is.
            answer.on('close', () => {
              if (!answer.complete) res.destroy();
            });
          },
        );
        upstream.on('error', () => {
          if (res.headersSent || res.destroyed) return void res.end();
          if (Date.now() < deadline) return void setTimeout(attempt, 50);
          badGateways += 1;
          res.writeHead(502);
          res.end();
        });
        current = upstream;
        upstream.end(body);
      };
      attempt();
    });
  });
  // Caddy keeps a client's idle connection for minutes; Node's 5 s default let a test's request race the proxy closing
  // the connection it reused (ECONNRESET) after a pause of about that length (a replacement instance starting).
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    next: () => counter % upstreams.length,
    replace(index, origin) {
      upstreams[index] = origin;
    },
    get badGateways() {
      return badGateways;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
