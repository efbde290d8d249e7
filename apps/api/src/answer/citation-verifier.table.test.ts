// The citation verifier against a table of answer snippets: every reference in each snippet must come back with the
// right status (linked, invalid, misquoted) and, when it is a real passage, the right canonical reference. The parser
// is built from the books fixture in the shape of the corpus's books.json; verse texts and chapter sizes are real
// ones copied from the corpus (fixtures/citation-verses.fixture.ts), looked up the way the Bible service does: in
// the reader's default translation, in that translation's own numbering.
import { describe, expect, it } from 'vitest';
import type { Citation } from '@bible-qa/contract';
import { TEST_BOOKS } from '../scripture/fixtures/books.fixture.ts';
import { createReferenceFormatter } from '../scripture/references.format.ts';
import { createReferenceParser } from '../scripture/references.parser.ts';
import type { BibleLanguage, Tradition } from '../scripture/references.types.ts';
import { createVerseCountTable } from '../scripture/verse-counts.ts';
import { schemeOf, toScheme } from '../scripture/versification.ts';
import { formatUsfm } from '../scripture/usfm.ts';
import { defaultTranslation } from '../scripture/translation-policy.ts';
import { createCitationVerifier, type VerseSource } from './citation-verifier.ts';
import { CHAPTER_VERSES, VERSE_TEXTS } from './fixtures/citation-verses.fixture.ts';

/** Verse counts as the app builds them: every translation's chapters, in that translation's numbering. */
const verseCounts = createVerseCountTable(
  Object.entries(CHAPTER_VERSES)
    .filter(([, verses]) => verses > 0)
    .map(([key, verses]) => {
      const [translation = '', chapterKey = ''] = key.split(' ');
      const [book = '', chapter = ''] = chapterKey.split('.');
      return { scheme: schemeOf(translation), book, chapter: Number(chapter), verses };
    }),
);
const parser = createReferenceParser(TEST_BOOKS, { verseCounts });
const format = createReferenceFormatter(parser.catalogue);
/** Verses a lookup needed that the fixture does not hold: the fixture must be completed, not the test relaxed. */
const fixtureGaps = new Set<string>();

interface Reader {
  language: BibleLanguage;
  tradition: Tradition;
}

/** The Bible service's passage lookup over the fixture: the reader's translation, its numbering, its verses. */
function verseSource(reader: Reader): VerseSource {
  return {
    async lookup(ref) {
      const testament = parser.catalogue.get(ref.book)?.testament ?? 'OT';
      const translation = defaultTranslation(reader.language, reader.tradition, testament);
      const own = toScheme(ref, 'kjv', schemeOf(translation));
      const lastChapter = own.endChapter ?? own.chapter;
      const texts: string[] = [];
      for (let chapter = own.chapter; chapter <= lastChapter; chapter += 1) {
        const count = CHAPTER_VERSES[`${translation} ${own.book}.${chapter}`];
        if (count === undefined) {
          fixtureGaps.add(`${translation} ${own.book}.${chapter}`);
          continue;
        }
        const single = own.verse !== undefined && own.endVerse === undefined && own.endChapter === undefined;
        const from = chapter === own.chapter ? (own.verse ?? 1) : 1;
        const to = chapter === lastChapter ? (own.endVerse ?? (single ? own.verse! : count)) : count;
        for (let verse = from; verse <= Math.min(to, count); verse += 1) {
          const key = `${translation} ${own.book}.${chapter}.${verse}`;
          const text = VERSE_TEXTS[key];
          if (text === undefined) fixtureGaps.add(key);
          else texts.push(text);
        }
      }
      if (texts.length === 0) return undefined;
      return {
        label: format(ref, { locale: reader.language, tradition: reader.tradition }),
        text: texts.join(' '),
        reference: formatUsfm(ref),
        translation,
      };
    },
  };
}

type Status = Citation['status'];
/** A citation as the table expects it: its text in the snippet, its status, and for a real passage its reference. */
type Expected = [text: string, status: Status, reference?: string];
type Row = [language: BibleLanguage, snippet: string, expected: Expected[], tradition?: Tradition];

const linked = (text: string, reference: string): Expected => [text, 'linked', reference];
const invalid = (text: string): Expected => [text, 'invalid'];
const misquoted = (text: string, reference: string): Expected => [text, 'misquoted', reference];

