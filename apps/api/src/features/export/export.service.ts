import type { AccountExport, Locale } from '@bible-qa/contract';
import type { Clock } from '../auth/auth-session.service.ts';
import type { AnnotationsService } from '../annotations/annotations.service.ts';
import type { HistoryService } from '../chat/history.service.ts';
import type { MemberService } from '../member/member.service.ts';
import type { PlansService } from '../plans/plans.service.ts';

/** Pages of the history read at a time: the largest the history's own routes allow. */
const PAGE = 100;

/**
 * The reader's data as one document (issue 29; the privacy policy promises it): composed from each keeping feature's
 * own verbs, so what is exported is what the app shows. `ownerId` is the users row that keeps things (an account's,
 * or a guest's); `userId` the account, when there is one, for its profile.
 */
export function createExportService(deps: {
  history: HistoryService;
  annotations: AnnotationsService;
  plans: PlansService;
  member: Pick<MemberService, 'info'>;
  clock: Clock;
}) {
  async function all<T>(pageOf: (page: number) => Promise<{ items: T[]; total: number }>): Promise<T[]> {
    const out: T[] = [];
    for (let page = 1; ; page++) {
      const { items, total } = await pageOf(page);
      out.push(...items);
      if (items.length === 0 || out.length >= total) return out;
    }
  }

  return {
    async account(caller: { ownerId: string | undefined; userId: string | undefined; locale: Locale }) {
      const { ownerId, locale } = caller;
      const account = caller.userId ? await deps.member.info(caller.userId) : null;
      const empty: AccountExport = {
        format: 'bible-qa-export',
        version: 1,
        exportedAt: deps.clock.now().toISOString(),
        account,
        conversations: [],
        collections: [],
        annotations: [],
        plans: [],
      };
      if (!ownerId) return empty;
      const sessions = await all((page) => deps.history.sessions(ownerId, page, PAGE));
      const conversations = [];
      for (const session of sessions) {
        conversations.push({
          id: session.id,
          title: session.title,
          updatedAt: session.updatedAt,
          turns: await deps.history.messages(ownerId, session.id, locale),
        });
      }
      return {
        ...empty,
        conversations,
        collections: await all((page) => deps.history.collections(ownerId, page, PAGE, locale)),
        annotations: await deps.annotations.exportAll(ownerId),
        plans: await deps.plans.exportAll(ownerId),
      } satisfies AccountExport;
    },
  };
}
export type ExportService = ReturnType<typeof createExportService>;
