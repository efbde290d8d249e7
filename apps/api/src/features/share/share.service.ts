import { createHash, randomBytes } from 'node:crypto';
import {
  SHARE_TOKEN_BYTES,
  sharePath,
  type Answer,
  type Locale,
  type ShareLink,
  type SharedPage,
  type ShareTheme,
} from '@bible-qa/contract';
import type { Tradition } from '../../scripture/references.types.ts';
import { phrase } from '../../answer/composer-phrases.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../auth/auth-session.service.ts';
import { answerFromRow } from '../chat/answer-view.ts';
import type { ChatRepository } from '../chat/chat.repository.ts';
import { renderShareCard, type CardItem } from './share-card.ts';
import { sharePhrase } from './share-phrases.ts';
import type { ShareRepository, ShareRow } from './share.repository.ts';

const LIST_LIMIT = 100;
const TITLE_MAX = 100;
const CACHE_SIZE = 64;

export interface ShareDeps {
  shares: ShareRepository;
  chats: ChatRepository;
  /** Translation id → its display name (the corpus's); unknown ids show as themselves. */
  translationNames: () => Promise<Map<string, string>>;
  clock: Clock;
  /** A cited reference (BOOK.C.V) named in an answer's language and a reader's tradition. */
  citationLabel: (reference: string, language: Locale, tradition: Tradition) => Promise<string | undefined>;
  render?: typeof renderShareCard;
}

/**
 * Share cards and links. Only the owner of answers can render or link them; the public reads take a token and
 * answer a revoked or unknown one with the same not_found, so the link is no oracle.
 */
