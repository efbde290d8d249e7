import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusLockOf } from '../container.ts';
import type { PassageDoc } from '../retrieval/passage-index.ts';
import { createReferenceParser } from '../scripture/references.parser.ts';
import { openTestPglite } from '../test/databases.ts';
import { findRenumbering, renumberRows } from './corpus-quirks.ts';
import type { VerseRecord } from './corpus-records.ts';
import { listCorpusFiles } from './corpus-reader.ts';
import { createCorpusRepository } from './corpus.repository.ts';
import { ingestCorpus } from './ingest.ts';
import { passageDocs } from './passage-docs.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../test/fixtures/corpus');

// rv1909 as the corpus file has it: Jonah 1 ends at 1:16, the fish is 2:1, 2:10 holds KJV 2:9-10; Judges 14:18-19
// divide KJV 14:18 and 14:20 holds KJV 14:19-20.
const JONAH: [number, number, string][] = [
  [1, 15, 'Y tomaron á Jonás, y echáronlo á la mar; y la mar se quietó de su furia.'],
  [
    1,
    16,
    'Y temieron aquellos hombres á Jehová con gran temor; y ofrecieron sacrificio á Jehová, y prometieron votos.',
  ],
  [
    2,
    1,
    'MAS Jehová había prevenido un gran pez que tragase á Jonás: y estuvo Jonás en el vientre del pez tres días y tres noches.',
  ],
  [2, 2, 'Y oró Jonás desde el vientre del pez á Jehová su Dios,'],
  [2, 3, 'Y dijo: Clamé de mi tribulación á Jehová, y él me oyó; del vientre del sepulcro clamé, y mi voz oiste.'],
  [
    2,
    4,
    'Echásteme en el profundo, en medio de los mares, y rodeóme la corriente; todas tus ondas y tus olas pasaron sobre mí.',
  ],
  [2, 5, 'Y yo dije: Echado soy de delante de tus ojos: mas aun veré tu santo templo.'],
  [2, 6, 'Las aguas me rodearon hasta el alma, rodeóme el abismo; la ova se enredó á mi cabeza.'],
  [
    2,
    7,
    'Descendí á las raíces de los montes; la tierra echó sus cerraduras sobre mí para siempre: mas tú sacaste mi vida de la sepultura, oh Jehová Dios mío.',
  ],
  [2, 8, 'Cuando mi alma desfallecía en mí, acordéme de Jehová; y mi oración entró hasta ti en tu santo templo.'],
  [2, 9, 'Los que guardan las vanidades ilusorias, su misericordia abandonan.'],
  [
    2,
    10,
    'Yo empero con voz de alabanza te sacrificaré; pagaré lo que prometí. La salvación pertenece á Jehová. Y mandó Jehová al pez, y vomitó á Jonás en tierra.',
  ],
];
const JUDGES: [number, number, string][] = [
  [
    14,
    18,
    'Y al séptimo día, antes que el sol se pusiese, los de la ciudad le dijeron: ¿Qué cosa más dulce que la miel? ¿y qué cosa más fuerte que el león?',
  ],
  [14, 19, 'Y él les respondió: Si no araseis con mi novilla, nunca hubierais descubierto mi enigma.'],
  [
    14,
    20,
    'Y el espíritu de Jehová cayó sobre él, y descendió á Ascalón, é hirió treinta hombres de ellos; y tomando sus despojos, dió las mudas de vestidos á los que habían explicado el enigma: y encendido en enojo fuése á casa de su padre. Y la mujer de Samsón fué dada á su compañero, con el cual él antes se acompañaba.',
  ],
];
const rowsOf = (book: string, verses: [number, number, string][]): VerseRecord[] =>
  verses.map(([chapter, verse, text]) => ({ book, chapter, verse, text }));
const FIXTURE_ROWS = [...rowsOf('JDG', JUDGES), ...rowsOf('JON', JONAH)];

/** What the rows load as: ref → text. */
function loaded(translation: string, rows: VerseRecord[]): Map<string, string> {
  const { replaced, problems } = renumberRows(translation, rows);
  expect(problems).toEqual([]);
  const out = new Map<string, string>();
  for (const row of rows) {
    for (const v of replaced.get(`${row.book}.${row.chapter}.${row.verse}`) ?? [row]) {
      const ref = `${v.book}.${v.chapter}.${v.verse}`;
      expect(out.has(ref), ref).toBe(false);
      out.set(ref, v.text);
    }
  }
  return out;
}

