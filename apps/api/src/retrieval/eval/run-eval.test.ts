import { describe, expect, it } from 'vitest';
import type { PassageHit, PassageIndex, PassageQuery } from '../passage-index.ts';
import type { GoldQuestion } from './gold-set.ts';
import { HOLDOUT_IDS, goldSplit } from './holdout.ts';
import { CONFIGURATIONS, kjvRef, runConfiguration, runRetriever } from './run-eval.ts';

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
  { id: 'en-01', lang: 'en', type: 'topic', question: 'Who is my shepherd?', gold: ['PSA.23.1', 'JHN.10.11'] },
  { id: 'zh-hans-01', lang: 'zh-Hans', type: 'topic', question: '谁是好牧人？', gold: ['JHN.10.11', 'JHN.10.14'] },
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

describe('goldSplit', () => {
  it('holds out 20 questions and splits a set into disjoint parts', () => {
    expect(HOLDOUT_IDS.size).toBe(20);
    const set = [...questions, { ...questions[0]!, id: 'en-07' }];
    expect(goldSplit(set, 'holdout').map((q) => q.id)).toEqual(['en-07']);
    expect(goldSplit(set, 'train').map((q) => q.id)).toEqual(['en-01', 'zh-hans-01']);
    expect(goldSplit(set, 'all')).toHaveLength(3);
  });
});