const VALID: Row[] = [
  ['zh-Hans', '神爱世人，见约翰福音 3:16。', [linked('约翰福音 3:16', 'JHN.3.16')]],
  ['zh-Hans', '参约3:16。', [linked('约3:16', 'JHN.3.16')]],
  ['zh-Hans', '罗马书8章28节说万事互相效力。', [linked('罗马书8章28节', 'ROM.8.28')]],
  ['zh-Hans', '约翰福音第三章十六节', [linked('约翰福音第三章十六节', 'JHN.3.16')]],
  ['zh-Hans', '诗篇23篇是大卫的诗。', [linked('诗篇23篇', 'PSA.23')]],
  ['zh-Hans', '腓立比书 4:13', [linked('腓立比书 4:13', 'PHP.4.13')]],
  ['zh-Hans', '可参考马太福音 5:3。', [linked('马太福音 5:3', 'MAT.5.3')]],
  ['zh-Hans', '见约翰福音3:16；罗马书5:8。', [linked('约翰福音3:16', 'JHN.3.16'), linked('罗马书5:8', 'ROM.5.8')]],
  ['zh-Hans', '约3:16，17', [linked('约3:16', 'JHN.3.16'), linked('17', 'JHN.3.17')]],
  ['zh-Hant', '見約翰福音 3:16。', [linked('約翰福音 3:16', 'JHN.3.16')]],
  ['zh-Hant', '羅馬書 8:28', [linked('羅馬書 8:28', 'ROM.8.28')]],
  ['zh-Hant', '詩篇 23:1', [linked('詩篇 23:1', 'PSA.23.1')]],
  ['zh-Hant', '腓立比書4:13', [linked('腓立比書4:13', 'PHP.4.13')]],
  ['zh-Hant', '約翰一書 4:8', [linked('約翰一書 4:8', '1JN.4.8')]],
  ['zh-Hant', '參羅8:28。', [linked('羅8:28', 'ROM.8.28')]],
  ['en', 'As John 3:16 says, God gave his Son.', [linked('John 3:16', 'JHN.3.16')]],
  ['en', 'See Rom 8:28.', [linked('Rom 8:28', 'ROM.8.28')]],
  ['en', 'Ps 23:1 opens the psalm.', [linked('Ps 23:1', 'PSA.23.1')]],
  ['en', 'Paul describes love in 1 Cor 13:4.', [linked('1 Cor 13:4', '1CO.13.4')]],
  ['en', 'Philippians 4:13', [linked('Philippians 4:13', 'PHP.4.13')]],
  ['en', 'Rom 8:28, 31', [linked('Rom 8:28', 'ROM.8.28'), linked('31', 'ROM.8.31')]],
  ['en', 'Matthew 5:3 and Romans 5:8', [linked('Matthew 5:3', 'MAT.5.3'), linked('Romans 5:8', 'ROM.5.8')]],
  ['es', 'Lee Juan 3:16.', [linked('Juan 3:16', 'JHN.3.16')]],
  ['es', 'Romanos 8:28', [linked('Romanos 8:28', 'ROM.8.28')]],
  ['es', 'Salmos 23:1', [linked('Salmos 23:1', 'PSA.23.1')]],
  ['es', 'Filipenses 4:13', [linked('Filipenses 4:13', 'PHP.4.13')]],
  ['es', 'San Juan 3:16', [linked('San Juan 3:16', 'JHN.3.16')]],
  ['fr', 'Jean 3,16', [linked('Jean 3,16', 'JHN.3.16')]],
  ['fr', 'Lisez Jean 3:16.', [linked('Jean 3:16', 'JHN.3.16')]],
  ['fr', 'Romains 8.28', [linked('Romains 8.28', 'ROM.8.28')]],
  ['fr', 'Psaume 23,1', [linked('Psaume 23,1', 'PSA.23.1')]],
  ['fr', 'Philippiens 4,13', [linked('Philippiens 4,13', 'PHP.4.13')]],
];

