import { describe, expect, it } from 'vitest';
import { effectiveKind, readIntent, themeOfRequest } from './question-intent.ts';

/** A few book names, as the corpus catalogue gives them, for questions that name only a book. */
const BOOKS = ['箴言', '诗篇', '約翰福音', 'Proverbs', 'Salmos', 'Psaumes', 'Romanos'];
const mentions = (text: string) => BOOKS.some((b) => text.includes(b));

describe('readIntent: the kind asked for', () => {
  it.each([
    ['请为我生病住院的母亲写一段祷告文', 'prayer'],
    ['請為我生病住院的母親寫一段禱告文', 'prayer'],
    ['帮我写个饭前祷告', 'prayer'],
    ['请为我的考试祷告', 'prayer'],
    ['Write a prayer for my sick mother', 'prayer'],
    ['Please pray for me, I have an exam tomorrow', 'prayer'],
    ['Escribe una oración por mi madre enferma', 'prayer'],
    ['Écris une prière pour ma mère malade', 'prayer'],
    ['请帮我写一篇关于浪子回头的讲道大纲', 'sermon'],
    ['準備一篇關於盼望的講章', 'sermon'],
    ['Write a sermon outline on the prodigal son', 'sermon'],
    ['Prepara un sermón sobre la esperanza', 'sermon'],
    ['Rédige un plan de prédication sur la grâce', 'sermon'],
    ['以诗篇23篇为主题写一首诗', 'poem'],
    ['写一首关于春天的诗', 'poem'],
    ['Write a poem about Psalm 23', 'poem'],
    ['Escribe un poema sobre el amor de Dios', 'poem'],
    ['Compose un poème sur la création', 'poem'],
  ] as const)('%s asks for a %s', (question, kind) => {
    expect(readIntent(question, mentions).kind).toBe(kind);
    expect(effectiveKind('answer', question)).toBe(kind);
  });

  it.each([
    '主祷文是什么意思？',
    '为什么要祷告？',
    '如何祷告？',
    '为仇敌祷告是什么意思？',
    '诗篇23篇是谁写的？',
    '诗人大卫写了哪些诗？',
    '耶稣在山上讲道讲了什么？',
    'What is the Lord’s Prayer?',
    'Outline the Sermon on the Mount',
    'Who wrote the Psalms?',
    '¿Qué es la oración?',
    '¿De qué trata el Sermón del Monte?',
    'Pourquoi prier ?',
    'Que dit la Bible sur la prière ?',
  ])('%s asks for an answer', (question) => {
    expect(readIntent(question, mentions).kind).toBeUndefined();
    expect(effectiveKind('answer', question)).toBe('answer');
  });

  it('keeps a kind the reader chose in the composer', () => {
    expect(effectiveKind('poem', '盼望')).toBe('poem');
  });

  it.each([
    ['请为我生病住院的母亲写一段祷告文', '生病住院的母亲'],
    ['以诗篇23篇为主题写一首诗', '以诗篇23篇'],
    ['Write a prayer for my sick mother', 'my sick mother'],
    ['Écris une prière pour ma mère malade', 'ma mère malade'],
    ['帮我写个饭前祷告', '饭前'],
    ['为我的考试祷告', '考试'],
    ['写一首关于春天的诗', '春天'],
    ['Write me a short prayer for peace', 'peace'],
    ["Can you write a poem about God's creation?", "God's creation"],
    ['¿Puedes escribir un poema sobre la esperanza?', 'la esperanza'],
    ['Écris-moi une prière pour mon voyage', 'mon voyage'],
    ['写一段祷告', ''],
  ])('the theme of %s is “%s”', (question, theme) => {
    expect(themeOfRequest(question)).toBe(theme);
  });
});

describe('readIntent: off-topic questions', () => {
  it.each([
    '今天上海天气怎么样？推荐一家好吃的火锅店',
    '今天天氣怎麼樣？',
    '比特币还会涨吗？',
    '帮我写一段Python代码',
    '你好',
    'What is the weather in Paris tomorrow?',
    'Recommend a good hot pot restaurant',
    'How do I fix this JavaScript bug?',
    '¿Qué tiempo hará mañana? Dame el pronóstico del clima',
    'Recomiéndame una receta de paella',
    'Quelle est la météo à Lyon demain ?',
    'Donne-moi une recette de crêpes',
    'Python怎么读取文件',
    'iPhone和安卓哪个好',
    '讲个笑话',
    'What is the capital of France?',
  ])('%s is off topic', (question) => {
    expect(readIntent(question, mentions).offTopic).toBe(true);
  });

  it.each([
    '八福',
    '爱',
    '箴言主要讲了什么？',
    '圣经怎么看吃火锅？',
    '基督徒可以炒股吗？',
    '聖經怎麼看天氣預報？',
    '约翰福音3:16',
    '挪亚方舟有多大？',
    'Is it a sin to watch movies?',
    'What does the Bible say about money and investing?',
    'Proverbs',
    'Grace',
    '¿Qué dice la Biblia sobre la comida?',
    'Salmos',
    '¿Puede un cristiano ver películas?',
    'Que dit la Bible sur la nourriture ?',
    'Psaumes',
    'Un chrétien peut-il jouer à la loterie ?',
    'Jesus是谁？',
    '五饼二鱼',
    '约拿',
    '为什么好人会受苦？',
    '怎么做一个好人？',
    'What happens after death?',
    '¿Qué pasa después de la muerte?',
    "Qu'est-ce que l'amour ?",
    'What does the Bible say about the weather?',
  ])('%s is a faith question', (question) => {
    expect(readIntent(question, mentions).offTopic).toBe(false);
  });
});

