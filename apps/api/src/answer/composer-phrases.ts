import type { Locale, Localized } from '@bible-qa/contract';

/**
 * The grounded composer's wording in the five languages. `{q}` is the question, `{ref}` a reference label,
 * `{books}` a list of book names, `{n}` a number. The scripture it quotes always comes from the corpus.
 */
const phrases = {
  noVerses: {
    'zh-cn': '资料库中没有找到与「{q}」直接相关的经文。可以换一种说法，或提供书卷、人物或经文出处再问一次。',
    'zh-tw': '資料庫中沒有找到與「{q}」直接相關的經文。可以換一種說法，或提供書卷、人物或經文出處再問一次。',
    en: 'The library holds no passage that speaks directly to “{q}”. Try other words, or name a book, a person or a reference.',
    'es-es':
      'La biblioteca no contiene ningún pasaje que trate directamente de «{q}». Pruebe con otras palabras o indique un libro, una persona o una cita.',
    'fr-fr':
      'La bibliothèque ne contient aucun passage qui traite directement de « {q} ». Essayez d’autres mots, ou indiquez un livre, une personne ou une référence.',
  },
  cardBrand: {
    'zh-cn': '圣经问答助手',
    'zh-tw': '聖經問答助手',
    en: 'Bible Q&A Assistant',
    'es-es': 'Asistente bíblico',
    'fr-fr': 'Assistant biblique',
  },
  bookWhy: {
    'zh-cn': '回答引用了本卷的{refs}',
    'zh-tw': '回答引用了本卷的{refs}',
    en: 'The answer draws on {refs} from this book',
    'es-es': 'La respuesta se apoya en {refs} de este libro',
    'fr-fr': 'La réponse s’appuie sur {refs} de ce livre',
  },
  followBook: {
    'zh-cn': '{book}主要讲了什么？',
    'zh-tw': '{book}主要講了什麼？',
    en: 'What is the main message of {book}?',
    'es-es': '¿Cuál es el mensaje principal de {book}?',
    'fr-fr': 'Quel est le message principal de {book} ?',
  },
  followContext: {
    'zh-cn': '{ref}的上下文是什么？',
    'zh-tw': '{ref}的上下文是什麼？',
    en: 'What is the context of {ref}?',
    'es-es': '¿Cuál es el contexto de {ref}?',
    'fr-fr': 'Quel est le contexte de {ref} ?',
  },
  followApply: {
    'zh-cn': '如何在生活中实践{ref}？',
    'zh-tw': '如何在生活中實踐{ref}？',
    en: 'How can I live out {ref}?',
    'es-es': '¿Cómo puedo vivir {ref}?',
    'fr-fr': 'Comment vivre {ref} au quotidien ?',
  },
} as const satisfies Record<string, Localized>;

export type PhraseName = keyof typeof phrases;

export function phrase(name: PhraseName, locale: Locale, values: Record<string, string | number> = {}): string {
  return phrases[name][locale].replace(/\{(\w+)\}/g, (whole, key: string) =>
    values[key] === undefined ? whole : String(values[key]),
  );
}

const LIST_SEPARATOR: Record<Locale, string> = { 'zh-cn': '、', 'zh-tw': '、', en: ', ', 'es-es': ', ', 'fr-fr': ', ' };
export function joinList(items: string[], locale: Locale): string {
  return items.join(LIST_SEPARATOR[locale]);
}
