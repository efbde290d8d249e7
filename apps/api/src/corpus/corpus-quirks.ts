import path from 'node:path';
import { verseRecord, type VerseRecord } from './corpus-records.ts';
import { readJsonl, type BadLine, type CorpusFile } from './corpus-reader.ts';

/**
 * The CPDV file puts each next book's introduction in the last verse slot of a book ("The Second Book of Moses is
 * called EXODUS…" as Genesis 50:26). Those slots lie past the chapter's end in the Douay-Rheims, the same Vulgate
 * numbering, so they are found by comparing the two files rather than by guessing from the wording.
 */
const TRAILING_INTRODUCTIONS = [{ translation: 'cpdv', sameNumbering: 'drc' }] as const;

/** Verse keys ("cpdv:GEN.50.26") that are not scripture and must not load. */
export async function findTrailingIntroductions(files: CorpusFile[]): Promise<Set<string>> {
  const skip = new Set<string>();
  const byId = new Map(files.map((f) => [path.basename(f.relPath, '.jsonl'), f]));
  const ignored: BadLine[] = [];
  for (const quirk of TRAILING_INTRODUCTIONS) {
    const file = byId.get(quirk.translation);
    const reference = byId.get(quirk.sameNumbering);
    if (!file || !reference) continue;
    const chapterEnd = new Map<string, number>();
    for await (const v of readJsonl(reference, verseRecord, ignored, () => undefined)) {
      const key = `${v.book}.${v.chapter}`;
      chapterEnd.set(key, Math.max(chapterEnd.get(key) ?? 0, v.verse));
    }
    const lastOfBook = new Map<string, { chapter: number; verse: number }>();
    for await (const v of readJsonl(file, verseRecord, ignored, () => undefined)) {
      lastOfBook.set(v.book, { chapter: v.chapter, verse: v.verse });
    }
    for (const [book, last] of lastOfBook) {
      const end = chapterEnd.get(`${book}.${last.chapter}`);
      if (end !== undefined && last.verse > end) skip.add(`${quirk.translation}:${book}.${last.chapter}.${last.verse}`);
    }
  }
  return skip;
}

/**
 * A text whose file is said to follow the KJV numbering but, in some passages, divides verses the way its source
 * did: rows to move onto their KJV verse, cut in two or joined, before anything loads.
 * - `moves`: [file chapter, first verse, last verse, KJV chapter, KJV verse of the first]; the rest follow one by one.
 * - `splits`: [file chapter, verse, KJV chapter, verse, words]: the file verse holds, from these words on, a later
 *   KJV verse (the words before stay where the file verse goes). Only where the cut is plain from the two texts.
 * - `joins`: [file chapter, verse]: the file verse is the end of the KJV verse the file verse before it goes to.
 * - `checks`: [file chapter, verse, words] the file verse must begin with, or the passage is left as it is and
 *   reported: a corrected file must not be moved a second time.
 */
interface Renumbering {
  book: string;
  moves: readonly (readonly [number, number, number, number, number])[];
  splits?: readonly (readonly [number, number, number, number, string])[];
  joins?: readonly (readonly [number, number])[];
  checks: readonly (readonly [number, number, string])[];
}

/**
 * rv1909 (the SpaRV SWORD module) sits in KJV slots, but where the Reina-Valera divides verses otherwise (mostly the
 * Hebrew chapter break) the module moved the text by a verse or more: rv Jonah 2:1 is the great fish (KJV 1:17), and
 * every later verse of the chapter is one ahead, the last holding two. Verified by aligning every chapter of the file
 * with the KJV (word overlap through the es-en glossary, allowing joined and divided verses), then reading each
 * passage found verse by verse against the KJV; the words below are the rv text (scripture/VERSIFICATION.md).
 * Not here, because nothing moves: 2SA 20:25, JOB 35:15 and ACT 19:40 also hold the next KJV verse, whose slot stays
 * empty (the reader shows another text there).
 */
