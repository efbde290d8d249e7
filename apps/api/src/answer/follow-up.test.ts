import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createReferenceParser } from '../scripture/references.parser.ts';
import { retrievalQuestion } from './follow-up.ts';
import { createScriptureFinder } from '../question/mentions.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../test/fixtures/corpus/books.json');
const parser = createReferenceParser(JSON.parse(readFileSync(FIXTURE, 'utf8')));
const scripture = createScriptureFinder(parser);
const options = {
  language: 'zh-Hans' as const,
  bookName: (code: string) => parser.catalogue.name(code, 'zh-Hans', 'protestant'),
};
const turns = (...questions: string[]) => questions.map((question) => ({ question }));

describe('retrievalQuestion', () => {
  it('searches a follow-up that names its own book for its own words only', () => {
    expect(
      retrievalQuestion(
        '诗篇主要讲了什么？',
        turns('罗马书8:28是什么意思？'),
        scripture.mentions('诗篇主要讲了什么？'),
        scripture,
        options,
      ),
    ).toBe('诗篇主要讲了什么？');
  });

  it('resolves “this book” to the book of the latest passage named', () => {
    expect(
      retrievalQuestion(
        '这卷书讲了什么？',
        turns('创世记1:1', '罗马书8:28是什么意思？'),
        scripture.mentions('这卷书讲了什么？'),
        scripture,
        options,
      ),
    ).toBe('这卷书讲了什么？ 罗马书');
  });

  it('resolves a pronoun in a short question to the passage named before', () => {
    expect(
      retrievalQuestion(
        'Who wrote it?',
        turns('What does John 3:16 mean?'),
        scripture.mentions('Who wrote it?'),
        scripture,
        { ...options, language: 'en' },
      ),
    ).toBe('Who wrote it? John 3:16');
  });

  it('leaves a longer question with a pronoun as it is', () => {
    const question = 'What does it mean to be born again and saved by grace?';
    expect(
      retrievalQuestion(question, turns('What does John 3:16 mean?'), scripture.mentions(question), scripture, options),
    ).toBe(question);
  });

  it('finds a bare book name the reader used earlier', () => {
    expect(
      retrievalQuestion(
        '这本书的作者是谁？',
        turns('诗篇讲了什么？'),
        scripture.mentions('这本书的作者是谁？'),
        scripture,
        options,
      ),
    ).toBe('这本书的作者是谁？ 诗篇');
  });

  it('uses the earlier question’s words when it named no book', () => {
    expect(
      retrievalQuestion(
        '它有几个部分？',
        turns('登山宝训讲了什么？'),
        scripture.mentions('它有几个部分？'),
        scripture,
        options,
      ),
    ).toBe('它有几个部分？ 登山宝训讲了什么？');
  });

  it('changes nothing at the start of a conversation', () => {
    expect(retrievalQuestion('这卷书讲了什么？', [], scripture.mentions('这卷书讲了什么？'), scripture, options)).toBe(
      '这卷书讲了什么？',
    );
  });
});
