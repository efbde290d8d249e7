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
    'zh-cn': '赞美你：|称颂你：|感谢你：|颂赞你：',
    'zh-tw': '讚美你：|稱頌你：|感謝你：|頌讚你：',
    en: 'we praise you:|we bless you:|praise be yours:|we thank you:',
    'es-es': 'te alabamos:|te bendecimos:|alabado seas:|gracias, Señor:',
    'fr-fr': 'nous te louons :|nous te bénissons :|loué sois-tu :|merci, Seigneur :',
  },
  prayerConfession: {
    'zh-cn': '求赦免：|求洁净：|求怜悯：|求宽恕：',
    'zh-tw': '求赦免：|求潔淨：|求憐憫：|求寬恕：',
    en: 'forgive us, Lord:|cleanse us, Lord:|have mercy, Lord:|we confess:',
    'es-es': 'perdónanos, Señor:|límpianos, Señor:|ten piedad:|te confesamos:',
    'fr-fr': 'pardonne-nous, Seigneur :|purifie-nous, Seigneur :|aie pitié :|nous confessons :',
  },
  prayerLament: {
    'zh-cn': '求垂听：|求同在：|听我们：|救我们：',
    'zh-tw': '求垂聽：|求同在：|聽我們：|救我們：',
    en: 'hear us, Lord:|we cry out:|be near, Lord:|hear our cry:',
    'es-es': 'escúchanos, Señor:|clamamos a ti:|quédate, Señor:|oye nuestro clamor:',
    'fr-fr': 'écoute-nous, Seigneur :|nous crions :|sois proche :|entends-nous, Seigneur :',
  },
  prayerCommand: {
    'zh-cn': '求帮助：|求引导：|教我们：|顺服你：',
    'zh-tw': '求幫助：|求引導：|教我們：|順服你：',
    en: 'help us obey:|teach us, Lord:|lead us, Lord:|keep us faithful:',
    'es-es': 'ayúdanos a obedecer:|guíanos, Señor:|enséñanos, Señor:|haznos fieles:',
    'fr-fr': 'aide-nous, Seigneur :|conduis-nous, Seigneur :|enseigne-nous, Seigneur :|garde-nous fidèles :',
  },
  prayerTrust: {
    'zh-cn': '信靠你：|仰望你：|倚靠你：|投靠你：',
    'zh-tw': '信靠你：|仰望你：|倚靠你：|投靠你：',
    en: 'we trust you:|our refuge, Lord:|you are faithful:|our hope, Lord:',
    'es-es': 'confiamos en ti:|en ti confiamos:|eres fiel:|esperamos en ti:',
    'fr-fr': 'nous espérons :|tu es fidèle :|notre espoir, Seigneur :|nous croyons :',
  },
  prayerWord: {
    'zh-cn': '愿成就：|求成全：|愿应验：|主应许：',
    'zh-tw': '願成就：|求成全：|願應驗：|主應許：',
    en: 'fulfil it, Lord:|make it true:|so be it:|renew us, Lord:',
    'es-es': 'así sea:|hazlo verdad:|cúmplase, Señor:|renuévanos, Señor:',
    'fr-fr': 'ainsi soit-il :|accomplis-le, Seigneur :|renouvelle-nous, Seigneur :|fais-le, Seigneur :',
  },
  prayerHelp: {
    'zh-cn': '帮我们|教我们|使我们|让我们',
    'zh-tw': '幫我們|教我們|使我們|讓我們',
    en: 'help us |teach us |enable us |strengthen us ',
    'es-es': 'ayúdanos |enséñanos |concédenos |fortalécenos ',
    'fr-fr': 'aide-nous |enseigne-nous |accorde-nous |fortifie-nous ',
  },
  prayerThanks: {
    'zh-cn': '感谢你，|谢谢你，|赞美你，',
    'zh-tw': '感謝你，|謝謝你，|讚美你，',
    en: 'thank you that |we rejoice that ',
    'es-es': 'gracias porque |nos alegra que |te alabamos porque ',
    'fr-fr': 'merci parce que |heureux, car |nous exultons car ',
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
    'zh-cn': '**应用：**背诵：|**应用：**默想：|**应用：**天天读：|**应用：**传讲：',
    'zh-tw': '**應用：**背誦：|**應用：**默想：|**應用：**天天讀：|**應用：**傳講：',
    en: '**Application:** memorise |**Application:** pray daily: |**Application:** share this: |**Application:** ponder this week: ',
    'es-es':
      '**Aplicación:** memorice |**Aplicación:** órelo cada día: |**Aplicación:** compártalo: |**Aplicación:** medítelo esta semana: ',
    'fr-fr':
      '**Application :** apprenez par cœur |**Application :** priez-le chaque jour : |**Application :** partagez-le : |**Application :** méditez-le cette semaine : ',
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