const RENUMBERED: Readonly<Record<string, readonly Renumbering[]>> = {
  rv1909: [
    {
      // rv 13:1 "Y DESPUÉS movió el pueblo de Haseroth" is KJV 12:16; rv 13:33 holds KJV 13:32-33.
      book: 'NUM',
      moves: [
        [13, 1, 1, 12, 16],
        [13, 2, 33, 13, 1],
      ],
      splits: [[13, 33, 13, 33, 'También vimos allí gigantes']],
      checks: [
        [13, 1, 'Y DESPUÉS movió el pueblo de Haseroth'],
        [13, 2, 'Y Jehová habló á Moisés'],
      ],
    },
    {
      // rv 30:1 is KJV 29:40; rv 30:16 holds KJV 30:15-16.
      book: 'NUM',
      moves: [
        [30, 1, 1, 29, 40],
        [30, 2, 16, 30, 1],
      ],
      splits: [[30, 16, 30, 16, 'Estas son las ordenanzas']],
      checks: [
        [30, 1, 'Y MOISÉS dijo á los hijos de Israel'],
        [30, 2, 'Y habló Moisés á los príncipes'],
      ],
    },
    {
      // rv 14:18-19 divide KJV 14:18; rv 14:20 holds KJV 14:19-20.
      book: 'JDG',
      moves: [[14, 20, 20, 14, 19]],
      splits: [[14, 20, 14, 20, 'Y la mujer de Samsón']],
      joins: [[14, 19]],
      checks: [
        [14, 19, 'Y él les respondió: Si no araseis'],
        [14, 20, 'Y el espíritu de Jehová cayó sobre él'],
      ],
    },
    {
      // rv 24:1 is KJV 23:29; rv 24:22 holds KJV 24:21-22.
      book: '1SA',
      moves: [
        [24, 1, 1, 23, 29],
        [24, 2, 22, 24, 1],
      ],
      splits: [[24, 22, 24, 22, 'Entonces David juró á Saúl']],
      checks: [
        [24, 1, 'ENTONCES David subió de allí'],
        [24, 2, 'Y como Saúl volvió de los Filisteos'],
      ],
    },
    {
      // rv 22:43-44 divide KJV 22:43; rv 22:53 holds KJV 22:52-53.
      book: '1KI',
      moves: [[22, 45, 53, 22, 44]],
      splits: [[22, 53, 22, 53, 'Porque sirvió á Baal']],
      joins: [[22, 44]],
      checks: [
        [22, 44, 'Con todo eso los altos no fueron quitados'],
        [22, 45, 'Y Josaphat hizo paz con el rey de Israel'],
      ],
    },
    {
      // rv 1:30 holds KJV 1:30-31 (Ishmael's sons), rv 1:31-32 divide KJV 1:32 (Keturah's).
      book: '1CH',
      moves: [[1, 31, 31, 1, 32]],
      splits: [[1, 30, 1, 31, 'Jetur, Naphis, y Cedma']],
      joins: [[1, 32]],
      checks: [
        [1, 30, 'Misma, Duma, Maasa, Hadad, Thema,'],
        [1, 31, 'Y Cethura, concubina de Abraham'],
        [1, 32, 'Los hijos de Jobsán'],
      ],
    },
    {
      // rv 21:15-16 divide KJV 21:15; rv 21:30 holds KJV 21:29-30.
      book: '1CH',
      moves: [[21, 17, 30, 21, 16]],
      splits: [[21, 30, 21, 30, 'Mas David no pudo ir allá']],
      joins: [[21, 16]],
      checks: [
        [21, 16, 'Y dijo al ángel que destruía'],
        [21, 17, 'Y alzando David sus ojos'],
      ],
    },
    {
      // rv 33:10 holds KJV 33:10-11 (the cut is KJV's "Wherefore"); rv 33:11-24 are KJV 33:12-25.
      book: '2CH',
      moves: [[33, 11, 24, 33, 12]],
      splits: [[33, 10, 33, 11, 'por lo cual Jehová trajo contra ellos']],
      checks: [
        [33, 10, 'Y habló Jehová á Manasés'],
        [33, 11, 'Mas luego que fué puesto en angustias'],
      ],
    },
    {
      // rv 39:1-3 are KJV 38:39-41 (lion, raven); rv 39:4-30 are KJV 39:1-27, rv 39:30 holding KJV 39:27-40:5;
      // rv 40:1-19 are KJV 40:6-24 (the whirlwind to behemoth); rv 41 is KJV 41.
      book: 'JOB',
      moves: [
        [39, 1, 3, 38, 39],
        [39, 4, 30, 39, 1],
        [40, 1, 19, 40, 6],
      ],
      splits: [
        [39, 30, 39, 28, 'Ella habita y está en la piedra'],
        [39, 30, 39, 29, 'Desde allí acecha la comida'],
        [39, 30, 39, 30, 'Sus pollos chupan la sangre'],
        [39, 30, 40, 1, 'A más de eso respondió Jehová á Job'],
        [39, 30, 40, 2, '¿Es sabiduría contender con el Omnipotente?'],
        [39, 30, 40, 3, 'Y respondió Job á Jehová'],
        [39, 30, 40, 4, 'He aquí que yo soy vil'],
        [39, 30, 40, 5, 'Una vez hablé'],
      ],
      checks: [
        [39, 1, '¿CAZARÁS tú la presa para el león?'],
        [39, 4, '¿Sabes tú el tiempo en que paren las cabras monteses?'],
        [39, 30, '¿Se remonta el águila por tu mandamiento'],
        [40, 1, 'ENTONCES respondió Jehová á Job desde la oscuridad'],
        [40, 19, '¿Tomarálo alguno por sus ojos'],
      ],
    },
    {
      // rv 12:1 is KJV 11:12; rv 12:14 holds KJV 12:13-14.
      book: 'HOS',
      moves: [
        [12, 1, 1, 11, 12],
        [12, 2, 14, 12, 1],
      ],
      splits: [[12, 14, 12, 14, 'Enojado ha Ephraim á Dios']],
      checks: [
        [12, 1, 'CERCÓME Ephraim con mentira'],
        [12, 2, 'Ephraim se apacienta del viento'],
      ],
    },
    {
      // rv 2:1 "MAS Jehová había prevenido un gran pez" is KJV 1:17; rv 2:10 holds KJV 2:9-10.
      book: 'JON',
      moves: [
        [2, 1, 1, 1, 17],
        [2, 2, 10, 2, 1],
      ],
      splits: [[2, 10, 2, 10, 'Y mandó Jehová al pez']],
      checks: [
        [2, 1, 'MAS Jehová había prevenido un gran pez'],
        [2, 2, 'Y oró Jonás desde el vientre del pez'],
      ],
    },
    {
      // rv 13:12 holds KJV 13:12-13; rv 13:13 (the grace) is KJV 13:14.
      book: '2CO',
      moves: [[13, 13, 13, 13, 14]],
      splits: [[13, 12, 13, 13, 'Todos los santos os saludan']],
      checks: [
        [13, 12, 'Saludaos los unos á los otros'],
        [13, 13, 'La gracia del Señor Jesucristo'],
      ],
    },
  ],
};

