import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import guide from './passage-guide.json' with { type: 'json' };
import {
  findStructuralProblems,
  GUIDE_REF_PATTERN,
  parseGuideRef,
  type GuideBooks,
  type PassageGuideEntry,
} from './passage-guide.schema.ts';
import { foldToSimplified } from '../../language/chinese-text.ts';
import { guideGapWords, latinGuideGapWords } from '../../language/guide-aliases.ts';
import { stem } from '../../language/stemmer.ts';
import { wordTokens } from '../../language/text-analysis.ts';
import { defaultPassageGuide } from './passage-guide.ts';

// The fixture books.json holds only a handful of books, so the 86 codes of the corpus's books.json are listed here.
const PROTESTANT = `GEN EXO LEV NUM DEU JOS JDG RUT 1SA 2SA 1KI 2KI 1CH 2CH EZR NEH EST JOB PSA PRO ECC SNG ISA JER LAM
  EZK DAN HOS JOL AMO OBA JON MIC NAM HAB ZEP HAG ZEC MAL MAT MRK LUK JHN ACT ROM 1CO 2CO GAL EPH PHP COL 1TH 2TH
  1TI 2TI TIT PHM HEB JAS 1PE 2PE 1JN 2JN 3JN JUD REV`.split(/\s+/);
const DEUTEROCANON = 'TOB JDT ESG WIS SIR BAR LJE S3Y SUS BEL 1MA 2MA 1ES 2ES MAN PS2 3MA 4MA PSS ENO'.split(' ');
const BOOKS: GuideBooks = {
  codes: new Set([...PROTESTANT, ...DEUTEROCANON]),
  deuterocanon: new Set(DEUTEROCANON),
};

const entries = guide as PassageGuideEntry[];

const entry = (over: Partial<PassageGuideEntry> = {}): PassageGuideEntry => ({
  id: 'lost-coin',
  kind: 'passage',
  refs: ['LUK.15.8-LUK.15.10'],
  names: { 'zh-Hans': ['失钱的比喻'], en: ['lost coin'], es: ['moneda perdida'], fr: ['drachme perdue'] },
  ...over,
});
const names = (zh: string, en: string, es: string, fr: string) => ({
  'zh-Hans': [zh],
  en: [en],
  es: [es],
  fr: [fr],
});
const problemsOf = (...list: unknown[]) => findStructuralProblems(list, BOOKS);

