import type { FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** Aborted when the client goes away, watched from the request's arrival (routes with `watchClient`). */
    clientGone?: AbortSignal;
  }
}

/**
 * An onRequest hook for the streaming routes: the client's going away (its connection closed before the answer was
 * finished) aborts `request.clientGone`, whenever it happens: while the request is authenticated, while the answer
 * is being started, or once it streams. A client already gone when the hook runs is seen at once.
 */
export async function watchClient(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const controller = new AbortController();
  request.clientGone = controller.signal;
  const response = reply.raw;
  if (response.destroyed || request.raw.socket?.destroyed) {
    controller.abort();
    return;
  }
  response.once('close', () => {
    if (!response.writableFinished) controller.abort();
  });
}