export function createShareService({
  shares,
  chats,
  translationNames,
  clock,
  citationLabel,
  render = renderShareCard,
}: ShareDeps) {
  // Rendering costs ~150 ms of CPU: the same card (same content, theme and language) is drawn once.
  const cards = new Map<string, Promise<Buffer>>();

  /**
   * The caller's answers in the order asked; any id not theirs (or not an answer) is not_found. A link needs answers
   * in a live conversation (`live`): one kept only as a collection after its conversation was deleted never opens.
   */
  async function ownedAnswers(userId: string, ids: string[], locale: Locale, live = false): Promise<Answer[]> {
    const unique = [...new Set(ids)];
    const rows = (await chats.answersWithQuestions(unique, userId)).filter(
      (r) => !live || r.answer.conversationId !== null,
    );
    if (rows.length !== unique.length) throw new AppError('not_found');
    const byId = new Map(rows.map((r) => [r.answer.id, answerFromRow(r.answer, r.question ?? '', locale)]));
    const answers = unique.map((id) => byId.get(id)!);
    if (answers.some((a) => !(a.status === 'done' || a.status === 'stopped') || !a.content.trim())) {
      throw new AppError('share_not_ready');
    }
    return answers;
  }

  /**
   * A live share's answers still in a conversation (deleting a session ends its answers' links, even those kept as
   * collections); none left is not_found, and the owner's list leaves such a link out (see `list`).
   */
  async function sharedAnswers(token: string, locale: Locale): Promise<{ share: ShareRow; answers: Answer[] }> {
    const share = await shares.findActive(token);
    if (!share) throw new AppError('not_found');
    const rows = (await chats.answersWithQuestions(share.messageIds, share.userId)).filter(
      (r) => r.answer.conversationId !== null,
    );
    const byId = new Map(rows.map((r) => [r.answer.id, answerFromRow(r.answer, r.question ?? '', locale)]));
    const answers = share.messageIds.map((id) => byId.get(id)).filter((a): a is Answer => Boolean(a));
    if (answers.length === 0) throw new AppError('not_found');
    return { share, answers };
  }

  /** The public reader sees the cited books named in their own tradition; the verse text is the one quoted. */
  async function namedFor(answers: Answer[], tradition: Tradition): Promise<Answer[]> {
    return Promise.all(
      answers.map(async (a) => ({
        ...a,
        citations: await Promise.all(
          a.citations.map(async (c) =>
            c.reference ? { ...c, label: (await citationLabel(c.reference, a.language, tradition)) ?? c.label } : c,
          ),
        ),
      })),
    );
  }

  async function cardOf(answers: Answer[], theme: ShareTheme, locale: Locale): Promise<Buffer> {
    const names = await translationNames().catch(() => new Map<string, string>());
    const items: CardItem[] = answers.map((a) => {
      const seen = new Set<string>();
      const verses = a.citations.filter((c) => {
        if (c.status !== 'linked' || !c.verseText || !c.reference || seen.has(c.reference)) return false;
        seen.add(c.reference);
        return true;
      });
      return {
        question: a.question,
        answer: a.content,
        verses: verses.map((c) => ({
          label: c.label ?? c.text,
          translation: names.get(c.translation ?? '') ?? c.translation ?? '',
          text: c.verseText!,
        })),
      };
    });
    const labels = {
      brand: phrase('cardBrand', locale),
      aiGenerated: sharePhrase('aiGenerated', locale),
      aiNotice: sharePhrase('aiNotice', locale),
      verses: sharePhrase('verses', locale),
      truncated: sharePhrase('truncated', locale),
    };
    const key = createHash('sha256').update(JSON.stringify({ items, labels, theme })).digest('base64url');
    let png = cards.get(key);
    if (!png) {
      png = render({ items, labels, theme });
      png.catch(() => cards.delete(key));
      if (cards.size >= CACHE_SIZE) cards.delete(cards.keys().next().value!);
      cards.set(key, png);
    }
    return png;
  }

  const linkOf = (row: ShareRow, messageCount = row.messageIds.length): ShareLink => ({
    token: row.token,
    path: sharePath(row.token),
    title: row.title,
    messageCount,
    createdAt: row.createdAt.toISOString(),
  });

  return {
    async card(userId: string, ids: string[], theme: ShareTheme, locale: Locale): Promise<Buffer> {
      return cardOf(await ownedAnswers(userId, ids, locale), theme, locale);
    },
    async create(userId: string, ids: string[], locale: Locale): Promise<ShareLink> {
      const answers = await ownedAnswers(userId, ids, locale, true);
      const title = Array.from(answers[0]!.question.trim()).slice(0, TITLE_MAX).join('');
      const row = await shares.insert({
        token: randomBytes(SHARE_TOKEN_BYTES).toString('base64url'),
        userId,
        messageIds: [...new Set(ids)],
        title,
      });
      return linkOf(row);
    },
    /** The owner's links that still open: one whose answers' sessions were all deleted is left out, like the page. */
    async list(userId: string): Promise<ShareLink[]> {
      const rows = await shares.listActiveByUser(userId, LIST_LIMIT);
      const live = await chats.liveAnswerIds([...new Set(rows.flatMap((row) => row.messageIds))], userId);
      return rows.flatMap((row) => {
        const count = row.messageIds.filter((id) => live.has(id)).length;
        return count > 0 ? [linkOf(row, count)] : [];
      });
    },
    async revoke(userId: string, token: string): Promise<void> {
      if (!(await shares.revoke(token, userId, clock.now()))) throw new AppError('not_found');
    },
    /** The public page: the shared answers with their verses, nothing of the owner. */
    async view(token: string, locale: Locale, tradition: Tradition): Promise<SharedPage> {
      const { share, answers: asked } = await sharedAnswers(token, locale);
      const answers = await namedFor(asked, tradition);
      return {
        title: share.title,
        createdAt: share.createdAt.toISOString(),
        aiGenerated: true,
        items: answers.map((a) => ({
          question: a.question,
          content: a.content,
          citations: a.citations,
          kind: a.kind,
          language: a.language,
          translation: a.translation,
          createdAt: a.createdAt,
          aiGenerated: true,
        })),
      };
    },
    async publicCard(token: string, theme: ShareTheme, locale: Locale, tradition: Tradition): Promise<Buffer> {
      return cardOf(await namedFor((await sharedAnswers(token, locale)).answers, tradition), theme, locale);
    },
  };
}
export type ShareService = ReturnType<typeof createShareService>;