describe('passage guide', () => {
  it('has no structural problems', () => {
    expect(findStructuralProblems(guide, BOOKS)).toEqual([]);
  });

  it('covers the passages, topics, people, places and deuterocanon readers ask about', () => {
    const count = (kind: string) => entries.filter((e) => e.kind === kind).length;
    expect(count('passage')).toBeGreaterThanOrEqual(90);
    expect(count('topic')).toBeGreaterThanOrEqual(150);
    expect(count('person')).toBeGreaterThanOrEqual(90);
    expect(count('place')).toBeGreaterThanOrEqual(35);
    expect(entries.filter((e) => e.canon === 'catholic').length).toBeGreaterThanOrEqual(20);
  });

  it('writes every ref as USFM with a book code of the corpus', () => {
    const refs = entries.flatMap((e) => e.refs);
    expect(refs.length).toBeGreaterThan(1000);
    const wrong = refs.filter((ref) => !GUIDE_REF_PATTERN.test(ref) || !BOOKS.codes.has(parseGuideRef(ref)!.book));
    expect(wrong).toEqual([]);
  });

  it('keeps Elijah and Eleazar, Samaria and Mary apart', () => {
    const owner = (alias: string) => entries.filter((e) => e.names['zh-Hans'].includes(alias)).map((e) => e.id);
    expect(owner('以利亚')).toEqual(['elijah']);
    expect(owner('以利亚撒')).toEqual(['eleazar']);
    expect(owner('撒玛利亚')).toEqual(['samaria']);
    expect(owner('马利亚')).toEqual(['mary-mother-of-jesus']);
    expect(owner('施洗约翰')).toEqual(['john-the-baptist']);
  });

  it('reads the sayings of the cross as their own passage, not the crucifixion narrative', () => {
    for (const [question, language] of [
      ['What did Jesus say on the cross?', 'en'],
      ['十架七言是什么？', 'zh-Hans'],
      ['las siete palabras', 'es'],
      ['les sept paroles', 'fr'],
    ] as const) {
      const ids = defaultPassageGuide()
        .match(question, language)
        .map((m) => m.entry.id);
      expect(ids).toContain('sayings-on-the-cross');
      expect(ids).not.toContain('crucifixion');
    }
  });

  it('finds the pastoral topics readers ask in every language, not in Chinese alone', () => {
    for (const [question, language, id] of [
      ['What does the Bible say about moving to a new city?', 'en', 'moving-and-change'],
      ['¿Qué dice la Biblia sobre mudarse a otra ciudad?', 'es', 'moving-and-change'],
      ['Bible verses for someone having surgery', 'en', 'illness-and-healing'],
      ['How should I pray for missionaries?', 'en', 'evangelism'],
      ['Que dit la Bible sur les missionnaires ?', 'fr', 'evangelism'],
      ['Bible verses for a wedding', 'en', 'marriage'],
      ['婚礼上可以读哪些经文？', 'zh-Hans', 'marriage'],
      ['a prayer for a newborn baby', 'en', 'pregnancy-and-childbirth'],
      ['nerves before a job interview', 'en', 'anxiety'],
      ['怎样面对失恋？', 'zh-Hans', 'sadness'],
      ['How do I get over a breakup?', 'en', 'sadness'],
      ['我应该怎样选择配偶？', 'zh-Hans', 'dating-and-choosing-a-spouse'],
      ['如何照顾年老的父母？', 'zh-Hans', 'honouring-parents'],
      ['¿Es pecado tatuarse?', 'es', 'body-and-tattoos'],
      ['¿Cómo puedo perdonar a mi esposo?', 'es', 'forgiving-others'],
      ['我的孩子不信主了，怎么办？', 'zh-Hans', 'wayward-children'],
      ['My son no longer believes in God. What can I do?', 'en', 'wayward-children'],
      ['Mi hija ya no cree en Dios', 'es', 'wayward-children'],
      ['Ma fille ne croit plus en Dieu, que faire ?', 'fr', 'wayward-children'],
      ['父母离婚了，我很难过', 'zh-Hans', 'parents-divorce'],
      ['My parents are divorcing and I feel lost', 'en', 'parents-divorce'],
      ['Mis padres se divorcian', 'es', 'parents-divorce'],
      ['Mes parents divorcent, comment le vivre ?', 'fr', 'parents-divorce'],
    ] as const) {
      const ids = defaultPassageGuide()
        .match(question, language)
        .map((m) => m.entry.id);
      expect(ids, question).toContain(id);
    }
    // A French word of a short stem is matched as written: enfants is not enfer, nor mes the Mass (messe).
    const french = defaultPassageGuide()
      .match('Comment élever mes enfants ?', 'fr')
      .map((m) => m.entry.id);
    expect(french).toEqual(['parenting']);
    expect(defaultPassageGuide().match("Qu'est-ce que l'enfer ?", 'fr')[0]?.entry.id).toBe('hell');
    expect(defaultPassageGuide().match('Que dit la Bible sur la messe ?', 'fr')[0]?.entry.id).toBe('communion');
    // Divorce itself is still the doctrine's topic.
    expect(defaultPassageGuide().match('What does the Bible say about divorce?', 'en')[0]?.entry.id).toBe('divorce');
    expect(defaultPassageGuide().match('圣经怎么看离婚？', 'zh-Hans')[0]?.entry.id).toBe('divorce');
    // The wedding at Cana is still the passage, not the topic.
    expect(defaultPassageGuide().match('What happened at the wedding in Cana?', 'en')[0]?.entry.id).toBe(
      'wedding-at-cana',
    );
  });

  it('lists every book of the fixture corpus among its codes', () => {
    const fixture = JSON.parse(
      fs.readFileSync(new URL('../../test/fixtures/corpus/books.json', import.meta.url), 'utf8'),
    ) as Array<{ code: string }>;
    for (const { code } of fixture) expect(BOOKS.codes.has(code)).toBe(true);
  });
});

