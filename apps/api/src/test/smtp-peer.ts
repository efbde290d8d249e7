import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
}

export interface SmtpPeer {
  /** The value for the server's SMTP_URL. */
  url: string;
  inbox: ReceivedMail[];
  /** How many mails the peer has been sent in full, accepted (in the inbox) or not yet (held). */
  readonly arrived: number;
  /** With `hold`, accepts the mails held so far and every later one. */
  release(): void;
  /** Waits for the newest mail to `address` that arrived after `since` mails and returns the 6-digit code in it. */
  codeFor(address: string, options?: { since?: number; timeoutMs?: number }): Promise<string>;
  close(): Promise<void>;
}

/**
 * A real SMTP peer (npm's smtp-server) on loopback that keeps every mail the app sends (API tests and e2e), optionally
 * as slow as a distant provider (`delayMs`, for measurements), or holding every mail unanswered until `release()`
 * (`hold`: a sender that waited for the provider's answer would wait until then, however fast the machine).
 */
export async function startSmtpPeer(options: { delayMs?: number; hold?: boolean } = {}): Promise<SmtpPeer> {
  const inbox: ReceivedMail[] = [];
  let arrived = 0;
  let release: () => void = () => undefined;
  const released = options.hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        arrived += 1;
        await released;
        // A slow provider: the message is accepted only after delayMs.
        if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    get arrived() {
      return arrived;
    },
    release: () => release(),
    async codeFor(address, { since = 0, timeoutMs = 15_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = inbox
          .slice(since)
          .reverse()
          .find((m) => m.to.includes(address.toLowerCase()));
        // The code is the only run of exactly six digits in the body (mail may be quoted-printable or base64).
        const text = mail ? decodeBody(mail.raw) : '';
        const code = text.match(/(?<!\d)(\d{6})(?!\d)/)?.[1];
        if (code) return code;
        if (Date.now() > deadline) throw new Error(`no code mailed to ${address} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => {
      release();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function decodeBody(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  if (/^Content-Transfer-Encoding: base64$/im.test(raw)) {
    return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64').toString('utf8');
  }
  return body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}