const verseKey = (book: string, chapter: number, verse: number) => `${book}.${chapter}.${verse}`;

/** What a translation's file loads as, where its table moves verses. */
export interface VerseRenumbering {
  /** The rows a verse of the file loads as, in KJV numbering (none: joined to the verse before); undefined: as it is. */
  rowsOf(translation: string, verse: VerseRecord): VerseRecord[] | undefined;
  /** Passages left as they are because the file does not read as the table says. */
  problems: BadLine[];
}

/** The renumbering of every translation that has a table, read from its file. */
export async function findRenumbering(files: CorpusFile[]): Promise<VerseRenumbering> {
  const byTranslation = new Map<string, Map<string, VerseRecord[]>>();
  const problems: BadLine[] = [];
  const ignored: BadLine[] = [];
  for (const file of files) {
    const translation = path.basename(file.relPath, '.jsonl');
    if (!file.relPath.startsWith('bibles/') || !file.relPath.endsWith('.jsonl') || !RENUMBERED[translation]) continue;
    const rows: VerseRecord[] = [];
    for await (const { line: _line, ...v } of readJsonl(file, verseRecord, ignored, () => undefined)) rows.push(v);
    const result = renumberRows(translation, rows);
    byTranslation.set(translation, result.replaced);
    problems.push(...result.problems.map((reason) => ({ file: file.relPath, line: 0, reason })));
  }
  return {
    rowsOf: (translation, v) => byTranslation.get(translation)?.get(verseKey(v.book, v.chapter, v.verse)),
    problems,
  };
}

