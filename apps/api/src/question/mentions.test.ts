import { describe, expect, it } from 'vitest';
import { createReferenceParser } from '../scripture/references.parser.ts';
import { TEST_BOOKS } from '../scripture/fixtures/books.fixture.ts';
import { createQuestionAnalyser } from './analyse.ts';
import { createScriptureFinder } from './mentions.ts';

const parser = createReferenceParser(TEST_BOOKS);
const finder = createScriptureFinder(parser);
const analyser = createQuestionAnalyser({ parser });
const en = { language: 'en', tradition: 'protestant' } as const;
const es = { language: 'es', tradition: 'protestant' } as const;
const books = (text: string, reader: { language: 'en' | 'es'; tradition: 'protestant' } = en) =>
  analyser.analyse(text, reader).books;

describe('the one book finder', () => {
  it('reads "my job" as a job, for the retriever (the analysis) and the intent (the finder) alike', () => {
    for (const text of [
      'What does the Bible say about doing my job well?',
      'how should a christian treat his boss at his job',
      'I got a mark on my exam',
    ]) {
      expect(books(text)).toEqual([]);
      expect(finder.mentions(text)).toBe(false);
    }
  });

  it('searches "my job" as work, so that the text search does not find Job the man in every verse of his book', () => {
    const analysis = analyser.analyse('a prayer for a friend who lost his job', en);
    expect(analysis.english).toBe('a prayer for a friend who lost his work');
    expect(analysis.textQuery).toBe(analysis.english);
    expect(analyser.analyse('What does Job say about suffering?', en).textQuery).toContain('Job');
  });

  it('reads Job, capitalised or after "book of", as the book', () => {
    expect(books('What does Job say about suffering?')).toEqual(['JOB']);
    expect(books('what does the book of job say about suffering')).toEqual(['JOB']);
    expect(finder.all('Read Job 3 and James').map((m) => [m.book, m.passage])).toEqual([
      ['JOB', true],
      ['JAS', false],
    ]);
  });

  it('reads Spanish "Judas" as the man, and "la carta de Judas" as the letter', () => {
    expect(books('¿Por qué Judas traicionó a Jesús?', es)).toEqual([]);
    expect(books('¿Qué enseña la carta de Judas?', es)).toEqual(['JUD']);
    // An English reader's "Judas" is never the Spanish name of Jude.
    expect(books('Who replaced Judas as an apostle?')).toEqual([]);
  });

  it('reads a book’s name inside the longer name of someone the guide knows as theirs, not the book', () => {
    expect(books('Who was the father of John the Baptist?')).toEqual([]);
    expect(books('What did John the Baptist eat?')).toEqual([]);
    // The book's name alone, or beside the person's name, is still the book.
    expect(books('What does John say about love?')).toEqual(['JHN']);
    expect(books('What does Job say about suffering?')).toEqual(['JOB']);
  });

  it('takes the books it found out of what they are searched with', () => {
    const analysis = analyser.analyse('What does Sirach say about friendship?', en);
    expect(analysis.books).toEqual(['SIR']);
    expect(analysis.withoutBooks).toBe('what does   say about friendship?');
  });
});

describe('the guide topics a question is read with', () => {
  const topics = (text: string, reader: { language: 'en' | 'es' | 'zh-Hans'; tradition: 'protestant' } = en) =>
    analyser
      .analyse(text, reader)
      .guide.filter((g) => g.match.entry.kind === 'topic')
      .map((g) => g.match.entry.id);

  it('are those a writer’s own distress speaks to, though the words name none of their aliases', () => {
    expect(topics("my mom just died and i don't know how to cope")).toEqual(['grief']);
    // A topic the words name comes first, the writer's distress after it.
    expect(topics('murió mi papá y estoy muy triste', { language: 'es', tradition: 'protestant' })).toEqual([
      'sadness',
      'grief',
    ]);
    expect(topics('觉得自己一无是处，活着没什么价值', { language: 'zh-Hans', tradition: 'protestant' })).toContain(
      'self-worth',
    );
  });

  it('are not added to a question about someone in the Bible, nor twice when the question names one', () => {
    expect(topics('How old was Moses when he died?')).toEqual([]);
    expect(topics('Why did Jesus weep when Lazarus died?')).toEqual([]);
    expect(topics('I am so anxious since my father died, what does the Bible say about anxiety?')).toEqual([
      'anxiety',
      'grief',
    ]);
  });
});
