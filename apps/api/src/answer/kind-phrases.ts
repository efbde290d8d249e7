import type { Locale, Localized } from '@bible-qa/contract';

/**
 * The few words of their own that the offline prayers, sermon outlines and poems hold, in the five languages: titles,
 * labels and the leads of a prayer's petitions (two per movement, `|` between, taken in turn). Every sentence they
 * are part of is made of a verse's words, quoted from the corpus in the reader's translation (kind-forms.ts).
 * `{theme}` is what the reader asked about (their own words, or the passage they named).
 */
const phrases = {
  prayerTitle: {
    'zh-cn': '祷告：{theme}',
    'zh-tw': '禱告：{theme}',
    en: 'A prayer: {theme}',
    'es-es': 'Una oración: {theme}',
    'fr-fr': 'Une prière : {theme}',
  },
  prayerAddress: { 'zh-cn': '天父，', 'zh-tw': '天父，', en: 'Father, ', 'es-es': 'Padre, ', 'fr-fr': 'Père, ' },
  prayerPraise: {
    'zh-cn': '我们用你的话赞美你：|我们称谢你，因你的话说：',
    'zh-tw': '我們用你的話讚美你：|我們稱謝你，因你的話說：',
    en: 'we praise you in the words you gave us:|we give you thanks, for your word says:',
    'es-es': 'te alabamos con las palabras que nos diste:|te damos gracias, porque tu palabra dice:',
    'fr-fr': 'nous te louons avec les mots que tu nous as donnés :|nous te rendons grâce, car ta parole dit :',
  },
  prayerConfession: {
    'zh-cn': '我们在你面前承认自己的亏欠，仰望你的话：|求你赦免我们，正如你说：',
    'zh-tw': '我們在你面前承認自己的虧欠，仰望你的話：|求你赦免我們，正如你說：',
    en: 'we confess our failings and hold to your word:|forgive us, as you have said:',
    'es-es': 'confesamos nuestras faltas y nos aferramos a tu palabra:|perdónanos, como tú has dicho:',
    'fr-fr': 'nous confessons nos fautes et nous tenons à ta parole :|pardonne-nous, comme tu l’as dit :',
  },
  prayerLament: {
    'zh-cn': '求你垂听我们的呼求，你的话说：|在难处中我们向你呼求，你曾说：',
    'zh-tw': '求你垂聽我們的呼求，你的話說：|在難處中我們向你呼求，你曾說：',
    en: 'hear us when we call to you; your word says:|in our trouble we call to you, who said:',
    'es-es': 'escúchanos cuando clamamos a ti; tu palabra dice:|en la angustia clamamos a ti, que dijiste:',
    'fr-fr':
      'écoute-nous quand nous crions vers toi ; ta parole dit :|dans la détresse nous crions vers toi, qui as dit :',
  },
  prayerCommand: {
    'zh-cn': '求你帮助我们遵行你的话：|求你使我们能照着你的吩咐去行：',
    'zh-tw': '求你幫助我們遵行你的話：|求你使我們能照著你的吩咐去行：',
    en: 'help us to do as you say:|give us grace to follow your word:',
    'es-es': 'ayúdanos a hacer lo que dices:|danos gracia para seguir tu palabra:',
    'fr-fr': 'aide-nous à faire ce que tu dis :|donne-nous la grâce de suivre ta parole :',
  },
  prayerTrust: {
    'zh-cn': '我们倚靠你，因为你的话说：|我们把自己交托给你，因你应许：',
    'zh-tw': '我們倚靠你，因為你的話說：|我們把自己交託給你，因你應許：',
    en: 'we lean on you, for your word says:|we entrust ourselves to you, for you promise:',
    'es-es': 'nos apoyamos en ti, porque tu palabra dice:|nos confiamos a ti, porque prometes:',
    'fr-fr': 'nous nous appuyons sur toi, car ta parole dit :|nous nous remettons à toi, car tu promets :',
  },
  prayerWord: {
    'zh-cn': '求你照你的话成就在我们身上：|求你使这话在我们身上应验：',
    'zh-tw': '求你照你的話成就在我們身上：|求你使這話在我們身上應驗：',
    en: 'let it be to us according to your word:|make this word true in us:',
    'es-es': 'hágase en nosotros según tu palabra:|haz que esta palabra se cumpla en nosotros:',
    'fr-fr': 'qu’il nous soit fait selon ta parole :|accomplis en nous cette parole :',
  },
  prayerClose: {
    'zh-cn': '奉主耶稣基督的名祷告，阿们。',
    'zh-tw': '奉主耶穌基督的名禱告，阿們。',
    en: 'In the name of Jesus Christ we pray. Amen.',
    'es-es': 'En el nombre de Jesucristo oramos. Amén.',
    'fr-fr': 'Au nom de Jésus-Christ nous prions. Amen.',
  },
  sermonTitle: {
    'zh-cn': '讲道大纲：{theme}',
    'zh-tw': '講道大綱：{theme}',
    en: 'Sermon outline: {theme}',
    'es-es': 'Bosquejo de sermón: {theme}',
    'fr-fr': 'Plan de prédication : {theme}',
  },
  sermonBigIdea: {
    'zh-cn': '**中心思想：**',
    'zh-tw': '**中心思想：**',
    en: '**Big idea:** ',
    'es-es': '**Idea central:** ',
    'fr-fr': '**Idée centrale :** ',
  },
  sermonNumbers: {
    'zh-cn': '一、|二、|三、|四、|五、',
    'zh-tw': '一、|二、|三、|四、|五、',
    en: '1. |2. |3. |4. |5. ',
    'es-es': '1. |2. |3. |4. |5. ',
    'fr-fr': '1. |2. |3. |4. |5. ',
  },
  sermonApply: {
    'zh-cn': '**应用：**',
    'zh-tw': '**應用：**',
    en: '**Application:** ',
    'es-es': '**Aplicación:** ',
    'fr-fr': '**Application :** ',
  },
  sermonApplyPonder: {
    'zh-cn': '**应用：**本周背诵并默想',
    'zh-tw': '**應用：**本週背誦並默想',
    en: '**Application:** learn by heart and ponder this week ',
    'es-es': '**Aplicación:** memorice y medite esta semana ',
    'fr-fr': '**Application :** apprenez par cœur et méditez cette semaine ',
  },
  poemTitle: {
    'zh-cn': '诗歌：{theme}',
    'zh-tw': '詩歌：{theme}',
    en: 'A poem: {theme}',
    'es-es': 'Un poema: {theme}',
    'fr-fr': 'Un poème : {theme}',
  },
  poemSources: {
    'zh-cn': '*诗句出自：{refs}*',
    'zh-tw': '*詩句出自：{refs}*',
    en: '*Lines from {refs}*',
    'es-es': '*Versos de {refs}*',
    'fr-fr': '*Vers tirés de {refs}*',
  },
  referenceSeparator: { 'zh-cn': '；', 'zh-tw': '；', en: '; ', 'es-es': '; ', 'fr-fr': ' ; ' },
  quoted: {
    'zh-cn': '「{quote}」（{label}）',
    'zh-tw': '「{quote}」（{label}）',
    en: '“{quote}” ({label})',
    'es-es': '«{quote}» ({label})',
    'fr-fr': '« {quote} » ({label})',
  },
  sentenceEnd: { 'zh-cn': '。', 'zh-tw': '。', en: '.', 'es-es': '.', 'fr-fr': '.' },
  themeGeneral: {
    'zh-cn': '信靠神',
    'zh-tw': '信靠神',
    en: 'trusting God',
    'es-es': 'confiar en Dios',
    'fr-fr': 'la confiance en Dieu',
  },
} as const satisfies Record<string, Localized>;

export type KindPhrase = keyof typeof phrases;

export function kindPhrase(name: KindPhrase, locale: Locale, values: Record<string, string> = {}): string {
  return phrases[name][locale].replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** A phrase that holds several choices (`a|b`): the choices, in order. */
export function kindChoices(name: KindPhrase, locale: Locale): string[] {
  return phrases[name][locale].split('|');
}
