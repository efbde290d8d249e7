import type { Locale, Localized } from '@bible-qa/contract';

/**
 * What the assistant says to a reader in distress or in crisis, and to a question outside its purpose, in the five
 * languages. Emergency numbers are only the well-known public ones (each checked: 120 and 110 in mainland China,
 * 999 in Hong Kong, 119 and the 1925 care line in Taiwan, 911 in North America, 988 the US crisis line, 112 across
 * the EU, 3114 France's suicide-prevention line); the first advice is always the reader's local emergency number.
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
  emergency: {
    'zh-cn':
      '**如果你有伤害自己的念头，或正处在危险中，请立即拨打当地的急救电话（中国大陆 120 或 110，香港 999），或马上联系身边信任的人。你并不孤单，有人愿意帮助你。**',
    'zh-tw':
      '**如果你有傷害自己的念頭，或正處在危險中，請立即撥打當地的緊急電話（台灣 119，或安心專線 1925；香港 999），或馬上聯絡身邊信任的人。你並不孤單，有人願意幫助你。**',
    en: '**If you are thinking of harming yourself or are in danger, call your local emergency number now (911 in the US and Canada, 999 in the UK, 112 in the EU; in the US you can also call or text 988), or reach out to someone you trust right away. You are not alone, and help is there.**',
    'es-es':
      '**Si piensa en hacerse daño o está en peligro, llame ahora al número de emergencias de su país (112 en España y la Unión Europea, 911 en muchos países de América) o busque enseguida a alguien de confianza. No está solo: hay quien quiere ayudarle.**',
    'fr-fr':
      '**Si vous pensez à vous faire du mal ou si vous êtes en danger, appelez tout de suite le numéro d’urgence local (112 dans l’Union européenne ; en France, le 3114 pour la prévention du suicide), ou contactez sans attendre une personne de confiance. Vous n’êtes pas seul : de l’aide existe.**',
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
