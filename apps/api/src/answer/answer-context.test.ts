import { describe, expect, it } from 'vitest';
import { TEST_BOOKS } from '../scripture/fixtures/books.fixture.ts';
import { createReferenceFormatter } from '../scripture/references.format.ts';
import { createReferenceParser } from '../scripture/references.parser.ts';
import type { CorpusRepository } from '../corpus/corpus.repository.ts';
import type { CorpusService } from '../corpus/corpus.service.ts';
import type { ScriptureSource as BibleService } from '../scripture/scripture-source.ts';
import type { PassageHit } from '../retrieval/passage-index.ts';
import { createContextGatherer } from './answer-context.ts';

const parser = createReferenceParser(TEST_BOOKS);

/** A verse hit of Darby's French Bible, which numbers the Psalms the Hebrew way (their titles are verses). */
function darbyHit(ref: string, text: string): PassageHit {
  return {
    id: `darby-fr:${ref}`,
    kind: 'verse',
    lang: 'fr',
    translation: 'darby-fr',
    ref,
    text,
    highlight: text,
    score: 1,
    matchedBy: ['text'],
  };
}

const format = createReferenceFormatter(parser.catalogue);
/** The passages the gatherer asked for, in the numbering it asked in (KJV); the Bible service maps to Darby's. */
const asked: string[] = [];

/** A gatherer whose search finds `hits`; the Bible service holds their text and that of `more` verses. */
function gathererOver(hits: PassageHit[], searches: string[] = [], more: PassageHit[] = []) {
  const texts = [...hits, ...more];
  const bible = {
    translationFor: async () => ({ id: 'darby-fr', name: 'Darby' }),
    tools: async () => ({ parser, format }),
    passageFor: async (ref: { book: string; chapter: number; verse?: number; endVerse?: number }) => {
      const usfm = `${ref.book}.${ref.chapter}.${ref.verse}`;
      asked.push(usfm);
      const hit = texts.find((h) => h.ref === (usfm === 'PSA.102.17' ? 'PSA.102.18' : usfm));
      // A run of verses: the hits it holds, in order.
      const verseOf = (h: PassageHit) => Number(h.ref!.split('.')[2]);
      const end = ref.endVerse ?? ref.verse ?? 0;
      const run = texts
        .filter((h) => h.ref?.startsWith(`${ref.book}.${ref.chapter}.`))
        .filter((h) => verseOf(h) >= (ref.verse ?? 0) && verseOf(h) <= end)
        .sort((a, b) => verseOf(a) - verseOf(b));
      return (
        hit && {
          reference: ref.endVerse ? `${usfm}-${ref.book}.${ref.chapter}.${ref.endVerse}` : usfm,
          title: format(ref, { locale: 'fr', tradition: 'protestant' }),
          translation: { id: 'darby-fr', name: 'Darby', language: 'fr' },
          verses: (ref.endVerse ? run : [hit]).map((h) => ({
            book: ref.book,
            chapter: ref.chapter,
            verse: verseOf(h),
            text: h.text,
          })),
        }
      );
    },
  } as unknown as BibleService;
  const corpus = {
    ready: () => ({
      versionId: 1,
      index: {
        search: async (q: { query: string; kinds?: string[] }) => {
          searches.push(q.query);
          return q.kinds?.includes('verse') ? hits : [];
        },
      },
    }),
  } as unknown as CorpusService;
  const corpusData = {
    referenceEntriesByIds: async () => [],
    crossReferencesOf: async () => [],
  } as unknown as CorpusRepository;
  return createContextGatherer({ bible, corpus, corpusData });
}

describe('the context gatherer', () => {
  it('asks for verse hits in KJV numbering, the numbering its citations are verified in', async () => {
    asked.length = 0;
    const gathered = await gathererOver([
      darbyHit('PSA.102.18', 'Il aura égard à la prière du désolé, et il ne méprisera pas leur prière.'),
      darbyHit('JHN.3.16', 'Car Dieu a tant aimé le monde, qu’il a donné son Fils unique.'),
    ]).gather({
      question: 'Que dit la Bible du désolé ?',
      kind: 'answer',
      // Simple mode: no setting around the key verse (which would ask for the verses beside it, 102:18 among them).
      mode: 'simple',
      language: 'fr-fr',
      tradition: 'protestant',
      history: [],
    });
    expect(asked).toContain('PSA.102.17');
    expect(asked).not.toContain('PSA.102.18');
    expect(gathered.context.verses.map((v) => [v.ref, v.label, v.text.slice(0, 20)])).toEqual(
      expect.arrayContaining([
        ['PSA.102.17', 'Psaumes 102:17', 'Il aura égard à la p'],
        ['JHN.3.16', 'Jean 3:16', 'Car Dieu a tant aimé'],
      ]),
    );
  });

  it('quotes the Bible service’s text for the KJV reference, never a hit’s own text under another number', async () => {
    asked.length = 0;
    // Darby's PSA.83.1 is the psalm's title; the service answers KJV 83:1 with its own text for that verse.
    const gathered = await gathererOver([darbyHit('PSA.83.1', 'Cantique. Psaume d’Asaph.')]).gather({
      question: 'Psaume d’Asaph',
      kind: 'answer',
      mode: 'advanced',
      language: 'fr-fr',
      tradition: 'protestant',
      history: [],
    });
    for (const verse of gathered.context.verses) expect(asked).toContain(verse.ref);
  });
});

