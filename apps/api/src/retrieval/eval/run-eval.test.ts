import { describe, expect, it } from 'vitest';
import type { PassageHit, PassageIndex, PassageQuery } from '../passage-index.ts';
import type { GoldQuestion } from './gold-set.ts';
import {
  CONFIGURATIONS,
  citedRanking,
  kjvRef,
  runConfiguration,
  runPath,
  runRetriever,
  searchRanking,
  versesOf,
} from './run-eval.ts';

const hit = (ref: string, translation: string): PassageHit => ({
  id: `${translation}:${ref}`,
  kind: 'verse',
  lang: 'en',
  translation,
  ref,
  text: '',
  highlight: '',
  score: 1,
  matchedBy: ['text'],
});

function fakeIndex(answer: (q: PassageQuery) => PassageHit[]): PassageIndex & { queries: PassageQuery[] } {
  const queries: PassageQuery[] = [];
  return {
    queries,
    info: { version: 'v', docCount: 0, builtAt: '', analyzerVersion: 1 },
    async search(q) {
      queries.push(q);
      return answer(q);
    },
    close() {},
  };
}

const questions: GoldQuestion[] = [
  {
    id: 'en-01',
    lang: 'en',
    type: 'doctrinal',
    tradition: 'protestant',
    question: 'Who is my shepherd?',
    gold: ['PSA.23.1', 'JHN.10.11'],
  },
  {
    id: 'zh-hans-01',
    lang: 'zh-Hans',
    type: 'doctrinal',
    tradition: 'protestant',
    question: '谁是好牧人？',
    gold: ['JHN.10.11', 'JHN.10.14'],
  },
];

describe('kjvRef', () => {
  it('maps Psalms of Vulgate, Septuagint and Hebrew numbered translations to the KJV numbering', () => {
    expect(kjvRef({ ref: 'PSA.22.1', translation: 'drc' })).toBe('PSA.23.1');
    expect(kjvRef({ ref: 'PSA.50.3', translation: 'cpdv' })).toBe('PSA.51.1');
    expect(kjvRef({ ref: 'PSA.51.3', translation: 'darby-fr' })).toBe('PSA.51.1');
  });

  it('passes other books, KJV-numbered and unknown translations through', () => {
    expect(kjvRef({ ref: 'JHN.3.16', translation: 'drc' })).toBe('JHN.3.16');
    expect(kjvRef({ ref: 'PSA.23.1', translation: 'kjv' })).toBe('PSA.23.1');
    expect(kjvRef({ ref: 'PSA.22.1', translation: 'unknown' })).toBe('PSA.22.1');
    expect(kjvRef({ ref: undefined, translation: 'kjv' })).toBeUndefined();
  });
});

describe('runConfiguration', () => {
  it('asks each question the way the configuration says and records KJV-numbered refs in rank order', async () => {
    const index = fakeIndex((q) =>
      q.lang === 'en' ? [hit('PSA.22.1', 'drc'), hit('PSA.23.1', 'kjv'), hit('GEN.1.1', 'kjv')] : [],
    );
    const [withLang] = CONFIGURATIONS;
    const outcomes = await runConfiguration(index, questions, withLang!, { warmUp: 0 });
    expect(index.queries).toEqual([
      { query: 'Who is my shepherd?', lang: 'en', kinds: ['verse'], limit: 10 },
      { query: '谁是好牧人？', lang: 'zh-Hans', kinds: ['verse'], limit: 10 },
    ]);
    expect(outcomes.map((o) => [o.id, o.lang, o.retrieved])).toEqual([
      ['en-01', 'en', ['PSA.23.1', 'PSA.23.1', 'GEN.1.1']],
      ['zh-hans-01', 'zh-Hans', []],
    ]);
    expect(outcomes.every((o) => o.latencyMs >= 0)).toBe(true);
  });

  it('leaves the language out in the comparison configuration and runs untimed warm-up searches first', async () => {
    const index = fakeIndex(() => []);
    const withoutLang = CONFIGURATIONS.find((c) => c.name === 'no-lang')!;
    const outcomes = await runConfiguration(index, questions, withoutLang, { warmUp: 1 });
    expect(index.queries).toHaveLength(3);
    expect(index.queries.every((q) => q.lang === undefined && q.limit === 10)).toBe(true);
    expect(outcomes).toHaveLength(2);
  });
});