describe('rv1909 renumbering', () => {
  it('puts the great fish on KJV Jonah 1:17 and each verse of Jonah 2 on its KJV verse', () => {
    const verses = loaded('rv1909', FIXTURE_ROWS);
    expect(verses.get('JON.1.16')).toMatch(/^Y temieron aquellos hombres/);
    expect(verses.get('JON.1.17')).toMatch(/^MAS Jehová había prevenido un gran pez/);
    expect(verses.get('JON.2.1')).toBe('Y oró Jonás desde el vientre del pez á Jehová su Dios,');
    expect(verses.get('JON.2.2')).toMatch(/^Y dijo: Clamé de mi tribulación/);
    expect(verses.get('JON.2.8')).toBe('Los que guardan las vanidades ilusorias, su misericordia abandonan.');
    expect(verses.get('JON.2.9')).toBe(
      'Yo empero con voz de alabanza te sacrificaré; pagaré lo que prometí. La salvación pertenece á Jehová.',
    );
    expect(verses.get('JON.2.10')).toBe('Y mandó Jehová al pez, y vomitó á Jonás en tierra.');
    const jonah = [...verses.keys()].filter((ref) => ref.startsWith('JON.'));
    expect(jonah).toEqual([
      'JON.1.15',
      'JON.1.16',
      'JON.1.17',
      ...Array.from({ length: 10 }, (_, i) => `JON.2.${i + 1}`),
    ]);
  });

  it('joins a KJV verse the file divides, and cuts the verse that holds two', () => {
    const verses = loaded('rv1909', FIXTURE_ROWS);
    expect(verses.get('JDG.14.18')).toBe(`${JUDGES[0]![2]} ${JUDGES[1]![2]}`);
    expect(verses.get('JDG.14.19')).toMatch(/^Y el espíritu de Jehová .* fuése á casa de su padre\.$/);
    expect(verses.get('JDG.14.20')).toBe(
      'Y la mujer de Samsón fué dada á su compañero, con el cual él antes se acompañaba.',
    );
  });

  it('leaves other translations, and a passage the file no longer reads as the table says, as they are', () => {
    expect(renumberRows('kjv', rowsOf('JON', JONAH)).replaced.size).toBe(0);
    // a file whose Jonah 2:1 is already the prayer: nothing of Jonah moves, and the ingestion is told why
    const corrected = rowsOf('JON', [
      [1, 17, JONAH[2]![2]],
      ...JONAH.slice(3).map(([c, v, t]): [number, number, string] => [c, v - 1, t]),
    ]);
    const { replaced, problems } = renumberRows('rv1909', [...rowsOf('JDG', JUDGES), ...corrected]);
    expect([...replaced.keys()].some((key) => key.startsWith('JON.'))).toBe(false);
    expect(replaced.has('JDG.14.20')).toBe(true);
    expect(problems).toEqual([expect.stringContaining('rv1909 JON 2:1 does not begin "MAS Jehová había prevenido')]);
  });

  describe('read from the corpus files', () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bibleqa-quirks-'));
    afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
    fs.mkdirSync(path.join(work, 'bibles'));
    fs.writeFileSync(path.join(work, 'books.json'), '[]');
    fs.writeFileSync(
      path.join(work, 'bibles/rv1909.jsonl'),
      FIXTURE_ROWS.map((row) => JSON.stringify(row)).join('\n') + '\n',
    );

    it('gives the search index the verses under their KJV references', async () => {
      const files = listCorpusFiles(work);
      const renumbering = await findRenumbering(files);
      expect(renumbering.problems).toEqual([]);
      const docs: PassageDoc[] = [];
      const testaments = new Map<string, 'OT' | 'NT' | 'DC'>([
        ['JDG', 'OT'],
        ['JON', 'OT'],
      ]);
      for await (const doc of passageDocs(
        files,
        new Map([['rv1909', 'es']]),
        testaments,
        { notScripture: new Set(), renumbering },
        createReferenceParser([]),
        () => undefined,
      ))
        docs.push(doc);
      const text = new Map(docs.map((d) => [d.id, d.text]));
      expect(text.get('rv1909:JON.1.17')).toMatch(/^MAS Jehová había prevenido un gran pez/);
      expect(text.get('rv1909:JON.2.1')).toMatch(/^Y oró Jonás desde el vientre del pez/);
      expect(text.get('rv1909:JON.2.10')).toMatch(/^Y mandó Jehová al pez/);
      expect(text.get('rv1909:JDG.14.20')).toMatch(/^Y la mujer de Samsón/);
      expect(new Set(docs.map((d) => d.id)).size).toBe(docs.length);
    });

    describe('loaded into the database', () => {
      // The whole ingestion (database and search index) of the test corpus with Judges, Jonah and these rv1909 rows
      // added runs as the set-up, which may take longer on a loaded machine than a test; the test reads what it left.
      let database: Awaited<ReturnType<typeof openTestPglite>>;
      let corpus: ReturnType<typeof createCorpusRepository>;
      let result: Awaited<ReturnType<typeof ingestCorpus>>;
      beforeAll(async () => {
        const corpusDir = path.join(work, 'corpus');
        fs.cpSync(FIXTURE, corpusDir, { recursive: true });
        const books = JSON.parse(fs.readFileSync(path.join(corpusDir, 'books.json'), 'utf8')) as { code: string }[];
        const book = (code: string, order: number, chapters: number, es: string) => ({
          ...books.find((b) => b.code === 'DEU'),
          code,
          order,
          chapters,
          names: { en: code, es, fr: es, 'zh-Hans': code, 'zh-Hant': code },
          abbr: { en: code, osis: code },
        });
        books.push(book('JDG', 7, 21, 'Jueces'), book('JON', 32, 4, 'Jonás'));
        fs.writeFileSync(path.join(corpusDir, 'books.json'), JSON.stringify(books));
        fs.copyFileSync(path.join(work, 'bibles/rv1909.jsonl'), path.join(corpusDir, 'bibles/rv1909.jsonl'));
        const meta = { id: 'rv1909', name: 'Reina-Valera 1909', language: 'es', tradition: 'protestant' };
        fs.writeFileSync(
          path.join(corpusDir, 'bibles/rv1909.meta.json'),
          JSON.stringify({ ...meta, license: 'Public Domain', source: 'test' }),
        );
        database = await openTestPglite();
        corpus = createCorpusRepository(database.db);
        const indexRoot = path.join(work, 'index');
        result = await ingestCorpus({ corpus, corpusDir, indexRoot, lock: corpusLockOf(database) });
      });
      afterAll(() => database?.close());

      it('loads them under their KJV references', async () => {
        expect(result.badLines.filter((b) => b.file.includes('rv1909'))).toEqual([]);
        const read = async (chapter: number, verse: number) =>
          (await corpus.versesOfChapter(result.versionId, 'rv1909', 'JON', chapter, verse, verse))[0]?.text;
        expect(await read(1, 17)).toMatch(/^MAS Jehová había prevenido un gran pez/);
        expect(await read(2, 1)).toMatch(/^Y oró Jonás desde el vientre del pez/);
        expect(await read(2, 10)).toMatch(/^Y mandó Jehová al pez/);
        const translations = await corpus.listTranslations(result.versionId);
        expect(translations.find((t) => t.id === 'rv1909')?.verseCount).toBe(JONAH.length + 1 + JUDGES.length);
      });
    });
  });
});

