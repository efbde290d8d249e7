import type { BibleLanguage, Expression, Locale } from '@bible-qa/contract';
import type { Tradition } from './references.types.ts';
import { bibleLanguageOf, traditionOf } from './translation-policy.ts';

/** Who is reading: the language of their Bible and the tradition whose canon, names and translation they get. */
export interface ReaderContext {
  language: BibleLanguage;
  tradition: Tradition;
}

/** What a request says about its reader; every field but the locale may be absent. */
export interface ReaderAsk {
  locale: Locale;
  /** The Bible language asked for (the Bible routes' `lang`); else the locale's. */
  lang?: BibleLanguage | undefined;
  /** The wording tradition the request names (`expression` on the wire). */
  expression?: Expression | undefined;
  /** The logged-in reader, whose account may hold a tradition. */
  userId?: string | undefined;
}

/**
 * The one way the server learns a reader's tradition: the request's `expression`, else the account's, else the
 * edition's default. Chat, devotionals, the Bible routes and the share pages all ask here.
 */
export function createReaderResolver(deps: {
  accountExpression: (userId: string) => Promise<Expression | undefined>;
  editionExpression: Expression;
}) {
  async function expressionOf(ask: ReaderAsk): Promise<Expression> {
    if (ask.expression) return ask.expression;
    const stored = ask.userId ? await deps.accountExpression(ask.userId) : undefined;
    return stored ?? deps.editionExpression;
  }
  return {
    expressionOf,
    async traditionOf(ask: ReaderAsk): Promise<Tradition> {
      return traditionOf(await expressionOf(ask));
    },
    async readerOf(ask: ReaderAsk): Promise<ReaderContext> {
      return { language: ask.lang ?? bibleLanguageOf(ask.locale), tradition: traditionOf(await expressionOf(ask)) };
    },
  };
}
export type ReaderResolver = ReturnType<typeof createReaderResolver>;
