// The verifier's holes of issue 27, through the real answer path: the app on the fixture corpus, with Spanish, French
// and Septuagint texts and the books they cite added, asks a loopback OpenAI-protocol server that answers with
// scripted text; the citations of the finished answer are checked. Each case is a row of the verifier's table too
// (answer/citation-verifier.table.test.ts, "holes of issue 27").
import { appendFile, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Answer, Citation } from '@bible-qa/contract';
import type { DatabaseHandle } from '../../db/client.ts';
import { openTestPglite } from '../../test/databases.ts';
import { startFakeLlm, type FakeLlm } from '../../test/fake-llm.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { parseSse, type SseEventLike } from '../../test/test-users.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/corpus');

/** Books the cases cite that the fixture's books.json lacks, as the corpus's books.json has them. */
const BOOKS = [
  {
    code: '1KI',
    order: 11,
    testament: 'OT',
    chapters: 22,
    names: { en: '1 Kings', es: '1 Reyes', fr: '1 Rois', 'zh-Hans': '列王纪上', 'zh-Hant': '列王紀上' },
    abbr: { en: '1Kgs', osis: '1Kgs', 'zh-Hans': '王上', 'zh-Hant': '王上' },
  },
  {
    code: 'TOB',
    order: 67,
    testament: 'DC',
    chapters: 14,
    names: { en: 'Tobit', es: 'Tobías', fr: 'Tobie', 'zh-Hans': '多比传', 'zh-Hant': '多比傳' },
    abbr: { en: 'Tob', osis: 'Tob', 'zh-Hans': '多比', 'zh-Hant': '多比', 'zh-Hans-catholic': '多' },
    zhCatholic: { 'zh-Hans': '多俾亚传', 'zh-Hant': '多俾亞傳' },
  },
  {
    code: 'PS2',
    order: 82,
    testament: 'DC',
    chapters: 1,
    names: { en: 'Psalm 151', es: 'Salmo 151', fr: 'Psaume 151', 'zh-Hans': '诗篇第151篇', 'zh-Hant': '詩篇第151篇' },
    abbr: { en: 'Ps151', osis: 'Ps151', 'zh-Hans': '诗151', 'zh-Hant': '诗151' },
    zhCatholic: { 'zh-Hans': '圣咏第151篇', 'zh-Hant': '聖詠第151篇' },
  },
];

/** Verse texts as the corpus has them, each translation in its own numbering (the Septuagint's Psalm 22 is KJV 23). */
const TEXTS = {
  rv1909: {
    'JHN 3 16':
      'Porque de tal manera amó Dios al mundo, que ha dado á su Hijo unigénito, para que todo aquel que en él cree, no se pierda, mas tenga vida eterna.',
    'PSA 23 1': 'Salmo de David. JEHOVÁ es mi pastor; nada me faltará.',
    '1KI 3 9':
      'Da pues á tu siervo corazón dócil para juzgar á tu pueblo, para discernir entre lo bueno y lo malo: porque ¿quién podrá gobernar este tu pueblo tan grande?',
  },
  'darby-fr': {
    'JHN 3 16':
      'Car Dieu a tant aimé le monde, qu’il a donné son Fils unique, afin que quiconque croit en lui ne périsse pas, mais qu’il ait la vie éternelle.',
    'PSA 23 1': 'Psaume de David. L’Éternel est mon berger: je ne manquerai de rien.',
    '1KI 3 9':
      'Donne donc à ton serviteur un cœur qui écoute, pour juger ton peuple, pour discerner entre le bien et le mal; car qui est capable de juger ton si grand peuple?',
  },
  'giguet-lxx-fr': {
    'PSA 22 1': 'Le Seigneur est mon pasteur, et je ne manquerai de rien.',
    'PSA 23 1': 'La terre est au Seigneur, et tout ce qu’elle contient, le monde et ceux qui l’habitent.',
    'PSA 151 1': 'J’étais petit entre mes frères et le plus jeune dans la maison de mon père; je gardais ses brebis.',
  },
  cpdv: {
    'TOB 1 1':
      'Tobit was from the tribe and city of Naphtali (which is in the upper parts of Galilee above Asher, after the way, which leads to the west, that has on its left the city of Sephet).',
  },
} as const;
const META = {
  rv1909: { name: 'Reina-Valera 1909', language: 'es', tradition: 'protestant' },
  'darby-fr': { name: 'Bible Darby (1885)', language: 'fr', tradition: 'protestant' },
  'giguet-lxx-fr': {
    name: 'Ancien Testament selon les Septante, trad. P. Giguet (1872)',
    language: 'fr',
    tradition: 'orthodox',
  },
} as const;

