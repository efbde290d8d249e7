import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How long, once the server is closing, a connection that has sent no request yet may still send one. */
export const SILENT_CONNECTION_GRACE_MS = 2_000;

/**
 * A connection a client opened and never sent a request on (a pool's spare socket, a balancer's pre-connection) is
 * not idle to Node, so closing the server waited for it until the headers timeout dropped it: about 70 s (issue 30).
 * Once the server closes, such a connection has a short grace to start its request (which is then served, like
 * every request in flight), and is destroyed after it.
 */
export function closeSilentConnections(app: FastifyInstance, graceMs = SILENT_CONNECTION_GRACE_MS): void {
  const silent = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    silent.add(socket);
    socket.once('close', () => silent.delete(socket));
  });
  app.server.on('request', (request: { socket: Socket }) => silent.delete(request.socket));
  app.addHook('preClose', async () => {
    const timer = setTimeout(() => {
      for (const socket of silent) socket.destroy();
    }, graceMs);
    timer.unref();
  });
}
