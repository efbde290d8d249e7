import { describe, expect, it } from 'vitest';
import {
  MAX_QUERY_TERMS,
  analyzeForIndex,
  analyzeQuery,
  contentWords,
  indexText,
  sanitizeText,
  termWeights,
} from './text-analysis.ts';

const PLAIN_TERM = /^[\p{L}\p{N}]+$/u;

describe('analyzeForIndex', () => {
  it('emits Chinese unigrams and bigrams so a word inside a longer word is found', () => {
    const tokens = analyzeForIndex('神爱世人，甚至将他的独生子赐给他们');
    expect(tokens).toContain('世人');
    expect(tokens).toContain('神');
    expect(tokens).toContain('独生');
    expect(tokens).not.toContain('，');
  });

  it('folds Traditional to Simplified, so both scripts index the same tokens', () => {
    expect(analyzeForIndex('神愛世人，甚至將他的獨生子賜給他們')).toEqual(
      analyzeForIndex('神爱世人，甚至将他的独生子赐给他们'),
    );
  });

  it('lower-cases and removes accents in Spanish and French', () => {
    expect(analyzeForIndex('JEHOVÁ es mi pastor; nada me faltará')).toEqual(
      expect.arrayContaining(['jehova', 'pastor', 'faltara']),
    );
    expect(analyzeForIndex('L’Éternel est mon berger, qu’il périsse')).toEqual(
      expect.arrayContaining(['eternel', 'berger', 'il', 'perisse']),
    );
  });

  it("drops French elisions and English possessive 's", () => {
    expect(analyzeForIndex("l'amour de God's people")).toEqual(['amour', 'de', 'god', 'people']);
  });

  it('follows each English, Spanish or French word with its stem when the language is given', () => {
    expect(analyzeForIndex('Forgiving one another', 'en')).toEqual(['forgiving', 'forgiv', 'one', 'another']);
    expect(analyzeForIndex('perdonad, y seréis perdonados', 'es')).toEqual([
      'perdonad',
      'perdon',
      'y',
      'sereis',
      'perdonados',
      'perdon',
    ]);
    expect(analyzeForIndex('神爱世人 loved', 'zh-Hans')).toEqual(analyzeForIndex('神爱世人 loved'));
  });

  it('keeps mixed-script text apart and never emits whitespace or punctuation', () => {
    const tok = indexText('约翰福音3:16 John 3:16「神爱世人」');
    expect(tok.split(' ').every((t) => PLAIN_TERM.test(t))).toBe(true);
    expect(tok.split(' ')).toEqual(expect.arrayContaining(['约翰', 'john', '3', '16', '世人']));
  });
});

