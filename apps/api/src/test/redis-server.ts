import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';

export interface RunningRedis {
  url: string;
  stop(): Promise<void>;
  /** Freezes the server (SIGSTOP): connections stay open and nothing is answered, as a hung Redis does. */
  pause(): void;
  resume(): void;
}

/**
 * A throw-away redis-server from Debian's package on a free loopback port, with no persistence, for the test run
 * (and the fleet suite); removed when stopped.
 */
export async function startRedisServer(): Promise<RunningRedis> {
  const binary = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => fs.existsSync(p));
  if (!binary) {
    throw new Error(
      'redis-server not found: run `apt-get install -y redis-server` (scripts/ensure-system-packages.sh does) or set ' +
        'TEST_REDIS_URL.',
    );
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bibleqa-redis-'));
  const port = await freePort();
  const child = spawn(
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output: string[] = [];
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 20_000;
  while (!(await answersPing(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
      throw new Error(`redis-server did not start:\n${output.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
    async stop() {
      if (child.exitCode === null) child.kill('SIGCONT');
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(1_000);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d: Buffer) => {
      socket.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
