import { EXPRESSIONS, INTERESTS, type Expression, type Interest } from '@bible-qa/contract';
import type { ApiClient } from './api-client.ts';
import type { AppStorage } from './storage.ts';

/**
 * The first-visit tour's answers (spec §1, §3): the wording tradition and the interests, kept under the FIRST_TOUR
 * cache key with the step reached (a language switch reloads mid-tour) and whether the server has them. Guests keep
 * them here; they are sent to POST /portal/member/update-expression and /add-interest once someone is logged in.
 * APP_FIRST_TOUR marks the tour finished (or skipped): the chat overlay shows until it is set.
 */
export const TOUR_STEPS = ['language', 'expression', 'interests', 'features'] as const;
export type TourStep = (typeof TOUR_STEPS)[number];

export interface TourAnswers {
  step: TourStep;
  expression: Expression | null;
  interests: Interest[];
  /** The server holds these answers. */
  synced: boolean;
}

export const MEMBER_MODIFY_PATH = '/portal/member/modify';

export const MEMBER_PATHS = {
  expression: '/portal/member/update-expression',
  interests: '/portal/member/add-interest',
} as const;

const EMPTY: TourAnswers = { step: 'language', expression: null, interests: [], synced: false };

export function readTourAnswers(storage: AppStorage): TourAnswers {
  const value = storage.getCache('firstTour');
  if (!value || typeof value !== 'object') return { ...EMPTY };
  const raw = value as Partial<Record<keyof TourAnswers, unknown>>;
  return {
    step: (TOUR_STEPS as readonly unknown[]).includes(raw.step) ? (raw.step as TourStep) : 'language',
    expression: (EXPRESSIONS as readonly unknown[]).includes(raw.expression) ? (raw.expression as Expression) : null,
    interests: Array.isArray(raw.interests)
      ? raw.interests.filter((item): item is Interest => (INTERESTS as readonly unknown[]).includes(item))
      : [],
    synced: raw.synced === true,
  };
}

export function writeTourAnswers(storage: AppStorage, patch: Partial<TourAnswers>): TourAnswers {
  const next = { ...readTourAnswers(storage), ...patch };
  storage.setCache('firstTour', next);
  return next;
}

export function isTourDone(storage: AppStorage): boolean {
  return storage.getCache('appFirstTour') === true;
}

export function finishTour(storage: AppStorage): void {
  storage.setCache('appFirstTour', true);
}

/**
 * The reader's wording tradition, kept in one place: the tour's choice (or the settings' later one). Chat, the
 * devotionals, the passage sheet and the share page send it as `expression`; without one, the server reads the
 * logged-in account's, else the edition's default.
 */
export function storedExpression(storage: AppStorage): Expression | null {
  return readTourAnswers(storage).expression;
}

/** The reader's tradition as request parameters: `{ expression }`, or nothing before a choice. */
export function expressionParams(storage: AppStorage): { expression?: Expression } {
  const expression = storedExpression(storage);
  return expression ? { expression } : {};
}

/** Sends the stored answers to the account; marks them synced once the server has both. */
export async function syncTourAnswers(api: ApiClient, storage: AppStorage): Promise<void> {
  const answers = readTourAnswers(storage);
  if (answers.synced || (!answers.expression && answers.interests.length === 0)) return;
  if (answers.expression) await api.post(MEMBER_PATHS.expression, { expression: answers.expression });
  if (answers.interests.length > 0) await api.post(MEMBER_PATHS.interests, { interests: answers.interests });
  writeTourAnswers(storage, { synced: true });
}

/** Settings' wording tradition: stored at once, and sent when logged in. */
export async function chooseExpression(
  api: ApiClient,
  storage: AppStorage,
  expression: Expression,
  loggedIn: boolean,
): Promise<void> {
  writeTourAnswers(storage, { expression, synced: false });
  if (loggedIn) await syncTourAnswers(api, storage);
}