/**
 * The file's verses that the translation's table moves, cuts or joins, each with the rows it loads as (keyed by its
 * place in the file: "JON.2.1"), and why a passage was left as it is.
 */
export function renumberRows(
  translation: string,
  rows: Iterable<VerseRecord>,
): { replaced: Map<string, VerseRecord[]>; problems: string[] } {
  const replaced = new Map<string, VerseRecord[]>();
  const problems: string[] = [];
  const table = RENUMBERED[translation] ?? [];
  const books = new Set(table.map((p) => p.book));
  const byKey = new Map<string, VerseRecord>();
  const present = new Set<string>();
  for (const row of rows) {
    if (!books.has(row.book)) continue;
    byKey.set(verseKey(row.book, row.chapter, row.verse), row);
    present.add(row.book);
  }
  for (const passage of table) {
    if (!present.has(passage.book)) continue;
    const result = renumberPassage(passage, byKey);
    if (typeof result === 'string')
      problems.push(`${translation} ${passage.book} ${result}: its verses load as they are`);
    else for (const [key, out] of result) replaced.set(key, out);
  }
  return { replaced, problems };
}

function renumberPassage(passage: Renumbering, byKey: Map<string, VerseRecord>): Map<string, VerseRecord[]> | string {
  const { book } = passage;
  const at = (chapter: number, verse: number) => byKey.get(verseKey(book, chapter, verse));
  for (const [chapter, verse, words] of passage.checks) {
    if (!at(chapter, verse)?.text.startsWith(words)) return `${chapter}:${verse} does not begin "${words}"`;
  }
  const target = new Map<string, [number, number]>();
  for (const [chapter, first, last, toChapter, toVerse] of passage.moves) {
    for (let verse = first; verse <= last; verse++)
      target.set(verseKey(book, chapter, verse), [toChapter, toVerse + verse - first]);
  }
  const joined = new Set((passage.joins ?? []).map(([chapter, verse]) => verseKey(book, chapter, verse)));
  const places: [number, number][] = [
    ...passage.moves.flatMap(([chapter, first, last]) =>
      Array.from({ length: last - first + 1 }, (_, i): [number, number] => [chapter, first + i]),
    ),
    ...(passage.splits ?? []).map(([chapter, verse]): [number, number] => [chapter, verse]),
    ...(passage.joins ?? []).flatMap(([chapter, verse]): [number, number][] => [
      [chapter, verse - 1],
      [chapter, verse],
    ]),
  ];
  const inFileOrder = [...new Map(places.map((p) => [verseKey(book, ...p), p])).values()].sort(
    (a, b) => a[0] - b[0] || a[1] - b[1],
  );
  const out = new Map<string, VerseRecord[]>();
  for (const [chapter, verse] of inFileOrder) {
    const key = verseKey(book, chapter, verse);
    const row = at(chapter, verse);
    if (!row) return `${chapter}:${verse} is not in the file`;
    if (joined.has(key)) {
      const before = out.get(verseKey(book, chapter, verse - 1))?.at(-1);
      if (!before) return `${chapter}:${verse} has no verse before it to join`;
      before.text = `${before.text} ${row.text}`;
      out.set(key, []);
      continue;
    }
    const [toChapter, toVerse] = target.get(key) ?? [chapter, verse];
    const cuts = (passage.splits ?? []).filter(([c, v]) => c === chapter && v === verse);
    const pieces: VerseRecord[] = [];
    let start = 0;
    let place: [number, number] = [toChapter, toVerse];
    for (const [, , nextChapter, nextVerse, words] of cuts) {
      const index = row.text.indexOf(words, start + 1);
      if (index < 0 || row.text.indexOf(words, index + 1) >= 0) return `${chapter}:${verse} has no single "${words}"`;
      pieces.push({ book, chapter: place[0], verse: place[1], text: row.text.slice(start, index).trim() });
      start = index;
      place = [nextChapter, nextVerse];
    }
    pieces.push({ book, chapter: place[0], verse: place[1], text: row.text.slice(start).trim() });
    out.set(key, pieces);
  }
  return out;
}
