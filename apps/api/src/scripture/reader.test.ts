import { describe, expect, it } from 'vitest';
import type { Expression } from '@bible-qa/contract';
import { createReaderResolver } from './reader.ts';

function resolver(accounts: Record<string, Expression>, editionExpression: Expression = 'none') {
  const asked: string[] = [];
  const readers = createReaderResolver({
    accountExpression: async (userId) => {
      asked.push(userId);
      return accounts[userId];
    },
    editionExpression,
  });
  return { readers, asked };
}

describe('the reader resolver', () => {
  it("takes the request's expression first, without reading the account", async () => {
    const { readers, asked } = resolver({ u1: 'orthodox' });
    expect(await readers.readerOf({ locale: 'en', expression: 'catholic', userId: 'u1' })).toEqual({
      language: 'en',
      tradition: 'catholic',
    });
    expect(asked).toEqual([]);
  });

  it("falls back to the account's tradition, then the edition's default", async () => {
    const { readers } = resolver({ u1: 'orthodox' }, 'catholic');
    expect(await readers.traditionOf({ locale: 'zh-cn', userId: 'u1' })).toBe('orthodox');
    expect(await readers.traditionOf({ locale: 'zh-cn', userId: 'u2' })).toBe('catholic');
    expect(await readers.traditionOf({ locale: 'zh-cn' })).toBe('catholic');
    expect(await readers.expressionOf({ locale: 'zh-cn' })).toBe('catholic');
  });

  it('reads no preference as the Protestant canon, and the language from lang before the locale', async () => {
    const { readers } = resolver({});
    expect(await readers.readerOf({ locale: 'zh-tw', expression: 'none' })).toEqual({
      language: 'zh-Hant',
      tradition: 'protestant',
    });
    expect((await readers.readerOf({ locale: 'zh-tw', lang: 'fr' })).language).toBe('fr');
  });
});
