// Words that put a question in the Bible's and the faith's domain, in the five reader languages. The retriever's
// relevance floor: a question that cites no reference, names nothing of the passage guide, holds no book name and
// none of these words, and whose best verse does not hold all its words, is not one the corpus answers (the
// weather, a recipe, a football score): it retrieves nothing rather than the nearest noise.
// Chinese terms are matched as substrings of the folded (Simplified) question; the others as stemmed words.
import type { BibleLanguage } from '@bible-qa/contract';
import { foldToSimplified } from '../chinese-text.ts';
import { stem, type StemLang } from '../stemmer.ts';
import { sanitizeText, wordTokens } from '../text-analysis.ts';

const ZH = `神 上帝 天主 主耶稣 耶稣 基督 圣灵 圣神 圣父 圣子 三位一体 天父 主啊 耶和华 圣经 经文 经节 福音 旧约 新约 圣经里 教会
教堂 礼拜 主日 安息日 弥撒 圣餐 圣体 洗礼 受洗 领洗 祷告 祈祷 祷文 代祷 敬拜 赞美 诗歌 信仰 信心 信主 信徒 基督徒 天主教 东正教
新教 牧师 神父 修女 传道 宣教 门徒 使徒 先知 祭司 天使 魔鬼 撒但 撒旦 天堂 天国 地狱 永生 救恩 得救 救赎 罪 悔改 认罪 赦免
饶恕 恩典 怜悯 圣洁 称义 成圣 复活 十字架 末日 审判 再来 弥赛亚 比喻 神迹 奇迹 灵魂 灵性 属灵 默想 灵修 读经 查经 十诫 律法
预言 启示 诫命 造物主 创造 祝福 蒙福 奉献 十一 禁食 婚姻 离婚 苦难 试探 魔鬼 偶像 崇拜 异端 教义 教父 信条 信经 主祷 阿们
哈利路亚 以马内利 圣母 圣徒 殉道 牧者 羊群 天主经 玫瑰经 告解 忏悔 炼狱 圣人 圣诞 复活节 五旬节 圣灵降临
方舟 洪水 会幕 圣殿 祭坛 吗哪 逾越节 出埃及 法老 支派 约柜 割礼 燔祭`;

const EN = `god lord jesus christ holy spirit ghost father trinity bible scripture scriptures verse verses gospel gospels
testament church pray prayer prayers worship praise faith believe believer christian christians catholic orthodox
protestant pastor priest minister apostle apostles disciple disciples prophet prophets prophecy angel angels devil
satan demon demons heaven hell salvation saved save savior saviour redeem redemption sin sins sinner repent
repentance forgive forgiveness grace mercy holy holiness righteous righteousness justification sanctification
resurrection cross crucifixion crucified messiah parable parables miracle miracles soul spiritual devotion
devotional sermon psalm psalms commandment commandments law covenant creation creator bless blessing blessed tithe
tithing fasting baptism baptize baptized communion eucharist mass sabbath idol idols doctrine creed catechism amen
hallelujah saint saints martyr rapture judgment eternal afterlife temptation biblical christianity heresy
apostasy gentiles israelites pharisees ark flood tabernacle temple altar manna plague plagues passover exodus
pharaoh tribe tribes circumcision`;

const ES = `dios señor jesus jesucristo cristo espiritu santo padre trinidad biblia escritura escrituras versiculo
versiculos evangelio evangelios testamento iglesia orar oracion oraciones adorar adoracion alabanza fe creer
creyente cristiano cristianos catolico ortodoxo protestante pastor sacerdote apostol apostoles discipulo discipulos
profeta profetas profecia angel angeles diablo satanas demonio demonios cielo infierno salvacion salvo salvador
redencion pecado pecados pecador arrepentimiento arrepentirse perdon perdonar gracia misericordia santidad justo
justicia justificacion santificacion resurreccion cruz crucifixion crucificado mesias parabola parabolas milagro
milagros alma espiritual devocional sermon salmo salmos mandamiento mandamientos ley pacto creacion creador
bendicion bendecir diezmo ayuno bautismo bautizar comunion eucaristia misa sabado idolo idolos doctrina credo
catecismo amen aleluya santos martir juicio eterna eterno tentacion biblico cristianismo herejia virgen maria
rosario arca diluvio tabernaculo templo altar mana plaga plagas pascua exodo faraon tribu tribus circuncision`;

const FR = `dieu seigneur jesus christ esprit saint pere trinite bible ecriture ecritures verset versets evangile evangiles
testament eglise prier priere prieres adorer adoration louange foi croire croyant chretien chretiens catholique
orthodoxe protestant pasteur pretre apotre apotres disciple disciples prophete prophetes prophetie ange anges
diable satan demon demons ciel enfer salut sauve sauveur redemption peche peches pecheur repentance repentir pardon
pardonner grace misericorde saintete juste justice justification sanctification resurrection croix crucifixion
crucifie messie parabole paraboles miracle miracles ame spirituel spirituelle devotion sermon psaume psaumes
commandement commandements loi alliance creation createur benediction benir dime jeune bapteme baptiser communion
eucharistie messe sabbat idole idoles doctrine credo catechisme amen alleluia saints martyr jugement eternel
eternelle tentation biblique christianisme heresie vierge marie chapelet arche deluge tabernacle temple autel
manne plaie plaies paque exode pharaon tribu tribus circoncision`;

const words = (list: string) => list.split(/\s+/).filter(Boolean);

function stemmed(text: string, language: StemLang): string[] {
  return wordTokens(text).map((w) => stem(w, language));
}

const CHINESE = words(ZH).map(foldToSimplified);
const LATIN: Record<StemLang, ReadonlySet<string>> = {
  en: new Set(words(EN).flatMap((w) => stemmed(w, 'en'))),
  es: new Set(words(ES).flatMap((w) => stemmed(w, 'es'))),
  fr: new Set(words(FR).flatMap((w) => stemmed(w, 'fr'))),
};

/** Whether a question holds a word of the faith's or the Bible's domain in the reader's language. */
export function hasFaithTerm(question: string, language: BibleLanguage): boolean {
  if (language === 'zh-Hans' || language === 'zh-Hant') {
    const folded = foldToSimplified(sanitizeText(question));
    return CHINESE.some((term) => folded.includes(term));
  }
  const set = LATIN[language];
  return stemmed(question, language).some((w) => set.has(w));
}

/** Whether one content word (a stem, or a folded Chinese word) is of the faith's domain in the reader's language. */
export function isFaithWord(word: string, language: BibleLanguage): boolean {
  if (language === 'zh-Hans' || language === 'zh-Hant') return CHINESE.includes(word);
  return LATIN[language].has(word);
}
