import { randomBytes, timingSafeEqual } from 'node:crypto';
import { QR_TICKET_TTL_MS, type QrPollResult, type QrScanResult } from '@bible-qa/contract';
import { AppError } from '../../http/app-error.ts';
import { nextMessage, type PubSub } from '../../pubsub/pubsub.ts';
import type { MemberRepository } from '../member/member.repository.ts';
import { hashToken, type Clock } from './auth-session.service.ts';
import { describeAddress, readUserAgent } from './device.ts';
import type { LoginCompletion } from './login-completion.ts';
import type { QrTicketRepository } from './qr-ticket.repository.ts';

/** A confirmed ticket can still be collected by its poller this long after the ticket's 2 minutes. */
const COLLECT_GRACE_MS = 60_000;
const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * QR login (ASVS 7.6.2: a session only by the user's explicit act). The desktop's ticket is shown as a QR code and
 * polled with a secret only the desktop holds; a logged-in phone scans (and sees where the desktop is) and confirms;
 * the notice travels over pub/sub, so the desktop's long poll answers at once, on any server. A ticket lives
 * 2 minutes and logs in one desktop once.
 */
export function createQrLoginService({
  tickets,
  members,
  completion,
  pubsub,
  clock,
  maxWaitMs,
  publicOrigin,
}: {
  tickets: QrTicketRepository;
  members: MemberRepository;
  completion: LoginCompletion;
  pubsub: PubSub;
  clock: Clock;
  maxWaitMs: number;
  publicOrigin: string;
}) {
  const channel = (ticketHash: string) => `qr:${ticketHash}`;

  async function state(ticket: string, pollSecret: string): Promise<QrPollResult> {
    const ticketHash = hashToken(ticket);
    const row = await tickets.find(ticketHash);
    const now = clock.now();
    if (!row || !same(row.pollSecretHash, hashToken(pollSecret))) return { status: 'expired', login: null };
    if (row.status === 'confirmed') {
      const claimed = await tickets.consume(ticketHash, row.pollSecretHash, new Date(now.getTime() - COLLECT_GRACE_MS));
      const user = claimed?.userId ? await members.findById(claimed.userId) : undefined;
      if (!user) return { status: 'expired', login: null };
      return {
        status: 'confirmed',
        login: await completion.complete(user, { mode: 'qr', rememberMe: claimed?.rememberMe }),
      };
    }
    if (row.status === 'consumed' || row.expiresAt <= now) return { status: 'expired', login: null };
    return { status: row.status, login: null };
  }

  return {
    /** A ticket for the desktop, with its QR code of the login path on the configured public origin. */
    async create({ ip, userAgent, rememberMe }: { ip: string; userAgent: string; rememberMe?: boolean }) {
      const now = clock.now();
      const ticket = randomBytes(24).toString('base64url');
      const pollSecret = randomBytes(32).toString('base64url');
      await tickets.insert({
        ticketHash: hashToken(ticket),
        pollSecretHash: hashToken(pollSecret),
        rememberMe: rememberMe === true,
        device: { ip, userAgent: userAgent.slice(0, 300) },
        expiresAt: new Date(now.getTime() + QR_TICKET_TTL_MS),
        createdAt: now,
      });
      // A phone's camera needs a whole URL: always the configured origin, never the request's Host header.
      const qrContent = `${publicOrigin}/login/qr/${ticket}`;
      const { default: QRCode } = await import('qrcode');
      const svg = await QRCode.toString(qrContent, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return {
        ticket,
        pollSecret,
        qrContent,
        qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
        expiresIn: QR_TICKET_TTL_MS / 1000,
      };
    },

    /** Answers at once on a change (or with wait 0), else when the phone acts or the wait ends. */
    async poll(input: {
      ticket: string;
      pollSecret: string;
      waitMs: number;
      signal?: AbortSignal;
    }): Promise<QrPollResult> {
      const first = await state(input.ticket, input.pollSecret);
      const waitMs = Math.min(input.waitMs, maxWaitMs);
      if (first.status === 'confirmed' || first.status === 'expired' || waitMs <= 0) return first;
      const ticketHash = hashToken(input.ticket);
      await nextMessage(
        pubsub,
        channel(ticketHash),
        waitMs,
        async () => (await tickets.find(ticketHash))?.status !== first.status,
        input.signal,
      );
      return state(input.ticket, input.pollSecret);
    },

    /** The phone, logged in, opened the QR: mark it and show what and where the desktop is, and when it asked. */
    async scan(ticket: string, userId: string): Promise<QrScanResult> {
      await completion.assertCanLogin(userId);
      const row = await tickets.markScanned(hashToken(ticket), clock.now());
      if (!row) throw new AppError('qr_expired');
      await pubsub.publish(channel(row.ticketHash), 'scanned');
      return {
        ...readUserAgent(row.device.userAgent),
        ...describeAddress(row.device.ip),
        createdAt: row.createdAt.toISOString(),
      };
    },

    /** The phone's user confirms: the desktop becomes this user, once. */
    async confirm(ticket: string, userId: string): Promise<void> {
      await completion.assertCanLogin(userId);
      const ticketHash = hashToken(ticket);
      if (!(await tickets.confirm(ticketHash, userId, clock.now()))) throw new AppError('qr_expired');
      await pubsub.publish(channel(ticketHash), 'confirmed');
    },
  };
}
export type QrLoginService = ReturnType<typeof createQrLoginService>;