describe('runRetriever', () => {
  it('asks the retriever as a Protestant reader of the question language, after one warm-up per language', async () => {
    const asked: string[] = [];
    const retriever = {
      async retrieve(question: string, options: { language: string; tradition: string; limit: number }) {
        asked.push(`${options.language}|${options.tradition}|${options.limit}|${question}`);
        return { verses: question.includes('shepherd') ? [{ ref: 'PSA.23.1' }, { ref: 'JHN.10.11' }] : [] };
      },
    };
    const outcomes = await runRetriever(retriever, questions);
    expect(asked).toHaveLength(4);
    expect(asked[2]).toBe('en|protestant|10|Who is my shepherd?');
    expect(outcomes.map((o) => [o.id, o.retrieved])).toEqual([
      ['en-01', ['PSA.23.1', 'JHN.10.11']],
      ['zh-hans-01', []],
    ]);
  });
});

describe('runRetriever and runPath', () => {
  it("ask as the question's reader: a Catholic question is asked with the Catholic tradition", async () => {
    const asked: string[] = [];
    const retriever = {
      async retrieve(question: string, options: { language: string; tradition: string; limit: number }) {
        asked.push(`${options.tradition}|${question}`);
        return { verses: [{ ref: 'SIR.6.14' }] };
      },
    };
    const catholic: GoldQuestion = {
      ...questions[0]!,
      id: 'en-99',
      type: 'deuterocanon',
      tradition: 'catholic',
      question: 'Sirach on friends',
      gold: ['SIR.6.14'],
    };
    const outcomes = await runRetriever(retriever, [catholic], { warmUp: 0 });
    expect(asked).toEqual(['catholic|Sirach on friends']);
    expect(outcomes[0]).toMatchObject({ id: 'en-99', type: 'deuterocanon', retrieved: ['SIR.6.14'] });
  });

  it('records what one path returns for each question, with its type and gold', async () => {
    const outcomes = await runPath(questions, async (q) => (q.lang === 'en' ? ['PSA.23.1', undefined] : []), {
      warmUp: 0,
    });
    expect(outcomes.map((o) => [o.id, o.type, o.gold, o.retrieved])).toEqual([
      ['en-01', 'doctrinal', ['PSA.23.1', 'JHN.10.11'], ['PSA.23.1', undefined]],
      ['zh-hans-01', 'doctrinal', ['JHN.10.11', 'JHN.10.14'], []],
    ]);
  });
});

describe('versesOf', () => {
  it('spells out a range within one chapter and keeps other references whole', () => {
    expect(versesOf('MAT.6.9-MAT.6.11')).toEqual(['MAT.6.9', 'MAT.6.10', 'MAT.6.11']);
    expect(versesOf('JHN.3.16')).toEqual(['JHN.3.16']);
    expect(versesOf('PSA.23')).toEqual(['PSA.23']);
    expect(versesOf('GEN.1.31-GEN.2.3')).toEqual(['GEN.1.31-GEN.2.3']);
  });
});

describe('searchRanking', () => {
  it('puts the passage of an explicit reference first, then the hits, already in KJV numbering', () => {
    const ranking = searchRanking({
      passage: { reference: 'PSA.23.1-PSA.23.2' },
      hits: [{ ref: 'PSA.23.1' }, { ref: null }, { ref: 'JHN.10.11' }],
    });
    expect(ranking).toEqual(['PSA.23.1', 'PSA.23.2', 'PSA.23.1', undefined, 'JHN.10.11']);
  });

  it("takes a Septuagint hit's reference as the KJV verse it is (the route mapped it once)", () => {
    const hits = [{ ref: 'PSA.23.1', translation: 'giguet-lxx-fr', title: 'Psaumes 22:1 (23:1)' }];
    expect(searchRanking({ passage: null, hits })).toEqual(['PSA.23.1']);
  });
});

describe('citedRanking', () => {
  it('keeps linked citations in order, spelled out as verses, and drops invalid and misquoted ones', () => {
    const ranking = citedRanking([
      { status: 'linked', reference: 'ROM.8.28' },
      { status: 'invalid', reference: 'ROM.99.1' },
      { status: 'misquoted', reference: 'JHN.3.16' },
      { status: 'linked', reference: 'PHP.4.6-PHP.4.7' },
      { status: 'linked', reference: null },
    ]);
    expect(ranking).toEqual(['ROM.8.28', 'PHP.4.6', 'PHP.4.7']);
  });
});