const IMPOSSIBLE: Row[] = [
  ['en', 'John 22:1', [invalid('John 22:1')]],
  ['zh-Hans', '约翰福音 3:99', [invalid('约翰福音 3:99')]],
  // Psalm 151 is the book PS2 (the parser reads it so); no Protestant or Chinese text of the corpus has it…
  ['en', 'Psalm 151:1', [invalid('Psalm 151:1')]],
  ['zh-Hans', '诗篇151:1', [invalid('诗篇151:1')]],
  // …but the Septuagint read by French Orthodox readers has it, as Psalm 151 of its Psalter.
  ['fr', 'Psaume 151,1', [linked('Psaume 151,1', 'PS2.1.1')], 'orthodox'],
  ['en', 'Genesis 51:1', [invalid('Genesis 51:1')]],
  ['zh-Hans', '创世记 51:1', [invalid('创世记 51:1')]],
  ['en', 'Revelation 22:22', [invalid('Revelation 22:22')]],
  ['en', 'Rom 17:1', [invalid('Rom 17:1')]],
  ['zh-Hans', '罗马书 16:28', [invalid('罗马书 16:28')]],
  ['es', 'Juan 22:1', [invalid('Juan 22:1')]],
  ['fr', 'Jean 22,1', [invalid('Jean 22,1')]],
  ['zh-Hant', '約翰福音 3:37', [invalid('約翰福音 3:37')]],
  ['en', 'Jude 1:30', [invalid('Jude 1:30')]],
  ['en', 'Psalm 152:1', [invalid('Psalm 152:1')]],
  ['en', 'John 3:36-37', [invalid('John 3:36-37')]],
  ['en', 'John 21:25-22:3', [invalid('John 21:25-22:3')]],
  ['zh-Hans', '约翰福音3:0', [invalid('约翰福音3:0')]],
  ['en', 'Mark 16:21', [invalid('Mark 16:21')]],
  ['en', 'John 3:16 is real; John 3:99 is not.', [linked('John 3:16', 'JHN.3.16'), invalid('John 3:99')]],
];

const LOOK_ALIKES: Row[] = [
  ['en', 'Jude 1:3', [linked('Jude 1:3', 'JUD.1.3')]],
  ['en', 'Jude 3', [linked('Jude 3', 'JUD.1.3')]],
  ['en', 'Judges 6:12', [linked('Judges 6:12', 'JDG.6.12')]],
  ['en', 'Judg 6:12', [linked('Judg 6:12', 'JDG.6.12')]],
  ['en', 'Jude 1:3 and Judges 6:12', [linked('Jude 1:3', 'JUD.1.3'), linked('Judges 6:12', 'JDG.6.12')]],
  ['es', 'Judas 3 y Jueces 6:12', [linked('Judas 3', 'JUD.1.3'), linked('Jueces 6:12', 'JDG.6.12')]],
  ['fr', 'Jude 3 et Jg 6,12', [linked('Jude 3', 'JUD.1.3'), linked('Jg 6,12', 'JDG.6.12')]],
  ['zh-Hans', '约壹 4:8', [linked('约壹 4:8', '1JN.4.8')]],
  ['zh-Hans', '约一4:8', [linked('约一4:8', '1JN.4.8')]],
  ['zh-Hans', '约翰壹书4:8', [linked('约翰壹书4:8', '1JN.4.8')]],
  ['zh-Hant', '約壹 4:8', [linked('約壹 4:8', '1JN.4.8')]],
  ['en', 'Phil 4:13', [linked('Phil 4:13', 'PHP.4.13')]],
  ['en', 'Phlm 6', [linked('Phlm 6', 'PHM.1.6')]],
  ['en', 'Philem 1:6', [linked('Philem 1:6', 'PHM.1.6')]],
  ['zh-Hans', '腓4:13', [linked('腓4:13', 'PHP.4.13')]],
  ['zh-Hans', '腓利门书 6', [linked('腓利门书 6', 'PHM.1.6')]],
  ['zh-Hans', '撒上 16:7', [linked('撒上 16:7', '1SA.16.7')]],
  ['zh-Hans', '撒下 7:12', [linked('撒下 7:12', '2SA.7.12')]],
  ['en', 'Jn 3:16', [linked('Jn 3:16', 'JHN.3.16')]],
  ['en', 'Jo 3:16', [linked('Jo 3:16', 'JHN.3.16')]],
  ['en', 'Jon 1:17', [linked('Jon 1:17', 'JON.1.17')]],
  ['fr', 'Jn 3,16', [linked('Jn 3,16', 'JHN.3.16')]],
  ['fr', 'Jon 2,1', [linked('Jon 2,1', 'JON.2.1')]],
  ['zh-Hans', '约 3:16', [linked('约 3:16', 'JHN.3.16')]],
  ['zh-Hans', '伯 19:25', [linked('伯 19:25', 'JOB.19.25')]],
  ['zh-Hans', '士 6:12', [linked('士 6:12', 'JDG.6.12')]],
  ['zh-Hans', '民 6:24', [linked('民 6:24', 'NUM.6.24')]],
  ['zh-Hans', '玛 3:1', [linked('玛 3:1', 'MAL.3.1')]],
  // 书 is Joshua's abbreviation, but not at the end of an unknown book's name.
  ['zh-Hans', '希西家书3:1', []],
  ['zh-Hans', '他的家书3:1写道', []],
  ['zh-Hans', '约翰福音是第四卷福音书。', []],
  ['zh-Hans', '大约3个人', []],
];

