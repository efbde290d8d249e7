import type { Locale, Localized } from '@bible-qa/contract';

/**
 * The wording of prayers, sermon outlines and poems the offline composer writes, in the five languages. `{theme}`
 * is what the reader asked about (their own words, or the passage they named). The scripture quoted between these
 * lines always comes from the corpus.
 */
const phrases = {
  prayerTitle: { 'zh-cn': '祷告', 'zh-tw': '禱告', en: 'A prayer', 'es-es': 'Una oración', 'fr-fr': 'Une prière' },
  prayerOpen: {
    'zh-cn': '亲爱的天父，我们把{theme}带到你的面前。',
    'zh-tw': '親愛的天父，我們把{theme}帶到你的面前。',
    en: 'Heavenly Father, we bring before you {theme}.',
    'es-es': 'Padre celestial, traemos ante ti {theme}.',
    'fr-fr': 'Père céleste, nous remettons entre tes mains {theme}.',
  },
  prayerOpenGeneral: {
    'zh-cn': '亲爱的天父，我们安静来到你的面前。',
    'zh-tw': '親愛的天父，我們安靜來到你的面前。',
    en: 'Heavenly Father, we come quietly before you.',
    'es-es': 'Padre celestial, venimos en silencio ante ti.',
    'fr-fr': 'Père céleste, nous venons en silence devant toi.',
  },
  prayerWord: {
    'zh-cn': '你的话语应许我们：',
    'zh-tw': '你的話語應許我們：',
    en: 'Your word promises us:',
    'es-es': 'Tu palabra nos promete:',
    'fr-fr': 'Ta parole nous promet :',
  },
  prayerAskIllness: {
    'zh-cn': '求你亲自医治，赐医护人员智慧，赐病中的人平安和力量，也安慰在旁陪伴的家人。',
    'zh-tw': '求你親自醫治，賜醫護人員智慧，賜病中的人平安和力量，也安慰在旁陪伴的家人。',
    en: 'Heal, we pray; give wisdom to the doctors and nurses, peace and strength to the one who is ill, and comfort to the family beside them.',
    'es-es':
      'Te pedimos que sanes; da sabiduría a los médicos y enfermeras, paz y fuerza a quien está enfermo, y consuelo a la familia que lo acompaña.',
    'fr-fr':
      'Nous te prions de guérir ; donne la sagesse aux médecins et aux soignants, la paix et la force à celui qui est malade, et le réconfort à la famille qui l’entoure.',
  },
  prayerAskGrief: {
    'zh-cn': '求你安慰哀伤的心，在眼泪中与我们同在，让我们在你里面有复活的盼望。',
    'zh-tw': '求你安慰哀傷的心，在眼淚中與我們同在，讓我們在你裡面有復活的盼望。',
    en: 'Comfort the grieving heart, be near us in our tears, and hold us in the hope of the resurrection.',
    'es-es':
      'Consuela el corazón que llora, acompáñanos en nuestras lágrimas y sostennos en la esperanza de la resurrección.',
    'fr-fr':
      'Console le cœur en deuil, sois près de nous dans nos larmes et garde-nous dans l’espérance de la résurrection.',
  },
  prayerAskAnxiety: {
    'zh-cn': '我们把一切忧虑卸给你，求你赐下出人意外的平安，保守我们的心怀意念。',
    'zh-tw': '我們把一切憂慮卸給你，求你賜下出人意外的平安，保守我們的心懷意念。',
    en: 'We cast all our worries on you; give us the peace that passes understanding and guard our hearts and minds.',
    'es-es':
      'Echamos sobre ti toda nuestra ansiedad; danos la paz que sobrepasa todo entendimiento y guarda nuestros corazones.',
    'fr-fr':
      'Nous nous déchargeons sur toi de tous nos soucis ; donne-nous la paix qui surpasse toute intelligence et garde nos cœurs.',
  },
  prayerAskWorth: {
    'zh-cn': '求你让我们看见自己在你眼中何等宝贵，医治我们对自己的轻看，使我们知道我们是你手中的工作。',
    'zh-tw': '求你讓我們看見自己在你眼中何等寶貴，醫治我們對自己的輕看，使我們知道我們是你手中的工作。',
    en: 'Let us see how precious we are in your sight, heal the contempt we hold for ourselves, and remind us that we are your workmanship.',
    'es-es':
      'Haznos ver cuán preciosos somos a tus ojos, sana el desprecio que sentimos por nosotros mismos y recuérdanos que somos hechura tuya.',
    'fr-fr':
      'Fais-nous voir combien nous sommes précieux à tes yeux, guéris le mépris que nous avons de nous-mêmes et rappelle-nous que nous sommes ton ouvrage.',
  },
  prayerAskLonely: {
    'zh-cn': '求你让孤单的人知道你从不离开，赐给我们能彼此相伴的朋友和肢体，使我们在你的爱里不再孤单。',
    'zh-tw': '求你讓孤單的人知道你從不離開，賜給我們能彼此相伴的朋友和肢體，使我們在你的愛裡不再孤單。',
    en: 'Let the lonely know that you never leave them, give us friends and a church to walk beside us, and let us rest in your love.',
    'es-es':
      'Haz que quien está solo sepa que nunca le dejas, danos amigos y hermanos que caminen a nuestro lado, y haznos descansar en tu amor.',
    'fr-fr':
      'Fais savoir à celui qui est seul que tu ne le quittes jamais, donne-nous des amis et des frères pour marcher à nos côtés, et garde-nous dans ton amour.',
  },
  prayerAskSleep: {
    'zh-cn': '求你让疲惫的人在你里面得着安息，平平安安地躺下睡觉，因为唯有你使我们安然居住。',
    'zh-tw': '求你讓疲憊的人在你裡面得著安息，平平安安地躺下睡覺，因為唯有你使我們安然居住。',
    en: 'Give rest to the weary, let us lie down and sleep in peace, for you alone make us dwell in safety.',
    'es-es':
      'Da descanso al cansado, haz que nos acostemos y durmamos en paz, porque solo tú nos haces vivir confiados.',
    'fr-fr':
      'Donne le repos à ceux qui sont las, fais-nous nous coucher et dormir en paix, car toi seul nous fais habiter en sécurité.',
  },
  prayerAskDespair: {
    'zh-cn': '求你靠近心灵破碎的人，在黑暗中点亮盼望，让我们知道自己被你深深爱着。',
    'zh-tw': '求你靠近心靈破碎的人，在黑暗中點亮盼望，讓我們知道自己被你深深愛著。',
    en: 'Draw near to the broken-hearted, light hope in the dark, and let us know how deeply you love us.',
    'es-es':
      'Acércate a los quebrantados de corazón, enciende la esperanza en la oscuridad y haznos saber cuánto nos amas.',
    'fr-fr':
      'Approche-toi des cœurs brisés, allume l’espérance dans la nuit et fais-nous savoir combien tu nous aimes.',
  },
  prayerAskGeneral: {
    'zh-cn': '求你按着你的话语带领我们，赐我们信心、盼望和爱，使我们在这件事上荣耀你。',
    'zh-tw': '求你按著你的話語帶領我們，賜我們信心、盼望和愛，使我們在這件事上榮耀你。',
    en: 'Lead us by your word; give us faith, hope and love, that we may honour you in this.',
    'es-es': 'Guíanos por tu palabra; danos fe, esperanza y amor, para que te honremos en esto.',
    'fr-fr':
      'Conduis-nous par ta parole ; donne-nous la foi, l’espérance et l’amour, afin que nous t’honorions en cela.',
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
    'zh-cn': '**中心思想：** 神的话语对{theme}有清楚的教导，也带来真实的盼望。',
    'zh-tw': '**中心思想：** 神的話語對{theme}有清楚的教導，也帶來真實的盼望。',
    en: '**Big idea:** God’s word speaks clearly to {theme}, and brings real hope.',
    'es-es': '**Idea central:** la palabra de Dios habla con claridad sobre {theme} y trae verdadera esperanza.',
    'fr-fr': '**Idée centrale :** la parole de Dieu parle clairement de {theme} et apporte une vraie espérance.',
  },
  sermonPoint1: {
    'zh-cn': '一、神怎样说',
    'zh-tw': '一、神怎樣說',
    en: '1. What God says',
    'es-es': '1. Lo que Dios dice',
    'fr-fr': '1. Ce que Dieu dit',
  },
  sermonPoint2: {
    'zh-cn': '二、神怎样做',
    'zh-tw': '二、神怎樣做',
    en: '2. What God does',
    'es-es': '2. Lo que Dios hace',
    'fr-fr': '2. Ce que Dieu fait',
  },
  sermonPoint3: {
    'zh-cn': '三、我们怎样回应',
    'zh-tw': '三、我們怎樣回應',
    en: '3. How we respond',
    'es-es': '3. Cómo respondemos',
    'fr-fr': '3. Comment nous répondons',
  },
  sermonAsk: {
    'zh-cn': '*思考：这段经文怎样改变我们看待{theme}的方式？*',
    'zh-tw': '*思考：這段經文怎樣改變我們看待{theme}的方式？*',
    en: '*Ask: how does this passage change the way we see {theme}?*',
    'es-es': '*Pregunta: ¿cómo cambia este pasaje nuestra manera de ver {theme}?*',
    'fr-fr': '*Question : en quoi ce passage change-t-il notre regard sur {theme} ?*',
  },
  sermonApply: {
    'zh-cn': '**应用：** 本周选一节经文背诵；为一位正在经历这件事的人祷告，并用行动关心他。',
    'zh-tw': '**應用：** 本週選一節經文背誦；為一位正在經歷這件事的人禱告，並用行動關心他。',
    en: '**Application:** memorise one of these verses this week; pray for someone going through this, and care for them in deed.',
    'es-es':
      '**Aplicación:** memorice uno de estos versículos esta semana; ore por alguien que lo esté viviendo y cuídelo con hechos.',
    'fr-fr':
      '**Application :** apprenez par cœur l’un de ces versets cette semaine ; priez pour quelqu’un qui le traverse et prenez soin de lui en actes.',
  },
  poemTitle: {
    'zh-cn': '诗歌：{theme}',
    'zh-tw': '詩歌：{theme}',
    en: 'A poem: {theme}',
    'es-es': 'Un poema: {theme}',
    'fr-fr': 'Un poème : {theme}',
  },
  poemStanza1: {
    'zh-cn': '当我心里疲乏，你的话语临到，\n像晨光照进深谷，像溪水润泽荒草。',
    'zh-tw': '當我心裡疲乏，你的話語臨到，\n像晨光照進深谷，像溪水潤澤荒草。',
    en: 'When my heart grows weary, your word comes near,\nlike dawn in the valley, like water, clear.',
    'es-es': 'Cuando mi alma se cansa, tu palabra viene a mí,\ncomo el alba en el valle, como agua que hace vivir.',
    'fr-fr':
      'Quand mon cœur se lasse, ta parole vient à moi,\ncomme l’aube en la vallée, comme l’eau qui rend la joie.',
  },
  poemStanza2: {
    'zh-cn': '你的应许不改变，昨日今日都一样，\n我在风雨中歌唱，因你与我同往。',
    'zh-tw': '你的應許不改變，昨日今日都一樣，\n我在風雨中歌唱，因你與我同往。',
    en: 'Your promise does not change, the same today as then;\nI sing within the storm, for you walk with me again.',
    'es-es': 'Tu promesa no cambia, igual ayer que hoy;\ncanto en la tormenta, pues contigo voy.',
    'fr-fr': 'Ta promesse ne change pas, hier comme aujourd’hui ;\nje chante dans l’orage, car tu marches avec moi.',
  },
  poemStanza3: {
    'zh-cn': '愿我一生的脚步，都跟随你的引导，\n直到见你荣面，心中满是称谢。',
    'zh-tw': '願我一生的腳步，都跟隨你的引導，\n直到見你榮面，心中滿是稱謝。',
    en: 'May every step I take be guided by your hand,\nuntil I see your face, and thankful, there I stand.',
    'es-es': 'Que cada paso mío lo guíe tu mano fiel,\nhasta ver tu rostro, agradecido ante él.',
    'fr-fr': 'Que chacun de mes pas soit guidé par ta main,\njusqu’à voir ton visage, reconnaissant, enfin.',
  },
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
