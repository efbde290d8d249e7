import type { Locale, Localized } from '@bible-qa/contract';

/**
 * The few words of their own that the offline prayers, sermon outlines and poems hold, in the five languages: titles,
 * labels, what leads a petition that says a verse's words to God ("help us", "thank you that") and the leads of a
 * petition that quotes its verse (several per movement, `|` between, chosen by the verse). Every sentence they are
 * part of is made of a verse's words from the corpus in the reader's translation (kind-forms.ts).
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
    'zh-cn': '我们用你的话赞美你：|我们称谢你，因你的话说：|我们要称颂你，你的话说：|我们赞美你的名，因为经上说：',
    'zh-tw': '我們用你的話讚美你：|我們稱謝你，因你的話說：|我們要稱頌你，你的話說：|我們讚美你的名，因為經上說：',
    en: 'we praise you in the words you gave us:|we give you thanks, for your word says:|we bless your name, for it is written:|our praise is yours, as your word says:',
    'es-es':
      'te alabamos con las palabras que nos diste:|te damos gracias, porque tu palabra dice:|bendecimos tu nombre, porque está escrito:|nuestra alabanza es tuya, como dice tu palabra:',
    'fr-fr':
      'nous te louons avec les mots que tu nous as donnés :|nous te rendons grâce, car ta parole dit :|nous bénissons ton nom, car il est écrit :|notre louange est à toi, comme dit ta parole :',
  },
  prayerConfession: {
    'zh-cn':
      '我们在你面前承认自己的亏欠，仰望你的话：|求你赦免我们，正如你说：|我们向你认罪，你的话说：|求你洗净我们，你曾说：',
    'zh-tw':
      '我們在你面前承認自己的虧欠，仰望你的話：|求你赦免我們，正如你說：|我們向你認罪，你的話說：|求你洗淨我們，你曾說：',
    en: 'we confess our failings and hold to your word:|forgive us, as you have said:|we own our sins before you, who said:|cleanse us, for it is written:',
    'es-es':
      'confesamos nuestras faltas y nos aferramos a tu palabra:|perdónanos, como tú has dicho:|reconocemos ante ti nuestros pecados; tú dijiste:|límpianos, porque está escrito:',
    'fr-fr':
      'nous confessons nos fautes et nous tenons à ta parole :|pardonne-nous, comme tu l’as dit :|nous reconnaissons devant toi nos péchés ; tu as dit :|purifie-nous, car il est écrit :',
  },
  prayerLament: {
    'zh-cn':
      '求你垂听我们的呼求，你的话说：|在难处中我们向你呼求，你曾说：|我们在忧伤中仰望你，经上说：|求你不要离开我们，你的话说：',
    'zh-tw':
      '求你垂聽我們的呼求，你的話說：|在難處中我們向你呼求，你曾說：|我們在憂傷中仰望你，經上說：|求你不要離開我們，你的話說：',
    en: 'hear us when we call to you; your word says:|in our trouble we call to you, who said:|we look to you in our sorrow, for it is written:|do not be far from us; your word says:',
    'es-es':
      'escúchanos cuando clamamos a ti; tu palabra dice:|en la angustia clamamos a ti, que dijiste:|en nuestra tristeza te miramos, porque está escrito:|no estés lejos de nosotros; tu palabra dice:',
    'fr-fr':
      'écoute-nous quand nous crions vers toi ; ta parole dit :|dans la détresse nous crions vers toi, qui as dit :|dans notre tristesse nous te regardons, car il est écrit :|ne sois pas loin de nous ; ta parole dit :',
  },
  prayerCommand: {
    'zh-cn': '求你帮助我们遵行你的话：|求你使我们能照着你的吩咐去行：|求你教我们顺服这话：|愿我们谨守你的吩咐：',
    'zh-tw': '求你幫助我們遵行你的話：|求你使我們能照著你的吩咐去行：|求你教我們順服這話：|願我們謹守你的吩咐：',
    en: 'help us to do as you say:|give us grace to follow your word:|teach us to obey what you said:|make us keep your word:',
    'es-es':
      'ayúdanos a hacer lo que dices:|danos gracia para seguir tu palabra:|enséñanos a obedecer lo que dijiste:|haz que guardemos tu palabra:',
    'fr-fr':
      'aide-nous à faire ce que tu dis :|donne-nous la grâce de suivre ta parole :|apprends-nous à obéir à ce que tu as dit :|fais-nous garder ta parole :',
  },
  prayerTrust: {
    'zh-cn': '我们倚靠你，因为你的话说：|我们把自己交托给你，因你应许：|我们信靠你的应许：|我们安息在你的话中：',
    'zh-tw': '我們倚靠你，因為你的話說：|我們把自己交託給你，因你應許：|我們信靠你的應許：|我們安息在你的話中：',
    en: 'we lean on you, for your word says:|we entrust ourselves to you, for you promise:|we rest on your promise:|we hold to what you have said:',
    'es-es':
      'nos apoyamos en ti, porque tu palabra dice:|nos confiamos a ti, porque prometes:|descansamos en tu promesa:|nos aferramos a lo que has dicho:',
    'fr-fr':
      'nous nous appuyons sur toi, car ta parole dit :|nous nous remettons à toi, car tu promets :|nous nous reposons sur ta promesse :|nous tenons à ce que tu as dit :',
  },
  prayerWord: {
    'zh-cn': '求你照你的话成就在我们身上：|求你使这话在我们身上应验：|愿你的话在我们中间成全：|求你用这话更新我们：',
    'zh-tw': '求你照你的話成就在我們身上：|求你使這話在我們身上應驗：|願你的話在我們中間成全：|求你用這話更新我們：',
    en: 'let it be to us according to your word:|make this word true in us:|let your word be fulfilled among us:|renew us by your word:',
    'es-es':
      'hágase en nosotros según tu palabra:|haz que esta palabra se cumpla en nosotros:|que tu palabra se cumpla entre nosotros:|renuévanos por tu palabra:',
    'fr-fr':
      'qu’il nous soit fait selon ta parole :|accomplis en nous cette parole :|que ta parole s’accomplisse parmi nous :|renouvelle-nous par ta parole :',
  },
  prayerHelp: {
    'zh-cn': '求你帮助我们|求你教导我们|求你赐我们力量',
    'zh-tw': '求你幫助我們|求你教導我們|求你賜我們力量',
    en: 'help us |teach us |give us grace ',
    'es-es': 'ayúdanos |enséñanos |danos la gracia ',
    'fr-fr': 'aide-nous |enseigne-nous |donne-nous la grâce ',
  },
  prayerThanks: {
    'zh-cn': '感谢你，|我们感谢你，|我们为此感谢你：',
    'zh-tw': '感謝你，|我們感謝你，|我們為此感謝你：',
    en: 'thank you that |we thank you that |we give you thanks that ',
    'es-es': 'gracias porque |te damos gracias porque |te agradecemos que ',
    'fr-fr': 'merci de ce que |nous te rendons grâce de ce que |nous te remercions de ce que ',
  },
  prayed: {
    'zh-cn': '{text}（{label}）',
    'zh-tw': '{text}（{label}）',
    en: '{text} ({label})',
    'es-es': '{text} ({label})',
    'fr-fr': '{text} ({label})',
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
    'zh-cn':
      '**应用：**本周背诵并默想|**应用：**把这句经文写下来，每天早晨用它祷告：|**应用：**本周把这句话讲给一个需要的人听：|**应用：**本周每天早晚诵读：',
    'zh-tw':
      '**應用：**本週背誦並默想|**應用：**把這句經文寫下來，每天早晨用它禱告：|**應用：**本週把這句話講給一個需要的人聽：|**應用：**本週每天早晚誦讀：',
    en: '**Application:** learn by heart and ponder this week |**Application:** write it down and pray it each morning: |**Application:** share it this week with someone who needs it: |**Application:** read it aloud each morning and evening this week: ',
    'es-es':
      '**Aplicación:** memorice y medite esta semana |**Aplicación:** escríbalo y órelo cada mañana: |**Aplicación:** compártalo esta semana con alguien que lo necesite: |**Aplicación:** léalo en voz alta cada mañana y cada noche esta semana: ',
    'fr-fr':
      '**Application :** apprenez par cœur et méditez cette semaine |**Application :** écrivez-le et priez-le chaque matin : |**Application :** partagez-le cette semaine avec quelqu’un qui en a besoin : |**Application :** lisez-le à voix haute chaque matin et chaque soir cette semaine : ',
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