const CATHOLIC: Row[] = [
  ['zh-Hans', '若望福音 3:16', [linked('若望福音 3:16', 'JHN.3.16')], 'catholic'],
  ['zh-Hant', '若望福音 3:16', [linked('若望福音 3:16', 'JHN.3.16')], 'catholic'],
  ['zh-Hans', '若望福音 3:16', [linked('若望福音 3:16', 'JHN.3.16')]],
  ['zh-Hans', '格林多前书 13:4', [linked('格林多前书 13:4', '1CO.13.4')], 'catholic'],
  ['zh-Hant', '格林多前書 13:4', [linked('格林多前書 13:4', '1CO.13.4')], 'catholic'],
  ['zh-Hans', '玛窦福音 5:3', [linked('玛窦福音 5:3', 'MAT.5.3')], 'catholic'],
  ['zh-Hant', '瑪竇福音 5:3', [linked('瑪竇福音 5:3', 'MAT.5.3')], 'catholic'],
  ['zh-Hans', '格前 13:4', [linked('格前 13:4', '1CO.13.4')], 'catholic'],
  ['zh-Hans', '若一 4:8', [linked('若一 4:8', '1JN.4.8')], 'catholic'],
  ['zh-Hans', '宗徒大事录 2:42', [linked('宗徒大事录 2:42', 'ACT.2.42')], 'catholic'],
  ['zh-Hans', '斐理伯书 4:13', [linked('斐理伯书 4:13', 'PHP.4.13')], 'catholic'],
  // The same abbreviations name other books for Catholic readers: 约 is Job, 民 Judges, 玛 Matthew.
  ['zh-Hans', '约 3:16', [linked('约 3:16', 'JOB.3.16')], 'catholic'],
  ['zh-Hans', '民 6:12', [linked('民 6:12', 'JDG.6.12')], 'catholic'],
  ['zh-Hans', '玛 5:3', [linked('玛 5:3', 'MAT.5.3')], 'catholic'],
  ['en', 'Sirach 1:1', [linked('Sirach 1:1', 'SIR.1.1')], 'catholic'],
];

const RANGES: Row[] = [
  ['en', 'Rom 8:28-39', [linked('Rom 8:28-39', 'ROM.8.28-ROM.8.39')]],
  ['zh-Hans', '约翰福音 3:16-18', [linked('约翰福音 3:16-18', 'JHN.3.16-JHN.3.18')]],
  ['zh-Hant', '約翰福音 3:16-18', [linked('約翰福音 3:16-18', 'JHN.3.16-JHN.3.18')]],
  ['en', 'John 3:16-4:2', [linked('John 3:16-4:2', 'JHN.3.16-JHN.4.2')]],
  ['zh-Hans', '罗马书 8:39-9:1', [linked('罗马书 8:39-9:1', 'ROM.8.39-ROM.9.1')]],
  ['zh-Hans', '约翰福音3章16节-4章2节', [linked('约翰福音3章16节-4章2节', 'JHN.3.16-JHN.4.2')]],
  ['fr', 'Jean 3,16-18', [linked('Jean 3,16-18', 'JHN.3.16-JHN.3.18')]],
  ['es', 'Juan 3:16-18', [linked('Juan 3:16-18', 'JHN.3.16-JHN.3.18')]],
  ['en', 'Ps 23:1-6', [linked('Ps 23:1-6', 'PSA.23.1-PSA.23.6')]],
];

