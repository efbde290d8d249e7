import { wholeWords } from '../retrieval/guide/domain-words.ts';

/**
 * Words of distress in the five languages (Chinese after folding to Simplified), read only when the reader speaks of
 * themselves (FIRST_PERSON), so "圣经怎么看焦虑？" is answered as a question and "我很焦虑" as a person. Whether the reader
 * may be at risk of ending their life is read apart, from the lists of language/lexicon/ (question/care-risk.ts).
 */
/**
 * Distress themes, in the order a reader's words are read: a death named is grief, whatever else the reader feels
 * with it; feeling worthless before despair; loneliness, illness and anxiety after it; sleeplessness last (a reader
 * anxious and sleepless is anxious). The passages chosen for each are in theme-passages.ts.
 */
export const CARE_THEMES = ['grief', 'worth', 'despair', 'lonely', 'illness', 'anxiety', 'sleep'] as const;
export type DistressTheme = (typeof CARE_THEMES)[number];
/** A distress theme, or a crisis: a reader who may be at risk of ending their life. */
export type CareTheme = DistressTheme | 'crisis';

export const DISTRESS_HAN: Record<DistressTheme, RegExp> = {
  anxiety: /焦虑|担心|担忧|忧虑|害怕|恐惧|惧怕|紧张|不安|压力(很|太|好)?大|慌|烦躁/u,
  // Death is most often said gently: 我爸爸上个月走了, 奶奶不在了.
  grief:
    /去世|过世|离世|病逝|离开了我|(?<!沮)丧|失去了|伤心|悲伤|哀伤|难过|痛苦|哭|(?:爸|妈|父亲|母亲|爷爷|奶奶|外公|外婆|姥姥|姥爷|丈夫|老公|妻子|老婆|孩子|儿子|女儿|哥哥|姐姐|弟弟|妹妹|朋友)[^，,。？?！!]{0,6}(?:走了|不在了|没了|安息了|归天)/u,
  despair: /绝望|抑郁|忧郁|没有希望|没希望|撑不下去|好累|崩溃|空虚|难受|心痛|心碎|沮丧|灰心|失望|无助/u,
  // Feeling worthless: passages on what the reader is worth to God (Isaiah 43:4, Psalm 139:14).
  worth: /一无是处|自卑|没(?:有|什么)?价值|没用的人|不配|讨厌自己|恨自己|配不上/u,
  // Alone: passages on God who stays (Hebrews 13:5, Psalm 68:6).
  lonely:
    /孤独|孤单|寂寞|没(?:有)?人(?:理解|懂|陪|关心|在乎)|被(?:抛弃|遗弃|孤立)|(?:一个|没有)朋友都?没有|一个人(?:好|很|太)/u,
  // Sleepless nights: passages of rest in God (Psalm 4:8, Psalm 127:2); after anxiety when both are named.
  sleep: /失眠|睡不着|睡不好|难以入睡|整夜(?:没|不)睡|夜里醒/u,
  illness: /生病|患病|病了|住院|手术|癌|确诊|化疗|病重|病情|医院/u,
};

export const DISTRESS_LATIN: Record<DistressTheme, RegExp> = {
  anxiety: wholeWords([
    'anxious',
    'anxiety',
    'worried',
    'worry',
    'afraid',
    'scared',
    'panic\\p{L}*',
    'stressed',
    'ansios\\p{L}*',
    'ansiedad',
    'preocupad\\p{L}*',
    'miedo',
    'angustia\\p{L}*',
    'estresad\\p{L}*',
    'anxieu\\p{L}*',
    'anxiété',
    'inqui[eè]t\\p{L}*',
    'peur',
    'angoiss\\p{L}*',
    'stressée?',
  ]),
  grief: wholeWords([
    'died',
    'passed away',
    'grie\\p{L}*',
    'mourning',
    'lost my',
    'funeral',
    'murió',
    'falleci\\p{L}*',
    'duelo',
    'perdí a',
    'luto',
    'décédée?',
    'est morte?',
    'deuil',
    "j['’]ai perdu",
    'enterrement',
  ]),
  despair: wholeWords([
    'hopeless',
    'discouraged',
    'depressed',
    'depression',
    'despair',
    'exhausted',
    'deprimid\\p{L}*',
    'desanimad\\p{L}*',
    'depresión',
    'desesperad\\p{L}*',
    'déprimée?',
    'découragée?',
    'dépression',
    'désespér\\p{L}*',
  ]),
  lonely: wholeWords([
    'lonely',
    'loneliness',
    'feel alone',
    'so alone',
    'all alone',
    'no one understands me',
    'nobody understands me',
    'no friends',
    'me siento sol[oa]',
    'estoy sol[oa]',
    'soledad',
    'nadie me entiende',
    'je suis seule?',
    'me sens seule?',
    'solitude',
    'personne ne me comprend',
  ]),
  worth: wholeWords([
    'worthless',
    'not good enough',
    'hate myself',
    'no valgo nada',
    'me odio',
    'no sirvo para nada',
    'je me sens nulle?',
    'je ne vaux rien',
    'je me déteste',
    'sans (?:aucune )?valeur',
  ]),
  sleep: wholeWords([
    "can[’']?t sleep",
    'cannot sleep',
    'insomnia',
    'sleepless',
    'no puedo dormir',
    'insomnio',
    'no duermo',
    'insomnie',
    "n['’]arrive pas à dormir",
    'ne dors plus',
  ]),
  illness: wholeWords([
    'sick',
    'ill',
    'illness',
    'hospital\\p{L}*',
    'cancer',
    'surgery',
    'diagnos\\p{L}*',
    'enferm\\p{L}*',
    'cirugía',
    'malade',
    'maladie',
    'hôpital',
    'opération',
  ]),
};

/** The distress themes a text (Chinese folded to Simplified) speaks of, in any of the five languages, in CARE_THEMES order. */
export function distressOf(text: string): DistressTheme[] {
  return CARE_THEMES.filter((theme) => DISTRESS_HAN[theme].test(text) || DISTRESS_LATIN[theme].test(text));
}

/**
 * The reader speaks of themselves or their own (我, I, my, yo, mi, je, ma …). Chinese often leaves the pronoun out:
 * "觉得自己一无是处", and a statement that asks nothing ("工作一直不顺利，很沮丧") is the reader's own.
 */
export const FIRST_PERSON_HAN = /我|俺|咱|自己/u;
/**
 * A Chinese text that asks something, or asks for scripture: a distress word in it may be its topic ("圣经怎么看沮丧？",
 * "关于悲伤的经文").
 */
export const ASKS_HAN =
  /[？?]|[吗嗎呢]|什[么麼]|怎[么麼样樣]|如何|为什么|為什麼|哪|[谁誰]|几|幾|多少|是否|有没有|有沒有|圣经|聖經|经文|經文|经节|經節|关于|關於/u;
export const FIRST_PERSON_LATIN = wholeWords([
  'i',
  "i['’]m",
  "i['’]ve",
  'me',
  'my',
  'mine',
  'yo',
  'mi',
  'mis',
  'me',
  'estoy',
  'siento',
  'puedo',
  'tengo',
  'je',
  "j['’]\\p{L}*",
  'moi',
  'mon',
  'ma',
  'mes',
]);