// On the real corpus, when it is beside the checkout: every table check holds, every verse lands on a verse the KJV
// has, no two on one, and the only KJV verses rv1909 still leaves empty are the three it joins to the verse before.
const corpusDir = path.resolve(
  process.env.CORPUS_DIR ?? path.join(import.meta.dirname, '../../../../../shared/corpus'),
);
const readRows = (file: string): VerseRecord[] =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as VerseRecord);
const haveCorpus = ['rv1909', 'kjv'].every((id) => fs.existsSync(path.join(corpusDir, `bibles/${id}.jsonl`)));

describe.skipIf(!haveCorpus)('rv1909 renumbering on the real corpus', () => {
  it('lands every verse on a KJV verse, one row each, and leaves empty only the joined ones', () => {
    const kjv = readRows(path.join(corpusDir, 'bibles/kjv.jsonl'));
    const slots = new Set(kjv.map((v) => `${v.book}.${v.chapter}.${v.verse}`));
    const rv = readRows(path.join(corpusDir, 'bibles/rv1909.jsonl'));
    const verses = loaded('rv1909', rv);
    expect([...verses.keys()].filter((ref) => !slots.has(ref))).toEqual([]);
    expect([...slots].filter((ref) => !verses.has(ref)).sort()).toEqual(['2SA.20.26', 'ACT.19.41', 'JOB.35.16']);
    expect([...verses.values()].filter((text) => text.trim() === '')).toEqual([]);
    // pairs read against the KJV
    expect(verses.get('NUM.12.16')).toMatch(/^Y DESPUÉS movió el pueblo de Haseroth/);
    expect(verses.get('NUM.13.1')).toMatch(/^Y Jehová habló á Moisés/);
    expect(verses.get('NUM.29.40')).toMatch(/^Y MOISÉS dijo á los hijos de Israel/);
    expect(verses.get('1SA.24.6')).toMatch(/^Y dijo á los suyos: Jehová me guarde/); // "The LORD forbid"
    expect(verses.get('1KI.22.44')).toBe('Y Josaphat hizo paz con el rey de Israel.');
    expect(verses.get('1CH.1.31')).toBe('Jetur, Naphis, y Cedma. Estos son los hijos de Ismael.');
    expect(verses.get('1CH.21.16')).toMatch(/^Y alzando David sus ojos/);
    expect(verses.get('2CH.33.11')).toMatch(/^por lo cual Jehová trajo contra ellos/); // "Wherefore the LORD brought"
    expect(verses.get('2CH.33.25')).toMatch(/^Mas el pueblo de la tierra hirió/);
    expect(verses.get('JOB.38.41')).toMatch(/^¿Quién preparó al cuervo su alimento/);
    expect(verses.get('JOB.39.1')).toMatch(/^¿Sabes tú el tiempo en que paren las cabras monteses/);
    expect(verses.get('JOB.40.4')).toMatch(/^He aquí que yo soy vil/);
    expect(verses.get('JOB.40.15')).toMatch(/^He aquí ahora behemoth/);
    expect(verses.get('JOB.41.1')).toMatch(/^¿SACARÁS tú al leviathán/);
    expect(verses.get('HOS.11.12')).toMatch(/^CERCÓME Ephraim con mentira/);
    expect(verses.get('JON.2.1')).toMatch(/^Y oró Jonás desde el vientre del pez/);
    expect(verses.get('2CO.13.13')).toBe('Todos los santos os saludan.');
    expect(verses.get('2CO.13.14')).toMatch(/^La gracia del Señor Jesucristo/);
  });
});
