import type { Locale, Localized } from '@bible-qa/contract';

/**
 * The grounded composer's wording in the five languages. `{q}` is the question, `{ref}` a reference label,
 * `{books}` a list of book names, `{n}` a number. The scripture it quotes always comes from the corpus.
 */
const phrases = {
  intro: {
    'zh-cn': '关于「{q}」，下面是圣经中最相关的经文，以及可供查考的资料。',
    'zh-tw': '關於「{q}」，下面是聖經中最相關的經文，以及可供查考的資料。',
    en: 'On “{q}”, here are the passages of Scripture that speak to it most directly, with material for further study.',
    'es-es':
      'Sobre «{q}», estos son los pasajes de la Escritura que más directamente hablan de ello, con material para profundizar.',
    'fr-fr':
      'Au sujet de « {q} », voici les passages de l’Écriture qui en parlent le plus directement, avec de quoi approfondir.',
  },
  introSimple: {
    'zh-cn': '简要地说，圣经对「{q}」的回答集中在以下经文：',
    'zh-tw': '簡要地說，聖經對「{q}」的回答集中在以下經文：',
    en: 'In short, the Bible’s answer to “{q}” centres on these passages:',
    'es-es': 'En resumen, la respuesta de la Biblia a «{q}» se centra en estos pasajes:',
    'fr-fr': 'En bref, la réponse de la Bible à « {q} » se concentre dans ces passages :',
  },
  noVerses: {
    'zh-cn': '资料库中没有找到与「{q}」直接相关的经文。可以换一种说法，或提供书卷、人物或经文出处再问一次。',
    'zh-tw': '資料庫中沒有找到與「{q}」直接相關的經文。可以換一種說法，或提供書卷、人物或經文出處再問一次。',
    en: 'The library holds no passage that speaks directly to “{q}”. Try other words, or name a book, a person or a reference.',
    'es-es':
      'La biblioteca no contiene ningún pasaje que trate directamente de «{q}». Pruebe con otras palabras o indique un libro, una persona o una cita.',
    'fr-fr':
      'La bibliothèque ne contient aucun passage qui traite directement de « {q} ». Essayez d’autres mots, ou indiquez un livre, une personne ou une référence.',
  },
  keyScriptures: {
    'zh-cn': '核心经文',
    'zh-tw': '核心經文',
    en: 'Key passages',
    'es-es': 'Pasajes clave',
    'fr-fr': 'Passages clés',
  },
  context: {
    'zh-cn': '经文脉络',
    'zh-tw': '經文脈絡',
    en: 'In context',
    'es-es': 'En su contexto',
    'fr-fr': 'Dans leur contexte',
  },
  contextLine: {
    'zh-cn': '这些经文出自{books}。请结合上下文阅读，尤其是{ref}。',
    'zh-tw': '這些經文出自{books}。請結合上下文閱讀，尤其是{ref}。',
    en: 'These passages come from {books}. Read them in their setting, especially {ref}.',
    'es-es': 'Estos pasajes proceden de {books}. Léalos en su contexto, especialmente {ref}.',
    'fr-fr': 'Ces passages viennent de {books}. Lisez-les dans leur contexte, en particulier {ref}.',
  },
  further: {
    'zh-cn': '相关经文',
    'zh-tw': '相關經文',
    en: 'Related passages',
    'es-es': 'Pasajes relacionados',
    'fr-fr': 'Passages apparentés',
  },
  references: {
    'zh-cn': '参考资料',
    'zh-tw': '參考資料',
    en: 'From the reference works',
    'es-es': 'De las obras de consulta',
    'fr-fr': 'Dans les ouvrages de référence',
  },
  englishSource: {
    'zh-cn': '（英文资料）',
    'zh-tw': '（英文資料）',
    en: '',
    'es-es': ' (en inglés)',
    'fr-fr': ' (en anglais)',
  },
  reflect: {
    'zh-cn': '默想与应用',
    'zh-tw': '默想與應用',
    en: 'Reflect and apply',
    'es-es': 'Medite y aplique',
    'fr-fr': 'Méditer et appliquer',
  },
  reflect1: {
    'zh-cn': '慢慢读上面的经文，留意其中关于神的作为与应许的话。',
    'zh-tw': '慢慢讀上面的經文，留意其中關於神的作為與應許的話。',
    en: 'Read the passages above slowly, noticing what they say about what God does and promises.',
    'es-es': 'Lea despacio los pasajes anteriores y fíjese en lo que dicen de lo que Dios hace y promete.',
    'fr-fr': 'Lisez lentement les passages ci-dessus en relevant ce qu’ils disent de ce que Dieu fait et promet.',
  },
  reflect2: {
    'zh-cn': '问问自己：这段经文今天对我的处境说了什么？我可以怎样回应？',
    'zh-tw': '問問自己：這段經文今天對我的處境說了什麼？我可以怎樣回應？',
    en: 'Ask yourself: what does this passage say to my situation today, and how can I respond?',
    'es-es': 'Pregúntese: ¿qué dice este pasaje a mi situación de hoy y cómo puedo responder?',
    'fr-fr': 'Demandez-vous : que dit ce passage à ma situation aujourd’hui, et comment puis-je y répondre ?',
  },
  reflect3: {
    'zh-cn': '可以与教会中的弟兄姊妹或牧者一同查考、讨论。',
    'zh-tw': '可以與教會中的弟兄姊妹或牧者一同查考、討論。',
    en: 'Consider studying and discussing it with others in your church or with a pastor.',
    'es-es': 'Considere estudiarlo y comentarlo con otros en su iglesia o con un pastor.',
    'fr-fr': 'Pensez à l’étudier et à en parler avec d’autres membres de votre Église ou avec un pasteur.',
  },
  sources: { 'zh-cn': '资料来源', 'zh-tw': '資料來源', en: 'Sources', 'es-es': 'Fuentes', 'fr-fr': 'Sources' },
  lexicon: {
    'zh-cn': '原文词义',
    'zh-tw': '原文詞義',
    en: 'Original-language terms',
    'es-es': 'Términos del original',
    'fr-fr': 'Termes de l’original',
  },
  commentary: { 'zh-cn': '注释', 'zh-tw': '註釋', en: 'Commentary', 'es-es': 'Comentario', 'fr-fr': 'Commentaire' },
  crossRefs: {
    'zh-cn': '串珠经文',
    'zh-tw': '串珠經文',
    en: 'Cross-references',
    'es-es': 'Referencias cruzadas',
    'fr-fr': 'Renvois',
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
