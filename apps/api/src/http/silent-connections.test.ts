import net from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { closeSilentConnections } from './silent-connections.ts';

/** Opens a TCP connection to the server and resolves once it is up; `closed` settles when the server drops it. */
async function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, closed };
}

describe('closing with connections that never sent a request', () => {
  it('drops them after the grace, and still finishes a request in flight', async () => {
    const app = Fastify({ return503OnClosing: false });
    let release: (() => void) | undefined;
    app.get('/slow', () => new Promise((resolve) => (release = () => resolve({ ok: true }))));
    closeSilentConnections(app, 50);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as net.AddressInfo;

    const silent = await connect(port);
    const busy = await connect(port);
    let response = '';
    busy.socket.on('data', (chunk) => (response += String(chunk)));
    busy.socket.write(`GET /slow HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n`);
    await expect.poll(() => release !== undefined).toBe(true);

    // Without the grace, Node keeps the silent connection until its headers timeout (60 s): close would not end.
    const closing = app.close();
    await silent.closed;
    release!();
    await closing;
    await busy.closed;
    expect(response).toMatch(/^HTTP\/1\.1 200/);
    expect(response).toContain('{"ok":true}');
  });
});
