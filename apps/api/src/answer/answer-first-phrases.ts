import type { Locale } from '@bible-qa/contract';

/**
 * The answer-first composer's wording in the five languages. `{ref}` is a reference label, `{text}` a verse,
 * `{books}` a list of book names, `{book}` one book, `{translation}` a translation's name. Scripture is never written
 * here: every quotation comes from the corpus. `{refs}` is a list of reference labels.
 */
const phrases = {
  /** A question of fact (how old, who, where): the verse that states it, quoted in the lead (its marks: quote-marks.ts). */
  leadFact: {
    'zh-cn': '根据{ref}：「{text}」',
    'zh-tw': '根據{ref}：「{text}」',
    en: 'According to {ref}: {text}',
    'es-es': 'Según {ref}: {text}',
    'fr-fr': 'Selon {ref} : {text}',
  },
  /**
   * A question of number whose key verse states the count it asks, or of who or where whose key verse names the
   * person or place the dictionaries' notes point to: the answer first, in the verse's own words ("forty days",
   * "一百二十岁", "扫罗"), then the verse. Nothing else is ever stated: the words are the corpus's.
   */
  statedAnswer: {
    'zh-cn': '简要回答：{answer}（{ref}）。',
    'zh-tw': '簡要回答：{answer}（{ref}）。',
    en: 'In short: {answer} ({ref}).',
    'es-es': 'En resumen: {answer} ({ref}).',
    'fr-fr': 'En bref : {answer} ({ref}).',
  },
  /** A named passage (the Lord's Prayer, the prodigal son): where it is, then the passage itself. */
  leadPassage: {
    'zh-cn': '这段经文在{ref}：',
    'zh-tw': '這段經文在{ref}：',
    en: 'The passage is {ref}:',
    'es-es': 'El pasaje está en {ref}:',
    'fr-fr': 'Le passage se trouve en {ref} :',
  },
  leadCited: {
    'zh-cn': '{ref}这样说：',
    'zh-tw': '{ref}這樣說：',
    en: '{ref} reads:',
    'es-es': '{ref} dice así:',
    'fr-fr': '{ref} dit ceci :',
  },
  /** A topic: the passage that speaks to it most directly comes first. */
  leadAccount: {
    'zh-cn': '这件事记在{ref}：',
    'zh-tw': '這件事記在{ref}：',
    en: 'The account is in {ref}:',
    'es-es': 'El relato está en {ref}:',
    'fr-fr': 'Le récit se trouve en {ref} :',
  },
  /**
   * The account of a question of fact whose retriever's best verse is not its first: that verse quoted in the lead
   * (its marks: quote-marks.ts; no verse number, which the verifier would read as a reference without its book), then
   * the whole account.
   */
  leadAccountVerse: {
    'zh-cn': '这件事记在{ref}，其中说：「{text}」',
    'zh-tw': '這件事記在{ref}，其中說：「{text}」',
    en: 'The account is in {ref}, which says: {text}',
    'es-es': 'El relato está en {ref}, que dice: {text}',
    'fr-fr': 'Le récit se trouve en {ref}, qui dit : {text}',
  },
  leadTopic: {
    'zh-cn': '圣经对此最直接的回答在{ref}：',
    'zh-tw': '聖經對此最直接的回答在{ref}：',
    en: 'The Bible speaks to this most directly in {ref}:',
    'es-es': 'La Biblia responde a esto más directamente en {ref}:',
    'fr-fr': 'La Bible répond le plus directement à cela en {ref} :',
  },
  alsoTopic: {
    'zh-cn': '另外几处经文也谈到这一点：',
    'zh-tw': '另外幾處經文也談到這一點：',
    en: 'Other passages speak to it as well:',
    'es-es': 'Otros pasajes también hablan de ello:',
    'fr-fr': 'D’autres passages en parlent aussi :',
  },
  whereFrom: {
    'zh-cn': '这些经文出自{books}，点按经文可阅读整章。',
    'zh-tw': '這些經文出自{books}，點按經文可閱讀整章。',
    en: 'These passages are from {books}; tap one to read its whole chapter.',
    'es-es': 'Estos pasajes son de {books}; toque uno para leer el capítulo entero.',
    'fr-fr': 'Ces passages viennent de {books} ; touchez-en un pour lire tout le chapitre.',
  },
  surrounding: {
    'zh-cn': '上下文',
    'zh-tw': '上下文',
    en: 'In its setting',
    'es-es': 'En su contexto',
    'fr-fr': 'Dans son contexte',
  },
  moreVerses: {
    'zh-cn': '相关经文',
    'zh-tw': '相關經文',
    en: 'Related passages',
    'es-es': 'Pasajes relacionados',
    'fr-fr': 'Passages apparentés',
  },
  /** The other passages beyond those quoted: their references only, each opens its passage. */
  seeAlso: {
    'zh-cn': '另见：{refs}',
    'zh-tw': '另見：{refs}',
    en: 'See also: {refs}',
    'es-es': 'Véase también: {refs}',
    'fr-fr': 'Voir aussi : {refs}',
  },
  crossRefs: {
    'zh-cn': '串珠经文',
    'zh-tw': '串珠經文',
    en: 'Cross-references',
    'es-es': 'Referencias cruzadas',
    'fr-fr': 'Références croisées',
  },
  originalWords: {
    'zh-cn': '原文字词（Strong 词典）',
    'zh-tw': '原文字詞（Strong 詞典）',
    en: "Original-language words (Strong's)",
    'es-es': 'Palabras del original (Strong)',
    'fr-fr': 'Mots de la langue originale (Strong)',
  },
  commentary: {
    'zh-cn': '注释',
    'zh-tw': '註釋',
    en: 'Commentary',
    'es-es': 'Comentario',
    'fr-fr': 'Commentaire',
  },
  /** After a title from an English reference work in an answer in another language. */
  englishOnly: {
    'zh-cn': '（英文资料，见“相关文献”）',
    'zh-tw': '（英文資料，見「相關文獻」）',
    en: '',
    'es-es': ' (fuente en inglés, véase «Literatura relacionada»)',
    'fr-fr': ' (source en anglais, voir « Littérature associée »)',
  },
  outsideCanon: {
    'zh-cn': '{book}不在新教的正典之内（天主教和东正教视之为正典）；下面的经文供参考。',
    'zh-tw': '{book}不在新教的正典之內（天主教和東正教視之為正典）；下面的經文供參考。',
    en: '{book} is not in the Protestant canon (Catholic and Orthodox Christians hold it as Scripture); it is quoted here for reference.',
    'es-es':
      '{book} no forma parte del canon protestante (católicos y ortodoxos lo tienen por Escritura); se cita aquí como referencia.',
    'fr-fr':
      '{book} ne fait pas partie du canon protestant (catholiques et orthodoxes le tiennent pour Écriture) ; il est cité ici à titre de référence.',
  },
  /** The reader's language has no text of these books in the library: their verses are quoted in another. */
  otherLanguage: {
    'zh-cn': '文库中没有{books}的中文经文，其经文引自{translation}（英文）。',
    'zh-tw': '文庫中沒有{books}的中文經文，其經文引自{translation}（英文）。',
    en: '{books} is quoted from {translation}.',
    'es-es': 'La biblioteca no tiene el texto de {books} en español; se cita de {translation}, en inglés.',
    'fr-fr': '{books} est cité d’après {translation}, en anglais, dans la numérotation de la Vulgate.',
  },
  /** After a verse quoted from another translation than the reader's (their text lacks the book). */
  otherTranslation: {
    'zh-cn': '（{translation}）',
    'zh-tw': '（{translation}）',
    en: ' ({translation})',
    'es-es': ' ({translation})',
    'fr-fr': ' ({translation})',
  },
} satisfies Record<string, Record<Locale, string>>;

export type AnswerPhrase = keyof typeof phrases;

export function answerPhrase(name: AnswerPhrase, locale: Locale, values: Record<string, string | number> = {}) {
  return phrases[name][locale].replace(/\{(\w+)\}/g, (whole, key: string) =>
    values[key] === undefined ? whole : String(values[key]),
  );
}
