import type { Logger } from 'pino';
import type { GenerationChange } from '../../answer/generation-state.ts';
import type { Generations } from '../../answer/generations.ts';
import { partsOf } from './answer-view.ts';
import type { ChatRepository, MessageRow } from './chat.repository.ts';

/** How long a retry waits for a generation whose record is missing to be written again (a store back empty). */
const RESTORE_WAIT_MS = 2_500;
const POLL_MS = 250;

/**
 * No answer lost (issue 30): answers whose writer is gone are settled from what is left. A finished answer whose
 * final write failed is written from the generation store's record; one whose server died is kept as stopped with
 * the longer of its text in the store and the text checkpointed in its row. The sweeper runs on every server,
 * periodically; a lease in the store lets one server work a row at a time. A retry of a dead answer settles it at
 * once (settleIfDead) and is answered anew.
 */
export function createAnswerRecovery({
  chats,
  generations,
  log,
  intervalMs = 10_000,
  staleMs = 15_000,
  forgottenMs = 45_000,
}: {
  chats: ChatRepository;
  generations: Generations;
  log: Pick<Logger, 'info' | 'warn'>;
  /** How often the sweeper looks (with a random share of it added, so a fleet's sweeps spread). */
  intervalMs?: number;
  /** Rows untouched for this long are looked at (a writer checkpoints every few seconds while it streams). */
  staleMs?: number;
  /** A row whose generation no server knows is settled once untouched for this long (a record expires first). */
  forgottenMs?: number;
}) {
  async function settleFrom(row: MessageRow, state: GenerationChange | undefined): Promise<boolean> {
    const answer = state?.terminal?.answer;
    if (answer) {
      // It ended and its final write was lost: the store still has the whole answer.
      return chats.settle(row.id, {
        content: answer.content,
        status: answer.status,
        parts: partsOf(answer),
        errorCode: answer.error?.code ?? null,
        translation: answer.translation,
      });
    }
    const text = state?.text ?? '';
    return chats.settle(row.id, {
      content: text.length > row.content.length ? text : row.content,
      status: 'stopped',
      parts: row.parts,
      errorCode: null,
      translation: state?.meta?.translation ?? row.translation,
    });
  }

  /**
   * An answer row still generating, as a retry finds it: settled (true) when its server is dead or no server knows
   * it any more, left alone (false) while one runs it or the store cannot be read.
   */
  async function settleIfDead(row: MessageRow): Promise<boolean> {
    const started = Date.now();
    for (;;) {
      let seen: Awaited<ReturnType<Generations['inspect']>>;
      try {
        seen = await generations.inspect(row.id);
      } catch {
        return false;
      }
      if (seen?.state.terminal) return settleFrom(row, seen.state).then(() => true);
      if (seen?.alive) return false;
      if (seen || Date.now() - started >= RESTORE_WAIT_MS) {
        await settleFrom(row, seen?.state);
        log.info({ answerId: row.id }, 'answer of a dead server settled with its text');
        return true;
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }

  async function sweep(): Promise<number> {
    let settled = 0;
    const rows = await chats.generatingSince(new Date(Date.now() - staleMs), 50);
    for (const row of rows) {
      // One server works a row: the lease is the store's claim of a key (it expires by itself).
      if ((await generations.claim(`sweep:${row.id}`, generations.server)) !== generations.server) continue;
      const seen = await generations.inspect(row.id);
      if (seen && !seen.state.terminal && seen.alive) continue;
      if (!seen && Date.now() - row.updatedAt.getTime() < forgottenMs) continue;
      if (await settleFrom(row, seen?.state)) settled += 1;
    }
    if (settled) log.info({ settled }, 'answers whose writer was gone settled');
    return settled;
  }

  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(
      () =>
        void sweep()
          .catch((err: unknown) => log.warn({ err }, 'answer sweep failed; trying again later'))
          .finally(schedule),
      intervalMs + Math.random() * intervalMs * 0.5,
    );
    timer.unref();
  };

  return {
    settleIfDead,
    sweep,
    start: schedule,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
export type AnswerRecovery = ReturnType<typeof createAnswerRecovery>;