const DASHES_AND_FULL_WIDTH: Row[] = [
  ['en', 'Rom 8:28\u201339', [linked('Rom 8:28\u201339', 'ROM.8.28-ROM.8.39')]],
  ['en', 'Rom 8:28\u201439', [linked('Rom 8:28\u201439', 'ROM.8.28-ROM.8.39')]],
  ['en', 'Rom 8:28\u201239', [linked('Rom 8:28\u201239', 'ROM.8.28-ROM.8.39')]],
  ['en', 'Rom 8:28\uff0d39', [linked('Rom 8:28\uff0d39', 'ROM.8.28-ROM.8.39')]],
  ['en', 'John 3:16\u221218', [linked('John 3:16\u221218', 'JHN.3.16-JHN.3.18')]],
  ['zh-Hans', '约翰福音 3:16\u201418', [linked('约翰福音 3:16\u201418', 'JHN.3.16-JHN.3.18')]],
  ['zh-Hans', '约翰福音 3:16\uff5e18', [linked('约翰福音 3:16\uff5e18', 'JHN.3.16-JHN.3.18')]],
  ['zh-Hans', '约翰福音 3:16\u201318', [linked('约翰福音 3:16\u201318', 'JHN.3.16-JHN.3.18')]],
  ['fr', 'Jean 3,16\u201218', [linked('Jean 3,16\u201218', 'JHN.3.16-JHN.3.18')]],
  ['es', 'Juan 3:16\u201318', [linked('Juan 3:16\u201318', 'JHN.3.16-JHN.3.18')]],
  ['zh-Hans', '约翰福音３：１６', [linked('约翰福音３：１６', 'JHN.3.16')]],
  ['zh-Hans', '约翰福音 ３：１６－１８', [linked('约翰福音 ３：１６－１８', 'JHN.3.16-JHN.3.18')]],
  ['en', 'Ｊｏｈｎ ３：１６', [linked('Ｊｏｈｎ ３：１６', 'JHN.3.16')]],
  ['zh-Hans', '约翰福音3\u223616', [linked('约翰福音3\u223616', 'JHN.3.16')]],
  ['zh-Hant', '約翰福音3\ufe3016', [linked('約翰福音3\ufe3016', 'JHN.3.16')]],
  ['zh-Hans', '罗马书８章２８节', [linked('罗马书８章２８节', 'ROM.8.28')]],
  ['zh-Hant', '羅馬書８：２８', [linked('羅馬書８：２８', 'ROM.8.28')]],
];

const MISQUOTATIONS: Row[] = [
  // another verse's text beside a real reference
  ['zh-Hans', '「凡事都有定期」（约翰福音 3:17）', [misquoted('约翰福音 3:17', 'JHN.3.17')]],
  ['zh-Hans', '「神爱世人，甚至将他的独生子赐给他们」（约翰福音 3:17）', [misquoted('约翰福音 3:17', 'JHN.3.17')]],
  ['en', '“The LORD is my shepherd; I shall lack nothing.” (John 3:16)', [misquoted('John 3:16', 'JHN.3.16')]],
  ['fr', '« Je puis toutes choses en celui qui me fortifie » (Jean 3,16)', [misquoted('Jean 3,16', 'JHN.3.16')]],
  ['fr', '« Car Dieu a tant aimé le monde » (Jean 3,17)', [misquoted('Jean 3,17', 'JHN.3.17')]],
  ['zh-Hans', '> 耶和华是我的牧者，我必不至缺乏。\n> ——约翰福音 3:16', [misquoted('约翰福音 3:16', 'JHN.3.16')]],
  // altered words
  ['zh-Hans', '「神恨世人，甚至将他的独生子赐给他们」（约翰福音 3:16）', [misquoted('约翰福音 3:16', 'JHN.3.16')]],
  ['zh-Hant', '「神愛世人，叫一切信他的，都要滅亡」（約翰福音 3:16）', [misquoted('約翰福音 3:16', 'JHN.3.16')]],
  ['zh-Hans', '约翰福音3:16说：「神爱世人，甚至将他的独生子赐给全世界」', [misquoted('约翰福音3:16', 'JHN.3.16')]],
  ['en', '“For God so hated the world” (John 3:16)', [misquoted('John 3:16', 'JHN.3.16')]],
  ['en', '“God is not love” (1 John 4:8)', [misquoted('1 John 4:8', '1JN.4.8')]],
  [
    'en',
    'Philippians 4:13: “I can do some things through Christ who strengthens me.”',
    [misquoted('Philippians 4:13', 'PHP.4.13')],
  ],
  [
    'en',
    '> For God so loved the world, that he gave his only born Son, that whoever believes in him should perish.\n' +
      '> — John 3:16',
    [misquoted('John 3:16', 'JHN.3.16')],
  ],
  ['en', '> God is hate.\n> — **1 John 4:8**', [misquoted('1 John 4:8', '1JN.4.8')]],
  ['es', '«Porque de tal manera odió Dios al mundo» (Juan 3:16)', [misquoted('Juan 3:16', 'JHN.3.16')]],
  // the words of another translation: the reader's Bible (WEB) says "only born Son"
  [
    'en',
    '“For God so loved the world, that he gave his only begotten Son” (John 3:16)',
    [misquoted('John 3:16', 'JHN.3.16')],
  ],
];