describe('the key passage of a question of fact', () => {
  const ask = (question: string, hits: PassageHit[], more: PassageHit[] = []) =>
    gathererOver(hits, [], more).gather({
      question,
      kind: 'answer',
      mode: 'advanced',
      language: 'fr-fr',
      tradition: 'protestant',
      history: [],
    });
  const ranked = (ref: string, text: string, score: number) => ({ ...darbyHit(ref, text), score });

  it('is the account, the ranked verses around the best one, when the question asks who did it', async () => {
    const { context } = await ask('Qui est monté sur un sycomore pour voir Jésus ?', [
      ranked('LUK.19.4', 'Et courant en avant, il monta sur un sycomore pour le voir.', 3),
      ranked('JHN.3.16', 'Car Dieu a tant aimé le monde.', 2.5),
      ranked('LUK.19.3', 'Et il cherchait à voir Jésus, qui il était.', 2),
      ranked('LUK.19.2', 'Et voici, un homme appelé Zachée, qui était chef de publicains.', 1.5),
    ]);
    expect(context.focus).toBe('fact');
    expect(context.verses[0]?.ref).toBe('LUK.19.2-LUK.19.4');
    expect(context.verses[0]?.text).toMatch(/^Et voici, un homme appelé Zachée.*sycomore pour le voir\.$/);
    // Two short verses of scene: the ranked verse is in the answer's first lines without being named in its lead.
    expect(context.verses[0]?.stating).toBeUndefined();
  });

  it('names the ranked verse of an account whose scene before it is long', async () => {
    const scene = 'Et il attendit encore sept autres jours, et il lâcha de nouveau la colombe hors de l’arche';
    const { context } = await ask('Que rapporta la colombe à Noé ?', [
      ranked('GEN.8.11', 'Et la colombe vint à lui au temps du soir, et voici, dans son bec une feuille d’olivier.', 3),
      ranked('GEN.8.10', `${scene}; et elle ne trouva point de lieu pour reposer la plante de son pied.`, 2),
      ranked('GEN.8.9', `${scene}, car les eaux étaient sur la face de toute la terre.`, 1.5),
    ]);
    expect(context.verses[0]?.ref).toBe('GEN.8.9-GEN.8.11');
    expect(context.verses[0]?.stating).toBe(
      'Et la colombe vint à lui au temps du soir, et voici, dans son bec une feuille d’olivier.',
    );
  });

  it('stays the one verse that states the number a question of number asks for', async () => {
    const { context } = await ask('Quel âge avait Moïse quand il mourut ?', [
      ranked('DEU.34.7', 'Et Moïse était âgé de cent vingt ans quand il mourut.', 3),
      ranked('DEU.34.6', 'Et il l’enterra dans la vallée, au pays de Moab.', 2),
    ]);
    expect(context.verses.map((v) => v.ref)).toEqual(['DEU.34.7', 'DEU.34.6']);
  });

  it('is set among the verses around it that the answer does not show already', async () => {
    const { context } = await ask(
      'Quel âge avait Moïse quand il mourut ?',
      [
        ranked('DEU.34.7', 'Et Moïse était âgé de cent vingt ans quand il mourut.', 3),
        ranked('DEU.34.6', 'Et il l’enterra dans la vallée, au pays de Moab.', 2),
      ],
      [
        darbyHit('DEU.34.5', 'Et Moïse, serviteur de l’Éternel, mourut là.'),
        darbyHit('DEU.34.8', 'Et les fils d’Israël pleurèrent Moïse trente jours.'),
        darbyHit('DEU.34.9', 'Et Josué, fils de Nun, était rempli de l’esprit de sagesse.'),
      ],
    );
    const shown = context.verses.map((v) => v.ref);
    expect(shown).toEqual(['DEU.34.7', 'DEU.34.6']);
    // Before the key verse only 34:5 is new; after it, 34:8-9.
    expect(context.setting?.map((v) => [v.ref, v.label])).toEqual([
      ['DEU.34.5', 'Deutéronome 34:5'],
      ['DEU.34.8-DEU.34.9', 'Deutéronome 34:8-9'],
    ]);
    expect(context.setting?.[1]?.text).toBe(
      'Et les fils d’Israël pleurèrent Moïse trente jours. Et Josué, fils de Nun, était rempli de l’esprit de sagesse.',
    );
  });
});

