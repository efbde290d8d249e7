// The words a story's telling uses for what a question of fact asks. A question asks "How did Absalom die?", "谁取代了
// 犹大？", "Qui a trahi Samson ?"; the dictionaries and the commentary tell it "Absalom defeated and slain", "the apostle
// elected to fill the place of the traitor Judas", "betrayed … to the Philistines". The fact notes are English
// (corpus/fact-notes.ts): a question's predicate, in any of the five languages, adds the English words the works tell
// that kind of event with. A closed list of the events stories tell (death, killing, marriage, birth, betrayal,
// succession, building, writing, eating, healing, raising, asking, seeing, fleeing, resting, baptising, rebuking,
// appearing, rescuing, offering, fighting, staying, tempting, sending, hanging, ascending, crossing, anointing,
// miracles), not of any one story's answer.

interface StoryConcept {
  /** Stems of the question's words (Latin languages, lower case, matched at a word's start) and Chinese words. */
  latin: RegExp;
  han?: RegExp;
  /** English words the reference works use for it. */
  words: string;
}

const w = (stems: string) => new RegExp(`(?<!\\p{L})(?:${stems})`, 'iu');

const CONCEPTS: readonly StoryConcept[] = [
  {
    latin: w('die[sd]?\\b|dying|death|dead\\b|muri[óoe]|muert|mour|mort\\b'),
    han: /死|丧命|喪命/,
    words: 'death slain killed slew died',
  },
  {
    latin: w('kill|murder|slay|slew|mat[óoa]\\b|matar|asesin|tu[ée]\\b|tuer|a tu[ée]'),
    han: /杀|殺|害死/,
    words: 'slew slain killed smote',
  },
  {
    latin: w('replac|succe(?:ed|ssor)|reemplaz|sustitu|rempla|succ[ée]d'),
    han: /取代|接替|代替|继任|繼任|补上|補上/,
    words: 'place room succeeded instead chosen',
  },
  {
    latin: w('betray|traicion|entreg[óo]|trahi|livr[ée]'),
    han: /出卖|出賣|背叛|陷害/,
    words: 'betrayed betrayer delivered bribed',
  },
  { latin: w('wife|wives|marr|espos|casó|cas[óo] con|femme|[ée]pous'), han: /妻|娶|嫁/, words: 'wife married took' },
  { latin: w('husband|marido|mari\\b'), han: /丈夫/, words: 'husband married' },
  {
    latin: w('born|birth|naci[óo]|nacimiento|n[ée] |naissance|naquit'),
    han: /出生|降生|诞生|誕生|生在/,
    words: 'born birth birthplace',
  },
  { latin: w('father|padre|p[èe]re'), han: /父亲|父親|爸爸/, words: 'father son begat' },
  { latin: w('mother|madre|m[èe]re'), han: /母亲|母親|妈妈|媽媽/, words: 'mother bare son' },
  { latin: w('built|build|constru|b[âa]ti'), han: /建造|修建|建了|建立/, words: 'built builder building' },
  { latin: w('rebuil|reconstru|rebâti'), han: /重建|重修|修造/, words: 'rebuilt repaired rebuilding' },
  {
    latin: w('wrote|write|writ|author|escrib|escrit|[ée]cri|auteur'),
    han: /写|寫|作者|著/,
    words: 'wrote written writer author',
  },
  {
    latin: w('eat|ate\\b|food|fed\\b|feed|com[íi]a|comi[óo]|aliment|mange|nourri'),
    han: /吃|食物|供养|供養|喂/,
    words: 'ate eat food meat fed',
  },
  {
    latin: w('heal|cure|san[óo]|sanad|cur[óo]|gu[ée]ri'),
    han: /医治|醫治|治好|痊愈|痊癒/,
    words: 'healed cured whole',
  },
  { latin: w('raised|rais|resucit|ressuscit'), han: /复活|復活|叫.{0,4}活/, words: 'raised restored life' },
  { latin: w('ask|request|pidi[óo]|pedir|demand'), han: /求/, words: 'asked request prayed' },
  {
    latin: w('saw|see\\b|dream|vision|vio\\b|sue[ñn]o|vi[óo]|vu\\b|songe|r[êe]ve'),
    han: /看见|看見|梦|夢|异象|異象/,
    words: 'saw dream vision dreamed',
  },
  { latin: w('fle[ed]|escap|hu[yi][óo]|huir|fui|s.enfui'), han: /逃/, words: 'fled flight escaped' },
  { latin: w('led\\b|lead|gui[óo]|condu'), han: /带领|帶領|领导|領導/, words: 'led leader succeeded captain' },
  { latin: w('rebel|revolt|rebeli|r[ée]vol'), han: /背叛|叛/, words: 'rebellion conspiracy revolt' },
  { latin: w('sold|sell|bought|buy|vend|compr|achet'), han: /卖|賣|买|買/, words: 'sold bought merchants' },
  { latin: w('convert|conversi'), han: /归信|歸信|悔改|归主|歸主/, words: 'conversion converted' },
  { latin: w('martyr|m[áa]rtir'), han: /殉道/, words: 'martyr stoned death' },
  { latin: w('deni|deny|neg[óo]|ni[ée]|reni'), han: /不认|不認/, words: 'denied denial' },
  { latin: w('hid\\b|hide|escondi|cach'), han: /藏/, words: 'hid hidden' },
  { latin: w('swallow|trag[óo]|aval'), han: /吞/, words: 'swallowed' },
  { latin: w('interpret|interpr[ée]t'), han: /解梦|解夢|讲解|講解/, words: 'interpreted interpretation' },
  {
    latin: w('rest(?:ed)?\\b|land(?:ed)?\\b|repos|se pos|s.arr[êe]t'),
    han: /停在|停靠|停住|搁浅/,
    words: 'rested rest landed',
  },
  {
    latin: w('baptiz|baptis|bautiz'),
    han: /施洗|施的洗/,
    words: 'baptized baptism baptist',
  },
  {
    latin: w('rebuk|reprov|reprend|reproch|reprend|amonest|reprendi'),
    han: /责备|責備|斥责|斥責/,
    words: 'rebuked reproved rebuke',
  },
  { latin: w('appear|apareci|apparu|appar'), han: /显现|顯現|显给|顯給/, words: 'appeared appearance seen' },
  {
    latin: w('rescu|saved?\\b|rescat|salv[óo]|sauv|drew'),
    han: /救起|救出|拉上来|拉上來|搭救/,
    words: 'rescued saved delivered drew',
  },
  { latin: w('sacrific|offer|ofrec|offr'), han: /献上|獻上|献祭|獻祭|祭物/, words: 'offered sacrifice offering' },
  {
    latin: w('weapon|sling|arma\\b|arme\\b|honda|fronde'),
    han: /武器|兵器|甩石|机弦|機弦/,
    words: 'sling stone weapon sword',
  },
  {
    latin: w('stay|remain(?:ed)?\\b|qued[óo]|permanec|rest[ée]|demeur'),
    han: /待了|停留|住了|逗留/,
    words: 'remained abode days',
  },
  { latin: w('forbid|prohib|d[ée]fend'), han: /禁止|不可吃|禁/, words: 'forbidden commanded tree' },
  { latin: w('tempt|tent[óoa]|tenta'), han: /试探|試探|引诱|引誘/, words: 'tempted temptation serpent' },
  {
    latin: w('turn(?:ed)? into|became\\b|convirti|transform|chang[ée] en'),
    han: /变成|變成|化为|化為/,
    words: 'turned became',
  },
  { latin: w('sent\\b|send|envi[óoa]|envoy'), han: /差遣|打发|打發|派遣|差派/, words: 'sent sending' },
  {
    latin: w('defeat|beat\\b|conquer|overc[oa]me|derrot|venci|vainc|vainqu|battu'),
    han: /打败|打敗|战胜|戰勝|击败|擊敗|胜过|勝過/,
    words: 'defeated smote overcame slew',
  },
  { latin: w('hang|hung\\b|colg|pend'), han: /挂|掛|吊死|缢死|縊死/, words: 'hanged hung' },
  {
    latin: w('ascend|taken up|enlev|subi[óo] al cielo|mont[ée] au ciel'),
    han: /升天|被接/,
    words: 'ascended taken heaven',
  },
  {
    latin: w('cross(?:ed)?\\b|part(?:ed)?\\b|cruz[óoa]|travers'),
    han: /过红海|過紅海|分开|分開|过约但|過約但/,
    words: 'divided crossed dry',
  },
  { latin: w('wrestl|luch[óo]|lutt'), han: /摔跤|角力|摔跤/, words: 'wrestled' },
  { latin: w('anoint|ungi[óo]|oign'), han: /膏/, words: 'anointed anointing' },
  { latin: w('miracle|milagro|prodig'), han: /神迹|神蹟|奇迹|奇蹟|神跡/, words: 'miracle sign wonders' },
];

/** English words for the event a question asks about (or undefined): they widen the English search of the notes. */
export function storyWords(question: string): string | undefined {
  const words = new Set<string>();
  for (const concept of CONCEPTS) {
    if (concept.latin.test(question) || concept.han?.test(question)) {
      for (const word of concept.words.split(' ')) words.add(word);
    }
  }
  return words.size > 0 ? [...words].join(' ') : undefined;
}