const QUOTATIONS: Row[] = [
  ['zh-Hans', '「神爱世人，甚至将他的独生子赐给他们」（约翰福音 3:16）', [linked('约翰福音 3:16', 'JHN.3.16')]],
  ['zh-Hant', '「神愛世人，甚至將他的獨生子賜給他們」（約翰福音 3:16）', [linked('約翰福音 3:16', 'JHN.3.16')]],
  ['zh-Hans', '“神就是爱”（约翰一书 4:8）', [linked('约翰一书 4:8', '1JN.4.8')]],
  ['zh-Hans', '『凡事都能作』（腓4:13）', [linked('腓4:13', 'PHP.4.13')]],
  ['zh-Hans', '约翰福音3:16说：「神爱世人」', [linked('约翰福音3:16', 'JHN.3.16')]],
  // the Union Version's printed note left out, and 祂 for 他
  ['zh-Hans', '「不是要定世人的罪，乃是要叫世人因他得救」（约翰福音 3:17）', [linked('约翰福音 3:17', 'JHN.3.17')]],
  ['zh-Hans', '「神爱世人，甚至将祂的独生子赐给他们」（约翰福音 3:16）', [linked('约翰福音 3:16', 'JHN.3.16')]],
  [
    'zh-Hans',
    '> 神爱世人，甚至将他的独生子赐给他们，叫一切信他的，不至灭亡，反得永生。\n> ——约翰福音 3:16',
    [linked('约翰福音 3:16', 'JHN.3.16')],
  ],
  [
    'zh-Hans',
    '> 神爱世人，甚至将他的独生子赐给他们，叫一切信他的，不至灭亡，反得永生。 ' +
      '因为神差他的儿子降世，不是要定世人的罪〔或作：审判世人；下同〕，乃是要叫世人因他得救。 ' +
      '信他的人，不被定罪；不信的人，罪已经定了，因为他不信神独生子的名。\n> ——约翰福音 3:16-18',
    [linked('约翰福音 3:16-18', 'JHN.3.16-JHN.3.18')],
  ],
  ['en', '“For God so loved the world, that he gave his only born Son” (John 3:16)', [linked('John 3:16', 'JHN.3.16')]],
  ['en', '"God is love" (1 John 4:8)', [linked('1 John 4:8', '1JN.4.8')]],
  [
    'en',
    '“For God so loved the world … that whoever believes in him should not perish” (John 3:16)',
    [linked('John 3:16', 'JHN.3.16')],
  ],
  ['en', 'John 3:16: “For God so loved the world”', [linked('John 3:16', 'JHN.3.16')]],
  [
    'en',
    '“I can do all things through Christ who strengthens me.” — **Philippians 4:13**',
    [linked('Philippians 4:13', 'PHP.4.13')],
  ],
  ['en', '> “God is love.”\n> — *1 John 4:8*', [linked('1 John 4:8', '1JN.4.8')]],
  [
    'en',
    '> For God so loved the world, that he gave his only born Son, that whoever believes in him should not perish, ' +
      'but have eternal life.\n> — John 3:16',
    [linked('John 3:16', 'JHN.3.16')],
  ],
  // two blockquotes in a row: each attribution vouches only for its own lines
  [
    'en',
    '> God is love.\n> — 1 John 4:8\n> I can do all things through Christ who strengthens me.\n> — Philippians 4:13',
    [linked('1 John 4:8', '1JN.4.8'), linked('Philippians 4:13', 'PHP.4.13')],
  ],
  // a phrase in quotation marks, too short to be a quotation of the verse
  ['en', 'the “Golden Rule” (Matthew 7:12)', [linked('Matthew 7:12', 'MAT.7.12')]],
  ['es', '«Todo lo puedo en Cristo que me fortalece» (Filipenses 4:13)', [linked('Filipenses 4:13', 'PHP.4.13')]],
  // Reina-Valera 1909 writes the preposition "á"
  [
    'es',
    '«Porque de tal manera amó Dios al mundo, que ha dado a su Hijo unigénito» (Juan 3:16)',
    [linked('Juan 3:16', 'JHN.3.16')],
  ],
  [
    'fr',
    '« Je puis toutes choses en celui qui me fortifie » (Philippiens 4:13)',
    [linked('Philippiens 4:13', 'PHP.4.13')],
  ],
  ['fr', '« Car Dieu a tant aimé le monde… » (Jean 3,16)', [linked('Jean 3,16', 'JHN.3.16')]],
];