describe('structural rules', () => {
  it('accepts a well-formed entry', () => {
    expect(problemsOf(entry())).toEqual([]);
  });

  it('refuses an entry without French names', () => {
    const { fr: _fr, ...rest } = entry().names;
    expect(problemsOf(entry({ names: rest as PassageGuideEntry['names'] }))).toEqual([
      expect.stringContaining('names.fr'),
    ]);
  });

  it('refuses an unknown kind, a field the format does not have, and a non-kebab id', () => {
    expect(problemsOf({ ...entry(), kind: 'story' })).toHaveLength(1);
    expect(problemsOf({ ...entry(), note: 'x' })).toHaveLength(1);
    expect(problemsOf(entry({ id: 'Lost_Coin' }))).toHaveLength(1);
  });

  it('refuses refs that are not USFM, name an unknown book or run backwards', () => {
    expect(problemsOf(entry({ refs: ['Luke 15:8-10'] }))[0]).toContain('USFM');
    expect(problemsOf(entry({ refs: ['LUC.15.8'] }))[0]).toContain('unknown book LUC');
    expect(problemsOf(entry({ refs: ['LUK.15.10-LUK.15.8'] }))[0]).toContain('ends before it starts');
    expect(problemsOf(entry({ refs: ['LUK.15.8-JHN.1.1'] }))[0]).toContain('one book');
  });

  it('refuses a duplicate id', () => {
    const other = entry({ names: names('失羊的比喻', 'lost sheep', 'oveja perdida', 'brebis perdue') });
    expect(problemsOf(entry(), other)).toEqual(['lost-coin: duplicate id']);
  });

  it('refuses an alias two entries share, whatever its case', () => {
    const other = entry({ id: 'lost-drachma', names: names('失落的钱', 'Lost Coin', 'dracma', 'pièce perdue') });
    expect(problemsOf(entry(), other)).toEqual(['lost-drachma: en alias "Lost Coin" is also an alias of lost-coin']);
  });

  it('lets 约瑟 name both Josephs on purpose', () => {
    const patriarch = entry({ id: 'joseph-a', kind: 'person', names: names('约瑟', 'Joseph A', 'José A', 'Joseph A') });
    const husband = entry({ id: 'joseph-b', kind: 'person', names: names('约瑟', 'Joseph B', 'José B', 'Joseph B') });
    expect(problemsOf(patriarch, husband)).toEqual([]);
  });

  it('refuses single-character, generic and too short aliases', () => {
    expect(problemsOf(entry({ names: { ...entry().names, 'zh-Hans': ['钱'] } }))[0]).toContain('single character');
    expect(problemsOf(entry({ names: { ...entry().names, en: ['Bible'] } }))[0]).toContain('too generic');
    expect(problemsOf(entry({ names: { ...entry().names, es: ['fe'] } }))[0]).toContain('too short');
  });

  it('asks deuterocanonical refs to be marked catholic, and catholic entries to cite the deuterocanon', () => {
    expect(problemsOf(entry({ refs: ['SIR.6.14'] }))[0]).toContain('not marked canon "catholic"');
    expect(problemsOf(entry({ refs: ['SIR.6.14'], canon: 'catholic' }))).toEqual([]);
    expect(problemsOf(entry({ refs: ['DAN.13.1-DAN.13.9'], canon: 'catholic' }))).toEqual([]);
    expect(problemsOf(entry({ canon: 'catholic' }))[0]).toContain('cites nothing deuterocanonical');
  });

  it('lets a topic list its deuterocanonical passages apart, and only those', () => {
    expect(problemsOf(entry({ kind: 'topic', deuterocanon: ['TOB.12.8-TOB.12.9'] }))).toEqual([]);
    expect(problemsOf(entry({ kind: 'topic', deuterocanon: ['MAT.6.16'] }))[0]).toContain('outside the deuterocanon');
    expect(problemsOf(entry({ deuterocanon: ['TOB.12.8'] }))[0]).toContain('only a topic');
  });
});

describe('the question words that may stand inside a Chinese passage name (guide-gap-words.tsv)', () => {
  it.each(guideGapWords().map((g) => [g.line, g.word, g.example] as const))(
    'line %i: %s stands inside a passage name the guide finds in %s',
    (_line, word, example) => {
      expect(example).toContain(word);
      const language = /[為麼樣時裡會]/u.test(example) ? 'zh-Hant' : 'zh-Hans';
      const passage = defaultPassageGuide()
        .match(example, language)
        .find((m) => m.entry.kind === 'passage');
      expect(passage?.text).toContain(foldToSimplified(word));
    },
  );
});

