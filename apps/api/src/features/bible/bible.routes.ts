import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookSchema,
  booksQuerySchema,
  crossRefQuerySchema,
  crossReferenceSchema,
  parallelQuerySchema,
  parallelSchema,
  passageQuerySchema,
  passageSchema,
  searchQuerySchema,
  searchResultSchema,
  translationSchema,
  translationsQuerySchema,
  chapterQuerySchema,
  chapterSchema,
  type BibleLanguage,
  type Expression,
} from '@bible-qa/contract';
import { optionalUser } from '../../http/auth.ts';
import { phrase } from '../../answer/composer-phrases.ts';
import { answerLanguage } from '../../answer/answer-language.ts';
import { bibleLanguageOf } from '../../scripture/translation-policy.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { renderVerseCard } from './verse-card.ts';
import type { ReaderResolver } from '../../scripture/reader.ts';
import type { AuthSessionService } from '../auth/auth-session.service.ts';
import type { BibleService } from './bible.service.ts';

/** /webapi/bible: open to guests; the reader's tradition is the query's `expression`, else their account's. */
export const bibleRoutes: FastifyPluginAsync<{
  bible: BibleService;
  readers: ReaderResolver;
  sessions: AuthSessionService;
}> = async (app, { bible, readers, sessions }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['bible'];
  app.addHook('onRequest', optionalUser(sessions));
  const readerOf = (request: FastifyRequest, query: { lang?: BibleLanguage; expression?: Expression }) =>
    readers.readerOf({ locale: request.locale, userId: request.auth?.userId, ...query });

  r.get(
    '/passage',
    {
      schema: {
        tags,
        summary: 'A passage by reference',
        querystring: passageQuerySchema,
        response: { 200: okSchema(passageSchema) },
      },
    },
    async (request) =>
      ok(await bible.passage(request.query.ref, await readerOf(request, request.query), request.query.translation)),
  );

  r.get(
    '/parallel',
    {
      schema: {
        tags,
        summary: 'One passage in several translations',
        querystring: parallelQuerySchema,
        response: { 200: okSchema(parallelSchema) },
      },
    },
    async (request) =>
      ok(await bible.parallel(request.query.ref, await readerOf(request, request.query), request.query.translations)),
  );

  // Without `lang`, a query is read in its own language when it is plainly another one than the interface's ("Who
  // killed Goliath?" asked with a Chinese interface searches the English Bibles), as an answer would be.
  const search = async (query: z.infer<typeof searchQuerySchema>, request: FastifyRequest) =>
    ok(
      await bible.search(
        query,
        await readerOf(request, {
          lang: query.lang ?? bibleLanguageOf(answerLanguage(query.q, request.locale)),
          expression: query.expression,
        }),
      ),
    );
  r.get(
    '/search',
    {
      schema: {
        tags,
        summary: 'Full-text search of verses and reference works',
        querystring: searchQuerySchema,
        response: { 200: okSchema(searchResultSchema) },
      },
    },
    async (request) => search(request.query, request),
  );
  // Long queries do not fit a URL; the same search takes a JSON body.
  r.post(
    '/search',
    {
      schema: {
        tags,
        summary: 'Full-text search (JSON body)',
        body: searchQuerySchema,
        response: { 200: okSchema(searchResultSchema) },
      },
    },
    async (request) => search(request.body, request),
  );

  r.get(
    '/books',
    {
      schema: {
        tags,
        summary: 'The books of a canon, named per language and tradition',
        querystring: booksQuerySchema,
        response: { 200: okSchema(z.array(bookSchema)) },
      },
    },
    async (request) => ok(await bible.books(await readerOf(request, request.query))),
  );

  r.get(
    '/crossrefs',
    {
      schema: {
        tags,
        summary: 'Cross-references of a verse',
        querystring: crossRefQuerySchema,
        response: { 200: okSchema(z.array(crossReferenceSchema)) },
      },
    },
    async (request) =>
      ok(
        await bible.crossReferences(
          request.query.ref,
          await readerOf(request, request.query),
          request.query.limit,
          request.query.translation,
        ),
      ),
  );

  // Rendering costs ~100 ms; the same card is asked for again and again (answers, shares), so keep recent ones.
  const cards = new Map<string, Buffer>();
  r.get(
    '/verse-card',
    {
      schema: {
        tags,
        summary: "A verse card image (PNG) in the reader's translation",
        querystring: passageQuerySchema.extend({ theme: z.enum(['light', 'dark']).default('light') }),
      },
    },
    async (request, reply) => {
      const reader = await readerOf(request, request.query);
      const passage = await bible.passage(request.query.ref, reader, request.query.translation);
      const key = `${passage.translationReference}|${passage.translation.id}|${request.query.theme}|${request.locale}`;
      let png = cards.get(key);
      if (!png) {
        png = await renderVerseCard({
          text: passage.verses.map((v) => v.text).join(' '),
          label: passage.title,
          translationName: passage.translation.name,
          brand: phrase('cardBrand', request.locale),
          theme: request.query.theme,
        });
        if (cards.size >= 200) cards.delete(cards.keys().next().value!);
        cards.set(key, png);
      }
      return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(png);
    },
  );

  r.get(
    '/translations',
    {
      schema: {
        tags,
        summary: 'Translations with their licences and sources; with `ref`, those that hold the passage',
        querystring: translationsQuerySchema,
        response: { 200: okSchema(z.array(translationSchema)) },
      },
    },
    async (request) =>
      ok(
        request.query.ref === undefined
          ? await bible.translations()
          : await bible.translations(request.query.ref, await readerOf(request, request.query)),
      ),
  );

  r.get(
    '/chapter',
    {
      schema: {
        tags,
        summary: "A whole chapter in the reader's translation, its neighbours and the translations that hold it",
        querystring: chapterQuerySchema,
        response: { 200: okSchema(chapterSchema) },
      },
    },
    async (request) => ok(await bible.chapter(request.query, await readerOf(request, request.query))),
  );
};
