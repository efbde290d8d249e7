import type { Locale, Localized } from '@bible-qa/contract';

/**
 * What the assistant says to a reader in distress or in crisis, and to a question outside its purpose, in the five
 * languages. The help line's numbers are the contract's HELP_LINES (a test holds every number here to that table).
 */
const phrases = {
  careOpenAnxiety: {
    'zh-cn': '听起来你心里正背着很重的担子。焦虑的时候，你并不孤单，神看见你，也在乎你。',
    'zh-tw': '聽起來你心裡正背著很重的擔子。焦慮的時候，你並不孤單，神看見你，也在乎你。',
    en: 'It sounds as if you are carrying a heavy load. In anxious times you are not alone: God sees you and cares for you.',
    'es-es': 'Parece que lleva una carga pesada. En la ansiedad no está solo: Dios le ve y se preocupa por usted.',
    'fr-fr':
      'Vous semblez porter un lourd fardeau. Dans l’inquiétude, vous n’êtes pas seul : Dieu vous voit et prend soin de vous.',
  },
  careOpenGrief: {
    'zh-cn': '很难过听到你失去了所爱的人。哀伤是爱的另一面，你可以在神面前哭泣。',
    'zh-tw': '很難過聽到你失去了所愛的人。哀傷是愛的另一面，你可以在神面前哭泣。',
    en: 'I am so sorry for your loss. Grief is the other side of love, and you may weep before God.',
    'es-es': 'Siento mucho su pérdida. El duelo es la otra cara del amor, y puede llorar delante de Dios.',
    'fr-fr':
      'Je suis profondément désolé pour votre perte. Le deuil est l’autre visage de l’amour, et vous pouvez pleurer devant Dieu.',
  },
  careOpenWorth: {
    'zh-cn': '谢谢你愿意说出来。你也许觉得自己不够好，但在神眼中，你是宝贵的，是他亲手所造、深深所爱的。',
    'zh-tw': '謝謝你願意說出來。你也許覺得自己不夠好，但在神眼中，你是寶貴的，是他親手所造、深深所愛的。',
    en: 'Thank you for saying it. You may feel you are not enough, but in God’s eyes you are precious: made by his hand and deeply loved.',
    'es-es':
      'Gracias por decirlo. Quizá sienta que no vale nada, pero a los ojos de Dios usted es precioso: hecho por sus manos y profundamente amado.',
    'fr-fr':
      'Merci de l’avoir dit. Vous avez peut-être le sentiment de ne rien valoir, mais aux yeux de Dieu vous êtes précieux : façonné de ses mains et profondément aimé.',
  },
  careOpenLonely: {
    'zh-cn': '谢谢你告诉我。孤单的时候，好像没有人明白你的心；但神应许永不离开你，他一直在你身边。',
    'zh-tw': '謝謝你告訴我。孤單的時候，好像沒有人明白你的心；但神應許永不離開你，他一直在你身邊。',
    en: 'Thank you for telling me. When you feel alone it can seem that no one understands, but God has promised never to leave you: he is with you.',
    'es-es':
      'Gracias por contármelo. En la soledad puede parecer que nadie le entiende, pero Dios ha prometido no dejarle nunca: él está con usted.',
    'fr-fr':
      'Merci de me le dire. Dans la solitude, il peut sembler que personne ne vous comprend, mais Dieu a promis de ne jamais vous laisser : il est avec vous.',
  },
  careOpenSleep: {
    'zh-cn': '睡不着的夜晚很漫长。你可以把心里翻来覆去的事交托给神，他不打盹也不睡觉，看顾你。',
    'zh-tw': '睡不著的夜晚很漫長。你可以把心裡翻來覆去的事交託給神，他不打盹也不睡覺，看顧你。',
    en: 'Sleepless nights are long. You can hand the thoughts that keep turning over to God, who never slumbers and watches over you.',
    'es-es':
      'Las noches sin dormir son largas. Puede entregar a Dios los pensamientos que no le dejan descansar; él no duerme y cuida de usted.',
    'fr-fr':
      'Les nuits sans sommeil sont longues. Vous pouvez remettre à Dieu les pensées qui tournent en vous : il ne dort pas et veille sur vous.',
  },
  careOpenDespair: {
    'zh-cn': '谢谢你说出心里的感受。当你觉得撑不下去的时候，请记得：你的生命宝贵，你被深深爱着。',
    'zh-tw': '謝謝你說出心裡的感受。當你覺得撐不下去的時候，請記得：你的生命寶貴，你被深深愛著。',
    en: 'Thank you for saying how you feel. When it seems too much to bear, remember: your life is precious and you are deeply loved.',
    'es-es':
      'Gracias por decir cómo se siente. Cuando parece demasiado, recuerde: su vida es valiosa y usted es profundamente amado.',
    'fr-fr':
      'Merci de dire ce que vous ressentez. Quand tout semble trop lourd, souvenez-vous : votre vie est précieuse et vous êtes profondément aimé.',
  },
  careOpenIllness: {
    'zh-cn': '病痛中的日子不容易，愿你和家人在这段时间里得着安慰和力量。',
    'zh-tw': '病痛中的日子不容易，願你和家人在這段時間裡得著安慰和力量。',
    en: 'Days of illness are hard. May you and your family find comfort and strength in this time.',
    'es-es':
      'Los días de enfermedad son difíciles. Que usted y su familia encuentren consuelo y fuerza en este tiempo.',
    'fr-fr': 'Les jours de maladie sont difficiles. Que vous et votre famille trouviez réconfort et force en ce temps.',
  },
  careOpenLivelihood: {
    'zh-cn': '失去工作很不容易：为明天担忧，也常常怀疑自己。神知道你一切的需要，他没有忘记你。',
    'zh-tw': '失去工作很不容易：為明天擔憂，也常常懷疑自己。神知道你一切的需要，他沒有忘記你。',
    en: 'Losing your work is hard: the worry about tomorrow, and often doubts about yourself. God knows all that you need, and he has not forgotten you.',
    'es-es':
      'Perder el trabajo es duro: la preocupación por el mañana y, a menudo, las dudas sobre uno mismo. Dios sabe todo lo que necesita y no le ha olvidado.',
    'fr-fr':
      'Perdre son travail est dur : l’inquiétude du lendemain, et souvent le doute sur soi-même. Dieu sait tout ce dont vous avez besoin, et il ne vous a pas oublié.',
  },
  careWord: {
    'zh-cn': '这里有几段经文，愿它们陪伴你：',
    'zh-tw': '這裡有幾段經文，願它們陪伴你：',
    en: 'Here are a few passages to keep you company:',
    'es-es': 'Aquí tiene algunos pasajes que le acompañen:',
    'fr-fr': 'Voici quelques passages pour vous accompagner :',
  },
  careClose: {
    'zh-cn': '你不必独自承担这一切。如果可以，找一位信任的朋友、牧者或专业的心理咨询师聊一聊。',
    'zh-tw': '你不必獨自承擔這一切。如果可以，找一位信任的朋友、牧者或專業的心理諮商師聊一聊。',
    en: 'You do not have to carry this alone. If you can, talk with a friend you trust, a pastor, or a professional counsellor.',
    'es-es':
      'No tiene que cargar con esto solo. Si puede, hable con un amigo de confianza, un pastor o un consejero profesional.',
    'fr-fr':
      'Vous n’avez pas à porter cela seul. Si vous le pouvez, parlez-en à un ami de confiance, à un pasteur ou à un professionnel.',
  },
  carePrayer: {
    'zh-cn': '*主啊，求你此刻就靠近这位朋友，赐下你的平安。阿们。*',
    'zh-tw': '*主啊，求你此刻就靠近這位朋友，賜下你的平安。阿們。*',
    en: '*Lord, draw near to this friend right now and give your peace. Amen.*',
    'es-es': '*Señor, acércate ahora a este amigo y dale tu paz. Amén.*',
    'fr-fr': '*Seigneur, approche-toi maintenant de cet ami et donne-lui ta paix. Amen.*',
  },
  /**
   * The help line: first in every answer to a reader who may be at risk, before any verse or heading. Its numbers are
   * the contract's HELP_LINES (each with its public source and the date it was checked); tel: links to them are the
   * only ones the web app follows.
   */
  emergency: {
    'zh-cn':
      '**如果你正在想结束自己的生命，或者此刻有危险，请马上求助：中国大陆请拨打心理援助热线 [12356](tel:12356)，紧急情况请拨 [120](tel:120) 或 [110](tel:110)；在香港请拨 [2389 2222](tel:23892222)（24 小时）或 [999](tel:999)。也请马上告诉身边一个你信任的人。你并不孤单，有人愿意帮助你。**',
    'zh-tw':
      '**如果你正在想結束自己的生命，或此刻有危險，請馬上求助：在台灣請撥安心專線 [1925](tel:1925)（24 小時），緊急請撥 [119](tel:119) 或 [110](tel:110)；在香港請撥撒瑪利亞會 [2896 0000](tel:28960000) 或 [2389 2222](tel:23892222)，緊急請撥 [999](tel:999)。也請馬上告訴身邊一個你信任的人。你並不孤單，有人願意幫助你。**',
    en: '**If you are thinking of ending your life or are in danger right now, please reach out now: in the US or Canada call or text [988](tel:988) (emergency [911](tel:911)); in the UK or Ireland call Samaritans on [116 123](tel:116123) (emergency [999](tel:999) or [112](tel:112)); in Australia call Lifeline on [13 11 14](tel:131114) (emergency [000](tel:000)); in Hong Kong call [2896 0000](tel:28960000); anywhere else, your local emergency number. And tell someone you trust right away. You are not alone; help is there.**',
    'es-es':
      '**Si está pensando en quitarse la vida o está en peligro ahora, pida ayuda ya: en España llame al [024](tel:024) (emergencias [112](tel:112)); en México, a la Línea de la Vida [800 911 2000](tel:8009112000) (emergencias [911](tel:911)); en Estados Unidos, llame o escriba al [988](tel:988) (atención en español); en otros países, al número de emergencias local. Y dígaselo ahora a alguien de confianza. No está solo: hay quien quiere ayudarle.**',
    'fr-fr':
      '**Si vous pensez à mettre fin à vos jours ou si vous êtes en danger maintenant, appelez tout de suite : en France le [3114](tel:3114) (urgence [15](tel:15) ou [112](tel:112)) ; en Belgique le [0800 32 123](tel:080032123) ; en Suisse le [143](tel:143) ; au Canada le [988](tel:988) ; ailleurs, le numéro d’urgence local. Et parlez-en maintenant à une personne de confiance. Vous n’êtes pas seul : de l’aide existe.**',
  },
  /** The help line again, short, at the end of every answer to a reader at risk: whatever the model wrote or failed to. */
  emergencyAgain: {
    'zh-cn':
      '**现在就可以拨打 [12356](tel:12356)（中国大陆）或 [2389 2222](tel:23892222)（香港）；有危险请拨 [120](tel:120)、[110](tel:110) 或 [999](tel:999)。**',
    'zh-tw':
      '**現在就可以撥打 [1925](tel:1925)（台灣）或 [2896 0000](tel:28960000)（香港）；有危險請撥 [119](tel:119)、[110](tel:110) 或 [999](tel:999)。**',
    en: '**You can call now: [988](tel:988) (US, Canada), [116 123](tel:116123) (UK, Ireland), [13 11 14](tel:131114) (Australia), or your local emergency number.**',
    'es-es':
      '**Puede llamar ahora: [024](tel:024) (España), [800 911 2000](tel:8009112000) (México), [988](tel:988) (EE. UU.) o el número de emergencias de su país.**',
    'fr-fr':
      '**Vous pouvez appeler maintenant : [3114](tel:3114) (France), [0800 32 123](tel:080032123) (Belgique), [143](tel:143) (Suisse), [988](tel:988) (Canada) ou le numéro d’urgence local.**',
  },
  careOpenCrisis: {
    'zh-cn':
      '谢谢你愿意把这些告诉我。你现在承受的痛苦是真实的，而你不必一个人扛。你的生命很宝贵，你对神、也对爱你的人很重要。',
    'zh-tw':
      '謝謝你願意把這些告訴我。你現在承受的痛苦是真實的，而你不必一個人扛。你的生命很寶貴，你對神、也對愛你的人很重要。',
    en: 'Thank you for telling me. The pain you are carrying is real, and you do not have to carry it alone. Your life is precious, and you matter to God and to the people who love you.',
    'es-es':
      'Gracias por contármelo. El dolor que siente es real, y no tiene que cargarlo solo. Su vida es valiosa, y usted importa a Dios y a quienes le quieren.',
    'fr-fr':
      'Merci de me l’avoir dit. La douleur que vous portez est réelle, et vous n’avez pas à la porter seul. Votre vie est précieuse, et vous comptez pour Dieu et pour ceux qui vous aiment.',
  },
  careInviteNow: {
    'zh-cn':
      '现在就给上面的热线打个电话，或者发消息给一个你信任的人，告诉他你此刻的感受，请他陪着你。如果你身边有可能伤害自己的东西，请把它放到别处。你也可以继续在这里和我说说发生了什么。',
    'zh-tw':
      '現在就給上面的專線打個電話，或者傳訊息給一個你信任的人，告訴他你此刻的感受，請他陪著你。如果你身邊有可能傷害自己的東西，請把它放到別處。你也可以繼續在這裡和我說說發生了什麼。',
    en: 'Please call one of the lines above now, or message someone you trust, tell them how you feel right now and ask them to stay with you. If there is anything near you that you could hurt yourself with, put it somewhere else. You can also keep talking with me here about what has happened.',
    'es-es':
      'Llame ahora a una de las líneas de arriba, o escriba a alguien de confianza, cuéntele cómo se siente en este momento y pídale que le acompañe. Si tiene cerca algo con lo que podría hacerse daño, póngalo en otro lugar. También puede seguir contándome aquí lo que ha pasado.',
    'fr-fr':
      'Appelez maintenant l’une des lignes ci-dessus, ou écrivez à une personne de confiance, dites-lui ce que vous ressentez en ce moment et demandez-lui de rester avec vous. S’il y a près de vous quelque chose avec quoi vous pourriez vous faire du mal, mettez-le ailleurs. Vous pouvez aussi continuer à me raconter ici ce qui s’est passé.',
  },
  carePrayerCrisis: {
    'zh-cn': '*主啊，求你此刻就紧紧抱住这位朋友，在黑暗中作他的亮光，差派身边的人陪伴他。阿们。*',
    'zh-tw': '*主啊，求你此刻就緊緊抱住這位朋友，在黑暗中作他的亮光，差派身邊的人陪伴他。阿們。*',
    en: '*Lord, hold this friend close right now, be their light in the dark, and send someone to be with them. Amen.*',
    'es-es': '*Señor, abraza ahora a este amigo, sé su luz en la oscuridad y envía a alguien que le acompañe. Amén.*',
    'fr-fr':
      '*Seigneur, garde cet ami tout près de toi en ce moment, sois sa lumière dans la nuit et envoie quelqu’un auprès de lui. Amen.*',
  },
  /** Suggested next messages after an answer of care: help and comfort, never a question of trivia. */
  careFollowTalk: {
    'zh-cn': '我现在可以打给谁？',
    'zh-tw': '我現在可以打給誰？',
    en: 'Who can I call right now?',
    'es-es': '¿A quién puedo llamar ahora?',
    'fr-fr': 'Qui puis-je appeler maintenant ?',
  },
  careFollowPray: {
    'zh-cn': '请为我祷告',
    'zh-tw': '請為我禱告',
    en: 'Please pray for me',
    'es-es': 'Ore por mí, por favor',
    'fr-fr': 'Priez pour moi, s’il vous plaît',
  },
  careFollowHope: {
    'zh-cn': '圣经里有哪些给受苦之人的盼望？',
    'zh-tw': '聖經裡有哪些給受苦之人的盼望？',
    en: 'What hope does the Bible give to people who are suffering?',
    'es-es': '¿Qué esperanza da la Biblia a quienes sufren?',
    'fr-fr': 'Quelle espérance la Bible donne-t-elle à ceux qui souffrent ?',
  },
  offTopic: {
    'zh-cn': '我是圣经问答助手，专门回答关于信仰和圣经的问题，这个问题不在我能帮忙的范围内。',
    'zh-tw': '我是聖經問答助手，專門回答關於信仰和聖經的問題，這個問題不在我能幫忙的範圍內。',
    en: 'I am a Bible Q&A assistant: I answer questions about faith and the Bible, so this one is outside what I can help with.',
    'es-es':
      'Soy un asistente de preguntas sobre la Biblia: respondo preguntas sobre la fe y la Biblia, así que esta queda fuera de lo que puedo hacer.',
    'fr-fr':
      'Je suis un assistant pour les questions bibliques : je réponds aux questions sur la foi et la Bible, et celle-ci sort de ce que je peux faire.',
  },
  offTopicTry: {
    'zh-cn': '你可以这样问我：',
    'zh-tw': '你可以這樣問我：',
    en: 'You could ask me, for example:',
    'es-es': 'Puede preguntarme, por ejemplo:',
    'fr-fr': 'Vous pouvez me demander par exemple :',
  },
  offTopicExample1: {
    'zh-cn': '神爱世人是什么意思？',
    'zh-tw': '神愛世人是什麼意思？',
    en: 'What does “God so loved the world” mean?',
    'es-es': '¿Qué significa «de tal manera amó Dios al mundo»?',
    'fr-fr': 'Que veut dire « Dieu a tant aimé le monde » ?',
  },
  offTopicExample2: {
    'zh-cn': '圣经怎么说饶恕？',
    'zh-tw': '聖經怎麼說饒恕？',
    en: 'What does the Bible say about forgiveness?',
    'es-es': '¿Qué dice la Biblia sobre el perdón?',
    'fr-fr': 'Que dit la Bible sur le pardon ?',
  },
} as const satisfies Record<string, Localized>;

export type CarePhrase = keyof typeof phrases;

export function carePhrase(name: CarePhrase, locale: Locale): string {
  return phrases[name][locale];
}

/** The two example questions an off-topic answer offers (also as its follow-up chips). */
export function offTopicExamples(locale: Locale): string[] {
  return [carePhrase('offTopicExample1', locale), carePhrase('offTopicExample2', locale)];
}

/** The next messages offered after an answer of care (help and comfort, never trivia). */
export function careFollowUps(locale: Locale): string[] {
  return [
    carePhrase('careFollowTalk', locale),
    carePhrase('careFollowPray', locale),
    carePhrase('careFollowHope', locale),
  ];
}