const TABLE: Record<string, Row[]> = {
  'valid references': VALID,
  'impossible chapters and verses': IMPOSSIBLE,
  'look-alike book names and abbreviations': LOOK_ALIKES,
  'Catholic names and readings': CATHOLIC,
  ranges: RANGES,
  'Unicode dashes and full-width digits and colons': DASHES_AND_FULL_WIDTH,
  misquotations: MISQUOTATIONS,
  'correct quotations': QUOTATIONS,
};

async function verify(language: BibleLanguage, text: string, tradition: Tradition = 'protestant') {
  const reader = { language, tradition };
  return createCitationVerifier(parser, verseSource(reader), reader).verify(text);
}

describe('the citation verifier classifies a table of snippets', () => {
  it('holds at least 100 snippets', () => {
    expect(Object.values(TABLE).flat().length).toBeGreaterThanOrEqual(100);
  });

  for (const [group, rows] of Object.entries(TABLE)) {
    it.each(rows)(`${group}: %s %j`, async (language, snippet, expected, tradition) => {
      const citations = await verify(language, snippet, tradition);
      expect(citations.map((c) => [c.text, c.status, ...(c.reference ? [c.reference] : [])])).toEqual(expected);
      citations.forEach((c, i) => {
        expect(c.id).toBe(`c${i + 1}`);
        expect(snippet.slice(c.start, c.end)).toBe(c.text);
        if (c.status === 'invalid') expect(c.verseText).toBeNull();
        else expect(c.verseText).toBeTruthy();
      });
    });
  }

  it('links in the reader’s translation, with the reader’s book names', async () => {
    const cases: [BibleLanguage, Tradition, string, string, string][] = [
      ['zh-Hans', 'protestant', '约翰福音 3:16', 'cuv-hans', '约翰福音 3:16'],
      ['zh-Hant', 'protestant', '約翰福音 3:16', 'cuv-hant', '約翰福音 3:16'],
      ['zh-Hans', 'catholic', '若望福音 3:16', 'cuv-hans', '若望福音 3:16'],
      ['en', 'protestant', 'John 3:16', 'webbe', 'John 3:16'],
      ['en', 'catholic', 'John 3:16', 'cpdv', 'John 3:16'],
      ['es', 'protestant', 'Juan 3:16', 'rv1909', 'Juan 3:16'],
      ['fr', 'protestant', 'Jean 3,16', 'darby-fr', 'Jean 3:16'],
      ['fr', 'catholic', 'Jean 3,16', 'crampon', 'Jean 3:16'],
    ];
    for (const [language, tradition, text, translation, label] of cases) {
      const [citation] = await verify(language, text, tradition);
      expect(citation).toMatchObject({ status: 'linked', translation, label, reference: 'JHN.3.16' });
    }
  });

  it('found every verse it needed in the fixture', () => {
    // Runs after the table: a lookup the fixture could not answer would have passed for "no such verse".
    expect([...fixtureGaps].sort()).toEqual([]);
  });
});