let corpusDir: string;
let database: DatabaseHandle;
let llm: FakeLlm;
let t: Awaited<ReturnType<typeof buildTestApp>>;
let n = 0;

beforeAll(async () => {
  corpusDir = await mkdtemp(path.join(os.tmpdir(), 'verifier-corpus-'));
  await cp(FIXTURE, corpusDir, { recursive: true });
  const booksFile = path.join(corpusDir, 'books.json');
  const books = JSON.parse(await readFile(booksFile, 'utf8')) as { order: number }[];
  await writeFile(
    booksFile,
    JSON.stringify(
      [...books, ...BOOKS].sort((a, b) => a.order - b.order),
      null,
      1,
    ),
  );
  for (const [id, verses] of Object.entries(TEXTS)) {
    const lines = Object.entries(verses).map(([key, text]) => {
      const [book, chapter, verse] = key.split(' ');
      return JSON.stringify({ book, chapter: Number(chapter), verse: Number(verse), text });
    });
    await appendFile(path.join(corpusDir, `bibles/${id}.jsonl`), lines.join('\n') + '\n');
    const meta = META[id as keyof typeof META];
    if (meta) {
      const file = path.join(corpusDir, `bibles/${id}.meta.json`);
      await writeFile(file, JSON.stringify({ id, ...meta, license: 'Public Domain', source: 'the corpus' }));
    }
  }
  llm = await startFakeLlm();
  database = await openTestPglite();
  t = await buildTestApp({ database, env: { CORPUS_DIR: corpusDir, LLM_BASE_URL: llm.baseURL } });
  await t.container.services.corpus.ingest();
});
afterAll(async () => {
  await t.app.close();
  await t.container.close();
  await llm.close();
  await rm(corpusDir, { recursive: true, force: true });
});
beforeEach(() => {
  llm.requests.length = 0;
});

/** Asks with the model answering `text`, and returns the finished answer. */
async function answer(text: string, question: string, locale: string, expression = 'protestant'): Promise<Answer> {
  llm.setMode({ kind: 'normal', chunks: text.match(/[\s\S]{1,12}/g)! });
  const res = await t.app.inject({
    method: 'POST',
    url: '/webapi/portal/chat/ask',
    headers: { locale },
    payload: { question, expression, requestId: `holes-${(n += 1)}-${Date.now()}` },
  });
  const done = parseSse(res.body).at(-1) as SseEventLike & { answer: Answer };
  expect(done.answer.content).toBe(text);
  return done.answer;
}

/** The citations as [text, status, reference], and none fabricated unless asked. */
const summary = (citations: Citation[]) => citations.map((c) => [c.text, c.status, c.reference]);
const rules = () => (llm.requests[0]!.body.messages as { role: string; content: string }[])[0]!.content;