describe('readIntent: a reader in distress', () => {
  it.each([
    ['我很焦虑，圣经怎么说？', 'anxiety'],
    ['我最近壓力很大，睡不著', 'anxiety'],
    ['我妈妈上周去世了，我好难过', 'grief'],
    ['I am so anxious about my job', 'anxiety'],
    ['My father passed away last week', 'grief'],
    ['Estoy muy preocupado por mi familia', 'anxiety'],
    ['Mi madre falleció ayer', 'grief'],
    ['Je suis très inquiète pour mon fils', 'anxiety'],
    ["J'ai perdu mon mari, je suis en deuil", 'grief'],
    ['I feel hopeless and lonely', 'despair'],
    ['好孤独，没人理解我', 'lonely'],
    ['晚上失眠睡不着', 'sleep'],
    ["I can't sleep at night", 'sleep'],
    ['No puedo dormir por las noches', 'sleep'],
    ["Je n'arrive pas à dormir", 'sleep'],
    ['我很焦虑，晚上睡不着', 'anxiety'],
    ['我一個人好寂寞', 'lonely'],
    ['I feel so lonely since I moved here', 'lonely'],
    ['Me siento sola, nadie me entiende', 'lonely'],
    ['Je me sens seul depuis des mois', 'lonely'],
    // Death said gently, and a death named beside other feelings.
    ['我爸爸上个月走了，心里好难受', 'grief'],
    ['奶奶不在了，我很孤独', 'grief'],
    ['我失业了，心里好难受', 'despair'],
    // Work lost is its own care, not grief: "lost my" is a loss of someone only when it names them.
    ['I lost my job last week and I am scared', 'livelihood'],
    ['我被公司裁员了', 'livelihood'],
    ['Perdí mi trabajo la semana pasada', 'livelihood'],
    ["J'ai perdu mon travail, que dit la Bible ?", 'livelihood'],
    ['我失去了工作，圣经怎么说？', 'livelihood'],
    ['I lost my dad in March', 'grief'],
    ['我失去了我的孩子', 'grief'],
    // Without a pronoun: a statement that asks nothing is the reader's own.
    ['工作一直不顺利，很沮丧', 'despair'],
    ['觉得自己一无是处', 'worth'],
    ['I feel worthless', 'worth'],
    ['je me sens nul, sans aucune valeur', 'worth'],
  ] as const)('%s is met with care for %s', (question, theme) => {
    const intent = readIntent(question, mentions);
    expect(intent.care).toEqual({ level: 'distress', theme });
    // Never the answer of crisis; the model may read a lonely or grieving writer as a concern (the help line above
    // the comfort), erring toward care.
    expect(intent.risk === undefined || intent.risk === 'concern').toBe(true);
    expect(intent.offTopic).toBe(false);
  });

  it('meets a writer the model reads as perhaps at risk with the help line above comfort, not with crisis care', () => {
    const intent = readIntent("I'm so numb lately, nothing feels real", mentions);
    expect(intent.risk).toBe('concern');
    expect(intent.care).toEqual({ level: 'distress', theme: 'despair' });
    expect(readIntent('What does the Bible say about loneliness?', mentions).risk).toBeUndefined();
  });

  it.each([
    '我不想活了',
    '我想自杀',
    '我活著沒意思，想結束自己的生命',
    '觉得自己一无是处，活着没什么价值',
    'I want to kill myself',
    'I have been thinking about suicide',
    'Quiero quitarme la vida',
    'No quiero vivir más',
    "J'ai envie de mourir",
    'Je veux me suicider',
  ])('%s is a crisis', (question) => {
    const intent = readIntent(question, mentions);
    expect(intent.care).toEqual({ level: 'crisis', theme: 'crisis' });
    expect(intent.risk).toBe('crisis');
  });

  it.each(['Is suicide a sin?', '¿Qué dice la Biblia sobre el suicidio?', '基督徒自杀了还能上天堂吗？'])(
    '%s is answered as a question, after the help line',
    (question) => {
      const intent = readIntent(question, mentions);
      expect(intent.care).toBeUndefined();
      expect(intent.risk).toBe('topic');
    },
  );

  it.each(['犹大为什么自杀？', 'Why did Judas hang himself?', '约拿为什么想死？', '扫罗王是怎么死的？'])(
    '%s asks about a death in the Bible: no help line',
    (question) => {
      const intent = readIntent(question, mentions);
      expect(intent.care).toBeUndefined();
      expect(intent.risk).toBeUndefined();
    },
  );

  it('reads a short reply after a message at risk as the same crisis', () => {
    expect(readIntent('今晚', mentions, ['我真係頂唔順 死咗算']).risk).toBe('crisis');
    expect(readIntent('今晚', mentions).risk).toBeUndefined();
  });

  it.each([
    '圣经怎么看焦虑？',
    '圣经怎么看沮丧',
    '灰心的时候该读哪段经文',
    '关于悲伤的经文',
    'What does the Bible say about grief?',
    '¿Qué dice la Biblia sobre el miedo?',
  ])('%s (not about the reader) is answered as a question', (question) => {
    expect(readIntent(question, mentions).care).toBeUndefined();
  });
});