describe('analyzeQuery', () => {
  it('answers 世人 with the bigram the index holds, in either script', () => {
    expect(analyzeQuery('世人')).toEqual(['世人']);
    expect(analyzeQuery('神愛世人')).toEqual(['神爱', '爱世', '世人']);
  });

  it('drops Chinese question words and particles before forming bigrams', () => {
    expect(analyzeQuery('耶稣为什么要死在十字架上？')).toEqual(['耶稣', '要死', '十字', '字架', '架上']);
    expect(analyzeQuery('神的爱')).toEqual(['神', '爱']);
  });

  it('drops stop words of the query language, guessing it when not given', () => {
    expect(analyzeQuery('What does the Bible say about forgiveness?', { lang: 'en' })).toEqual(['forgiveness']);
    expect(analyzeQuery('¿Qué dice la Biblia sobre el perdón?')).toEqual(['perdon']);
    expect(analyzeQuery('圣经怎么说饶恕？')).toEqual(['饶恕']);
    expect(analyzeQuery("Que dit la Bible sur l'amour ?", { lang: 'fr' })).toEqual(['amour']);
    expect(analyzeQuery('son of man', { lang: 'en' })).toEqual(['son', 'man']);
  });

  it('keeps stop words when nothing else is left, unless told not to', () => {
    expect(analyzeQuery('the')).toEqual(['the']);
    expect(analyzeQuery('的')).toEqual(['的']);
    expect(analyzeQuery('What does it mean?', { lang: 'en', keepStopWordsIfEmpty: false })).toEqual([]);
    expect(analyzeQuery('说什么？', { lang: 'zh-Hans', keepStopWordsIfEmpty: false })).toEqual([]);
  });

  it('asks for each word and its stem with stems, in the given or guessed language', () => {
    expect(analyzeQuery('What does the Bible say about forgiving others?', { lang: 'en', stems: true })).toEqual([
      'forgiving',
      'forgiv',
      'others',
      'other',
    ]);
    expect(analyzeQuery('¿Qué dice la Biblia sobre el perdón?', { stems: true })).toEqual(['perdon']);
    expect(analyzeQuery('Que dit la Bible sur la prière ?', { stems: true })).toEqual(['priere', 'pri']);
  });

  it('asks a French name with a diaeresis as written: the stem of Moïse is the month', () => {
    expect(analyzeQuery('Qui a trouvé Moïse dans le fleuve ?', { lang: 'fr', stems: true })).toEqual([
      'trouve',
      'trouv',
      'moise',
      'fleuve',
      'fleuv',
    ]);
    // The index holds the word beside its stem, so Moïse's verses are found by the word alone.
    expect(analyzeForIndex('Et Moïse monta', 'fr')).toEqual(expect.arrayContaining(['moise']));
  });

  it('finds what the index holds for an inflected query', () => {
    const indexed = new Set(analyzeForIndex('And forgive us our debts, as we forgive our debtors.', 'en'));
    expect(analyzeQuery('forgiving', { lang: 'en', stems: true }).some((t) => indexed.has(t))).toBe(true);
  });

  it.each([
    ['"love" AND NOT (hate) OR faith*', ['love', 'hate', 'faith']],
    ['NEAR(love, faith, 3)', ['near', 'love', 'faith', '3']],
    ['tok:love text:* ^2 ~ -hate +faith', ['tok', 'love', 'text', '2', 'hate', 'faith']],
    ["'; DROP TABLE passages; --", ['drop', 'table', 'passages']],
    ['\u202Egod\u202C \u200Blove\u200D', ['god', 'love']],
    ['Je\u200Bsus \uFEFFChrist', ['jesus', 'christ']],
    ['\uD800love\uDFFF \uDC00', ['love']],
    ['', []],
    ['   \n\t ', []],
    ['“”«»「」()[]{}*:^~', []],
  ])('reduces hostile input %j to plain terms', (input, expected) => {
    expect(analyzeQuery(input)).toEqual(expected);
  });

  it('handles a megabyte of text quickly and caps the number of terms', () => {
    const words = Array.from({ length: 200_000 }, (_, i) => `w${i}`).join(' ');
    const started = performance.now();
    const terms = analyzeQuery(words + '神爱世人'.repeat(100_000));
    // A bound against a reading that grows faster than the text (a quadratic one takes minutes on a megabyte), not a
    // benchmark: about 100 ms alone, 625 ms was seen beside two test suites.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(terms).toHaveLength(MAX_QUERY_TERMS);
    expect(analyzeQuery('x'.repeat(1 << 20))).toEqual(['x'.repeat(40)]);
    expect(analyzeQuery('love joy peace patience kindness', { maxTerms: 2 })).toEqual(['love', 'joy']);
  });

  it('returns [] for input that is not a string', () => {
    expect(analyzeQuery(undefined)).toEqual([]);
    expect(analyzeQuery({ toString: () => 'x' })).toEqual([]);
  });

  it('never throws and only returns plain terms on random hostile strings', () => {
    const alphabet = [
      'a',
      'É',
      '神',
      '愛',
      ' ',
      '"',
      '(',
      ')',
      '*',
      ':',
      '\uD800',
      '\uDC00',
      '\u200B',
      '\u202E',
      '\0',
      '’',
    ];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let n = 0; n < 2000; n++) {
      const input = Array.from({ length: next() % 40 }, () => alphabet[next() % alphabet.length]).join('');
      const terms = analyzeQuery(input);
      expect(terms.length).toBeLessThanOrEqual(MAX_QUERY_TERMS);
      for (const term of terms) expect(term).toMatch(PLAIN_TERM);
    }
  });

  it('produces only terms that the same text yields at index time', () => {
    const passage = 'Car Dieu a tant aimé le monde, qu’il a donné son Fils unique. 神愛世人，甚至將他的獨生子賜給他們';
    const indexed = new Set(analyzeForIndex(passage));
    for (const term of analyzeQuery(passage)) expect(indexed.has(term)).toBe(true);
  });
});

describe('termWeights', () => {
  it('asks a word without a distinct stem twice, so a name weighs as much as an inflected word with its stem', () => {
    const terms = analyzeQuery('Which son was Abraham asked to sacrifice?', { lang: 'en', stems: true });
    expect(terms).toEqual(['son', 'abraham', 'asked', 'ask', 'sacrifice', 'sacrific']);
    expect(termWeights(terms, 'en')).toEqual([2, 2, 1, 1, 1, 1]);
  });

  it('weighs every term once when no word is asked with its stem (Chinese, or no stemming)', () => {
    expect(
      termWeights(analyzeQuery('谁杀了歌利亚', { lang: 'zh-Hans', stems: true }), 'zh-Hans').every((w) => w === 1),
    ).toBe(true);
    expect(termWeights(['goliath', 'david'], 'en')).toEqual([1, 1]);
  });
});

describe('contentWords', () => {
  it('gives jieba words and stems without stop words, for the glossary', () => {
    expect(contentWords('圣经怎么说饶恕别人？', 'zh-Hans')).toEqual(['饶恕', '别人']);
    expect(contentWords('聖經怎麼說饒恕別人？', 'zh-Hant')).toEqual(['饶恕', '别人']);
    expect(contentWords('What does the Bible say about forgiving 70 times?', 'en')).toEqual(['forgiv', 'tim']);
    expect(contentWords('¿Qué dice la Biblia sobre el perdón?', 'es')).toEqual(['perdon']);
  });

  it("cuts Chinese on the dictionary and the Union Version's names and words, never into words no text has", () => {
    // The HMM glued 女士师是谁 into 女士 + 师是, and cut 歌利亚 into 歌 + 利亚.
    expect(contentWords('以色列唯一的女士师是谁？', 'zh-Hans')).toContain('士师');
    expect(contentWords('以色列唯一的女士师是谁？', 'zh-Hans')).not.toContain('师是');
    expect(contentWords('大卫用什么打败歌利亚？', 'zh-Hans')).toContain('歌利亚');
    expect(contentWords('羅得的妻子變成了什麼？', 'zh-Hant')).toContain('罗得');
    expect(contentWords('摩西在西奈山上待了多少天？', 'zh-Hans')).not.toContain('上待');
  });
});

describe('sanitizeText', () => {
  it('removes invisible format characters and lone surrogates, and applies NFKC', () => {
    expect(sanitizeText('Ｇｏｄ\u200B\u202E!\uD800')).toBe('God! ');
  });
});