describe('the verifier on the model path (issue 27)', () => {
  it('reads an Orthodox reader’s Psalm numbers as the prompt asks, and never replaces a faithful quotation', async () => {
    const text =
      'The shepherd psalm opens “The LORD is my shepherd; I shall not want.” (Psalm 23:1). ' +
      'In your Bible it is Psalm 22:1.\n';
    const done = await answer(text, 'What does the shepherd psalm say?', 'en', 'orthodox');
    expect(rules()).toContain('Psalm 22:1 (23:1), not Psalm 23:1');
    expect(summary(done.citations)).toEqual([
      ['Psalm 23:1', 'linked', 'PSA.23.1'],
      ['Psalm 22:1', 'linked', 'PSA.23.1'],
    ]);
    // The text shown is the corpus's, the label the reader's numbering.
    expect(done.citations[0]!.verseText).toBe('A Psalm of David. The LORD is my shepherd; I shall not want.');
    expect(done.citations[0]!.label).toBe('Psalm 22:1 (23:1)');
    expect(done.verification).toEqual({ checked: 2, linked: 2, marked: 0 });
  });

  it('reads the Septuagint numbers of a French Orthodox reader’s own text', async () => {
    const text = '« Le Seigneur est mon pasteur, et je ne manquerai de rien. » (Psaume 22,1)\n';
    const done = await answer(text, 'Que dit le psaume du berger ?', 'fr-fr', 'orthodox');
    expect(summary(done.citations)).toEqual([['Psaume 22,1', 'linked', 'PSA.23.1']]);
    expect(done.citations[0]).toMatchObject({
      translation: 'giguet-lxx-fr',
      verseText: TEXTS['giguet-lxx-fr']['PSA 22 1'],
    });
  });

  it('resolves Spanish and French reference formats to the right verse', async () => {
    const es = await answer(
      'Dios amó al mundo (Jn 3,16). Salomón pidió un corazón dócil (1 R 3:9). El Señor es mi pastor (Sal 23:1).\n',
      '¿Qué dice Juan 3:16?',
      'es-es',
    );
    expect(summary(es.citations)).toEqual([
      ['Jn 3,16', 'linked', 'JHN.3.16'],
      ['1 R 3:9', 'linked', '1KI.3.9'],
      ['Sal 23:1', 'linked', 'PSA.23.1'],
    ]);
    expect(es.citations.map((c) => c.verseText)).toEqual([
      TEXTS.rv1909['JHN 3 16'],
      TEXTS.rv1909['1KI 3 9'],
      TEXTS.rv1909['PSA 23 1'],
    ]);
    const fr = await answer(
      'Dieu a tant aimé le monde (Jean 3.16 ; Jn 3,16). Salomon demanda un cœur qui écoute (1 R 3:9).\n',
      'Que dit Jean 3:16 ?',
      'fr-fr',
    );
    expect(summary(fr.citations)).toEqual([
      ['Jean 3.16', 'linked', 'JHN.3.16'],
      ['Jn 3,16', 'linked', 'JHN.3.16'],
      ['1 R 3:9', 'linked', '1KI.3.9'],
    ]);
    expect(fr.citations.every((c) => c.translation === 'darby-fr')).toBe(true);
  });

  it('marks a reference to a book that does not exist, with the quotation it vouched for', async () => {
    const text = 'Some say “God helps those who help themselves” (Hezekiah 3:16), but see John 3:16.\n';
    const done = await answer(text, 'Does God help those who help themselves?', 'en');
    expect(summary(done.citations)).toEqual([
      ['Hezekiah 3:16', 'invalid', null],
      ['John 3:16', 'linked', 'JHN.3.16'],
    ]);
    const [hezekiah] = done.citations;
    expect(text.slice(hezekiah!.quote!.start, hezekiah!.quote!.end)).toBe('God helps those who help themselves');
    expect(done.verification).toEqual({ checked: 2, linked: 1, marked: 1 });
  });

  it('marks a book outside a Protestant’s canon, shown only in their language', async () => {
    const text = 'David’s own psalm is Psalm 151:1; Tobit 1:1 and Sirach 1:1 open their books.\n';
    const done = await answer(text, 'What do the Apocrypha say?', 'en');
    expect(done.citations.map((c) => [c.text, c.status, c.reference, c.translation])).toEqual([
      // The one text of Psalm 151 is the French Septuagint: an English reader is shown none.
      ['Psalm 151:1', 'outside-canon', 'PS2.1.1', null],
      ['Tobit 1:1', 'outside-canon', 'TOB.1.1', 'cpdv'],
      ['Sirach 1:1', 'outside-canon', 'SIR.1.1', 'cpdv'],
    ]);
    expect(done.citations[0]!.verseText).toBeNull();
    expect(done.citations[1]!.verseText).toBe(TEXTS.cpdv['TOB 1 1']);
    expect(done.verification).toEqual({ checked: 3, linked: 0, marked: 3 });
    // For a Catholic reader Tobit is scripture, linked; Psalm 151 is outside their canon too.
    const catholic = await answer(text, 'What do the deuterocanonical books say?', 'en', 'catholic');
    expect(summary(catholic.citations)).toEqual([
      ['Psalm 151:1', 'outside-canon', 'PS2.1.1'],
      ['Tobit 1:1', 'linked', 'TOB.1.1'],
      ['Sirach 1:1', 'linked', 'SIR.1.1'],
    ]);
  });
});
