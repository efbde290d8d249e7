// Light suffix stripping for English, Spanish and French, on words the analyser has already lower-cased and
// stripped of accents. It conflates inflections (forgive, forgiving, forgiveth, forgiveness; perdón, perdonad,
// perdonados; prière, priez, prier), not meanings: one suffix at most, never below a minimum stem length, so short
// words are left alone. The index keeps each word beside its stem, so an exact form still scores above a relative.

export type StemLang = 'en' | 'es' | 'fr';

const VOWEL = /[aeiouy]/;
const DOUBLE_CONSONANT = /([b-df-hj-km-np-tv-xz])\1$/;

interface Rule {
  suffix: string;
  /** What replaces the suffix (default ''). */
  to?: string;
  /** Shortest stem left behind (default the language's). */
  min?: number;
}

/** Longest suffix first; the first rule that leaves a long enough stem with a vowel in it applies. */
function compile(rules: readonly (string | Rule)[]): Rule[] {
  return rules
    .map((r) => (typeof r === 'string' ? { suffix: r } : r))
    .sort((a, b) => b.suffix.length - a.suffix.length);
}

function strip(word: string, rules: readonly Rule[], min: number, keep?: RegExp): string {
  for (const rule of rules) {
    if (!word.endsWith(rule.suffix) || (rule.suffix === 's' && keep?.test(word))) continue;
    const stem = word.slice(0, word.length - rule.suffix.length);
    if (stem.length >= (rule.min ?? min) && VOWEL.test(stem)) return stem + (rule.to ?? '');
  }
  return word;
}

// English: plurals and verb forms (with the KJV's -eth and -est), -en, -ness, -ful, -ment, -ly, -(s|t)ion.
const EN_RULES = compile([
  { suffix: 'sses', to: 'ss' },
  { suffix: 'ies', to: 'y' },
  { suffix: 'ied', to: 'y' },
  's',
  'es',
  'ed',
  'ing',
  'eth',
  { suffix: 'en', min: 5 },
  { suffix: 'est', min: 4 },
  { suffix: 'ness', min: 4 },
  'fulness',
  { suffix: 'ful', min: 4 },
  { suffix: 'ment', min: 4 },
  { suffix: 'ments', min: 4 },
  { suffix: 'ly', min: 4 },
  { suffix: 'sion', to: 's', min: 4 },
  { suffix: 'sions', to: 's', min: 4 },
  { suffix: 'tion', to: 't', min: 4 },
  { suffix: 'tions', to: 't', min: 4 },
]);
const EN_KEEP_S = /(ss|us|is)$/;

function stemEnglish(word: string): string {
  if (word.length < 4) return word;
  let stem = strip(word, EN_RULES, 3, EN_KEEP_S);
  if (stem !== word && DOUBLE_CONSONANT.test(stem) && !/(ll|ss|zz)$/.test(stem)) stem = stem.slice(0, -1);
  if (stem.endsWith('e') && stem.length > 3) stem = stem.slice(0, -1);
  if (stem.endsWith('y') && stem.length > 3 && !VOWEL.test(stem.at(-2) ?? 'a')) stem = `${stem.slice(0, -1)}i`;
  return stem;
}

// Spanish: the common noun and adjective endings, and the verb endings of the three conjugations.
const ES_RULES = compile([
  ...['aciones', 'acion', 'amientos', 'amiento', 'imientos', 'imiento', 'mente', 'idades', 'idad', 'ancias', 'ancia'],
  ...['encias', 'encia', 'osos', 'osas', 'oso', 'osa', 'ivos', 'ivas', 'ivo', 'iva', 'ismos', 'ismo', 'istas', 'ista'],
  ...['ables', 'able', 'ibles', 'ible', 'adores', 'adoras', 'adora', 'ador', 'antes', 'ante'],
  ...['ariamos', 'eriamos', 'iriamos', 'aremos', 'eremos', 'iremos', 'abamos', 'aramos', 'ieramos', 'iesemos'],
  ...['asemos', 'ando', 'iendo', 'yendo', 'aron', 'ieron', 'aban', 'arian', 'erian', 'irian', 'aria', 'eria', 'iria'],
  ...['aras', 'ara', 'ieras', 'iera', 'ases', 'ase', 'ieses', 'iese', 'aste', 'iste', 'amos', 'emos', 'imos', 'ados'],
  ...['adas', 'ado', 'ada', 'idos', 'idas', 'ido', 'ida', 'abas', 'aba', 'ais', 'eis', 'ias', 'ian', 'ia', 'io', 'are'],
  ...['ere', 'ire', 'an', 'en', 'as', 'es', 'os', 'ar', 'er', 'ir', 'ad', 'ed', 'id', 'a', 'e', 'o'],
]);

function stemSpanish(word: string): string {
  if (word.length < 4) return word;
  let stem = strip(word, ES_RULES, 4);
  if (stem !== word && DOUBLE_CONSONANT.test(stem) && !/(ll|rr)$/.test(stem)) stem = stem.slice(0, -1);
  return stem;
}

// French: plurals (on words of five letters or more, so foi/fois and roi/rois stay apart), noun endings, and the
// verb endings of the -er/-ir conjugations.
const FR_RULES = compile([
  ...['ations', 'ation', 'ements', 'ement', 'ments', 'ment', 'ites', 'ite', 'euses', 'euse', 'eux', 'ives', 'ive'],
  ...['ifs', 'if', 'ismes', 'isme', 'istes', 'iste', 'ables', 'able', 'ances', 'ance', 'ences', 'ence', 'ieres'],
  ...['iere', 'iers', 'ier', 'eres', 'ere', 'issions', 'issiez', 'issons', 'issent', 'issais', 'issait', 'issant'],
  ...['erions', 'eriez', 'erons', 'eront', 'erais', 'erait', 'erai', 'eras', 'era', 'iront', 'irons', 'irait', 'ira'],
  ...['assent', 'asses', 'aient', 'ions', 'iez', 'ons', 'ent', 'ait', 'ais', 'ant', 'ants', 'ante', 'antes', 'ees'],
  ...['ee', 'es', 'er', 'ez', 'ir', 'is', 'it', 'e', 'a', 'i', 'u'],
]);

function stemFrench(word: string): string {
  if (word.length < 4) return word;
  let stem = strip(word, FR_RULES, 3);
  if (stem === word && word.length >= 5 && /[sx]$/.test(word)) stem = strip(word.slice(0, -1), FR_RULES, 3);
  if (stem !== word && DOUBLE_CONSONANT.test(stem)) stem = stem.slice(0, -1);
  return stem;
}

const STEMMERS: Readonly<Record<StemLang, (word: string) => string>> = {
  en: stemEnglish,
  es: stemSpanish,
  fr: stemFrench,
};

/** The stem of an analysed (lower-case, unaccented) word; words with digits or non-Latin letters pass unchanged. */
export function stem(word: string, lang: StemLang): string {
  if (!/^[a-z]+$/.test(word)) return word;
  return STEMMERS[lang](word);
}

/** The stemming language of a BCP 47 tag, if it is one of the stemmed ones. */
export function stemLang(lang: string | undefined): StemLang | undefined {
  const base = lang?.split('-')[0]?.toLowerCase();
  return base === 'en' || base === 'es' || base === 'fr' ? base : undefined;
}