describe('a question asked again', () => {
  it('is ranked once per reader and mode, whatever its spacing, and ranked anew for another mode', async () => {
    const searches: string[] = [];
    const gatherer = gathererOver([darbyHit('JHN.3.16', 'Car Dieu a tant aimé le monde.')], searches);
    const ask = (question: string, mode: 'advanced' | 'simple') =>
      gatherer.gather({ question, kind: 'answer', mode, language: 'fr-fr', tradition: 'protestant', history: [] });
    const first = await ask('Dieu a tant aimé le monde', 'advanced');
    const searchesOfOne = searches.length;
    expect(searchesOfOne).toBeGreaterThan(0);
    const again = await ask('  Dieu a tant   aimé le monde ', 'advanced');
    expect(searches).toHaveLength(searchesOfOne);
    expect(again.context.verses).toEqual(first.context.verses);
    await ask('Dieu a tant aimé le monde', 'simple');
    expect(searches.length).toBeGreaterThan(searchesOfOne);
  });
});

describe('the reference works of a professional answer', () => {
  it('show the excerpt ingestion stored, or, for a version built before it, one made from the text', async () => {
    const john = darbyHit('JHN.3.16', 'Car Dieu a tant aimé le monde, qu’il a donné son Fils unique.');
    const rows = new Map([
      [
        'strongs-greek:G25',
        { id: 'strongs-greek:G25', collection: 'strongs-greek', title: 'agapaō', text: 'To love (John 3:16).' },
      ],
    ]);
    const commentary = {
      id: 'mhc:JHN.3.16-JHN.3.21',
      collection: 'matthew-henry-complete',
      title: 'John 3:16-21',
      text: 'Here is God’s love (comp. Rom 5:8) in giving his Son.',
    };
    const gatherer = (excerpts: boolean) =>
      createContextGatherer({
        bible: {
          translationFor: async () => ({ id: 'darby-fr', name: 'Darby' }),
          tools: async () => ({ parser, format }),
          passageFor: async (ref: { book: string; chapter: number; verse?: number; endVerse?: number }) =>
            ref.verse === 16 && ref.endVerse === undefined
              ? {
                  reference: 'JHN.3.16',
                  title: 'Jean 3:16',
                  translation: { id: 'darby-fr', name: 'Darby', language: 'fr' },
                  verses: [{ text: john.text }],
                }
              : undefined,
        } as unknown as BibleService,
        corpus: {
          ready: () => ({
            versionId: 1,
            index: {
              search: async (q: { kinds?: string[]; collections?: string[] }) =>
                q.kinds?.includes('verse')
                  ? [john]
                  : q.collections?.includes('strongs-greek')
                    ? [{ id: 'strongs-greek:G25#1', kind: 'entry', collection: 'strongs-greek' }]
                    : [],
            },
          }),
        } as unknown as CorpusService,
        corpusData: {
          referenceEntriesByIds: async (_v: number, ids: string[]) =>
            ids.flatMap((id) => {
              const row = rows.get(id);
              return row ? [{ ...row, excerpt: excerpts ? 'To love, as stored.' : null }] : [];
            }),
          commentaryOnChapter: async () => [{ ...commentary, excerpt: excerpts ? 'God’s love.' : null }],
          crossReferencesOf: async () => [],
        } as unknown as CorpusRepository,
      });
    const ask = (g: ReturnType<typeof gatherer>) =>
      g.gather({
        question: 'Que dit la Bible de l’amour de Dieu pour le monde ?',
        kind: 'answer',
        mode: 'professional',
        language: 'fr-fr',
        tradition: 'protestant',
        history: [],
      });
    const stored = await ask(gatherer(true));
    expect(stored.context.verses.map((v) => v.ref)).toEqual(['JHN.3.16']);
    expect(stored.context.entries.map((e) => [e.id, e.excerpt])).toEqual([
      ['mhc:JHN.3.16-JHN.3.21', 'God’s love.'],
      ['strongs-greek:G25', 'To love, as stored.'],
    ]);
    const made = await ask(gatherer(false));
    expect(made.context.entries.map((e) => [e.id, e.excerpt])).toEqual([
      ['mhc:JHN.3.16-JHN.3.21', 'Here is God’s love in giving his Son.'],
      ['strongs-greek:G25', 'To love.'],
    ]);
  });
});
