import type { Logger } from 'pino';
import type { ReaderIdentity } from '../../http/auth.ts';
import type { Clock } from '../auth/auth-session.service.ts';
import type { MemberRepository } from '../member/member.repository.ts';
import type { GuestsRepository } from './guests.repository.ts';

const HOUR = 3_600_000;
/** Idle guests deleted per sweep: a sweep runs at most hourly, beside a guest's first write. */
const SWEEP_BATCH = 500;

/** Moves what one owner (a guest's users row) kept to another (the account); each keeping feature registers one. */
export type OwnerMover = (from: string, to: string) => Promise<void>;

/**
 * Guests who keep things (decision 0040): a guest key's first write makes a users row for it, and everything the
 * reader keeps hangs off that row as an account's does, so one code path serves both. At login, adopt() moves it all
 * to the account and deletes the guest. Guests unseen for the retention period are deleted, lazily, as the audit
 * log's old rows are.
 */
export function createGuestsService({
  guests,
  members,
  clock,
  retentionMs,
  log,
}: {
  guests: GuestsRepository;
  members: MemberRepository;
  clock: Clock;
  retentionMs: number;
  log: Pick<Logger, 'warn' | 'error'>;
}) {
  const movers: OwnerMover[] = [];
  let sweptAt = 0;

  async function sweep(now: Date): Promise<void> {
    if (now.getTime() - sweptAt < HOUR) return;
    sweptAt = now.getTime();
    const idle = await guests.idleSince(new Date(now.getTime() - retentionMs), SWEEP_BATCH);
    for (const userId of idle) await members.delete(userId);
  }

  async function create(keyHash: string, now: Date): Promise<string> {
    const row = await members.insert({ name: '' });
    if (await guests.insert(row.id, keyHash, now)) return row.id;
    // Another request made this guest a moment ago: keep that one.
    await members.delete(row.id);
    const raced = await guests.findByKey(keyHash);
    if (!raced) throw new Error('guest neither inserted nor found');
    return raced.userId;
  }

  return {
    /**
     * The users row a request keeps things under: the account's, or its guest's (made when `create` and there is
     * none yet). Undefined for a keyless client, or a guest who has kept nothing when not asked to create.
     */
    async ownerOf(identity: ReaderIdentity, { create: make = false } = {}): Promise<string | undefined> {
      if (identity.userId) return identity.userId;
      if (!identity.guestKey) return undefined;
      const now = clock.now();
      const row = await guests.findByKey(identity.guestKey);
      if (row) {
        if (now.getTime() - row.seenAt.getTime() > HOUR) await guests.touch(row.userId, now);
        return row.userId;
      }
      if (!make) return undefined;
      void sweep(now).catch((err: unknown) => log.warn({ err }, 'could not delete idle guests'));
      return create(identity.guestKey, now);
    },

    /** Features that keep a reader's things register how to move them from a guest to an account. */
    onAdopt(mover: OwnerMover): void {
      movers.push(mover);
    },

    /**
     * At login: what the guest of this key kept becomes the account's, and the guest goes. A failure is logged and
     * leaves the guest in place (the next login from the browser tries again); it never fails the login.
     */
    async adopt(guestKey: string | undefined, userId: string): Promise<void> {
      if (!guestKey) return;
      try {
        const row = await guests.findByKey(guestKey);
        if (!row || row.userId === userId) return;
        for (const move of movers) await move(row.userId, userId);
        await members.delete(row.userId);
      } catch (err) {
        log.error({ err, userId }, 'could not move a guest’s conversations and notes to the account');
      }
    },
  };
}
export type GuestsService = ReturnType<typeof createGuestsService>;