describe('the words of an alias as a question must hold them', () => {
  const ids = (question: string, language: 'en' | 'es' | 'fr') =>
    defaultPassageGuide()
      .match(question, language)
      .map((m) => m.entry.id);

  it('holds a function word where the alias links its words by one, an article it may leave out', () => {
    expect(ids('What is the will of God for my life?', 'en')).toEqual(['gods-will']);
    // "Will God…" asks whether God will; no will of God.
    expect(ids('Will God forgive me?', 'en')).toEqual(['gods-forgiveness']);
    expect(ids('¿Qué es la multiplicación de panes?', 'es')).toEqual(['feeding-of-the-5000']);
    expect(ids('¿Qué es la multiplicación panes?', 'es')).toEqual([]);
  });

  it('reads a passage named by one word as that word or its plural, not another word of its stem', () => {
    expect(ids('What happened at the Fall?', 'en')).toEqual(['the-fall']);
    expect(ids('I keep falling into the same sin over and over', 'en')).toEqual(['sin']);
  });

  it('reads a passage named by a plural as that plural: its singular there is an adjective', () => {
    expect(ids('What did the first Christians share?', 'en')).toEqual(['early-church-sharing']);
    expect(ids('Who was the first Christian martyr?', 'en')).toEqual([]);
  });

  it('reads a French name with a diaeresis as written, not by its stem, however the question spells it', () => {
    // The stem of Moïse is "mois", the month.
    expect(ids('Combien de mois Noé resta-t-il dans l’arche ?', 'fr')).toEqual(['noah']);
    expect(ids('Qui a trouvé Moïse dans le fleuve ?', 'fr')).toEqual(['moses']);
    expect(ids('Qui a trouvé Moise dans le fleuve ?', 'fr')).toEqual(['moses']);
  });
});

describe('the question words that may stand between the words of an alias (guide-gap-words.latin.tsv)', () => {
  it.each(latinGuideGapWords().map((g) => [g.line, g.word, g.example, g.language] as const))(
    'line %i: %s stands inside an alias the guide finds in %s',
    (_line, word, example, language) => {
      const inside = defaultPassageGuide()
        .match(example, language)
        .find((m) =>
          m.text
            .split(' ')
            .slice(1, -1)
            .includes(stem(wordTokens(word)[0]!, language)),
        );
      expect(inside).toBeDefined();
      // Without the word the alias is found as it is written.
      const without = example.replace(new RegExp(`\\s*\\b${word}\\b`, 'u'), '');
      expect(
        defaultPassageGuide()
          .match(without, language)
          .map((m) => m.entry.id),
      ).toContain(inside!.entry.id);
    },
  );

  it('ends the match at any other word, and never lets a gap word stand for an alias word', () => {
    const guide = defaultPassageGuide();
    expect(guide.match('Why did Jesus go out to die?', 'en').map((m) => m.entry.id)).not.toContain('atonement');
    expect(guide.match('Why did Jesus have to die?', 'en').map((m) => m.entry.id)).toContain('atonement');
    // Two gap words at one place, not three.
    expect(guide.match('Why did Jesus really actually need to die?', 'en').map((m) => m.entry.id)).not.toContain(
      'atonement',
    );
  });
});

describe('an alias that yields (guide-aliases.tsv)', () => {
  it('puts the topic a question judges before the word it judges it by', () => {
    const guide = defaultPassageGuide();
    expect(guide.match('Is it a sin to be angry?', 'en').map((m) => m.entry.id)).toEqual(['anger', 'sin']);
    expect(guide.match('¿Es pecado enojarse?', 'es').map((m) => m.entry.id)).toEqual(['anger', 'sin']);
    expect(guide.match("Est-ce un péché de boire de l'alcool ?", 'fr').map((m) => m.entry.id)).toEqual([
      'alcohol',
      'sin',
    ]);
    // Alone, or named in a longer alias, it leads as any match does.
    expect(guide.match('What is sin?', 'en').map((m) => m.entry.id)).toEqual(['sin']);
  });
});

describe('question words inside a Chinese topic name', () => {
  it('finds a topic whose name a question holds with an auxiliary inside, as a passage', () => {
    const guide = defaultPassageGuide();
    expect(guide.match('为什么好人会受苦？', 'zh-Hans').map((m) => m.entry.id)).toContain('why-suffering');
    expect(guide.match('為什麼好人會受苦？', 'zh-Hant').map((m) => m.entry.id)).toContain('why-suffering');
  });
});
