import { describe, expect, it } from 'vitest';
import { createBookCatalogue } from './book-names.ts';
import { TEST_BOOKS } from './fixtures/books.fixture.ts';
import { createReferenceFormatter, type FormatOptions } from './references.format.ts';
import type { BibleReference } from './references.types.ts';

const formatReference = createReferenceFormatter(createBookCatalogue(TEST_BOOKS));
const john316: BibleReference = { book: 'JHN', chapter: 3, verse: 16 };
const protestant = (locale: FormatOptions['locale']): FormatOptions => ({ locale, tradition: 'protestant' });

describe('formatReference', () => {
  it.each<[BibleReference, FormatOptions, string]>([
    [john316, protestant('zh-Hans'), '约翰福音 3:16'],
    [john316, protestant('zh-Hant'), '約翰福音 3:16'],
    [john316, { locale: 'zh-Hans', tradition: 'catholic' }, '若望福音 3:16'],
    [{ book: 'EXO', chapter: 20, verse: 3 }, { locale: 'zh-Hant', tradition: 'catholic' }, '出谷紀 20:3'],
    [{ book: 'ROM', chapter: 8, verse: 28 }, { locale: 'zh-Hans', tradition: 'catholic' }, '罗马书 8:28'],
    [john316, { locale: 'en', tradition: 'catholic' }, 'John 3:16'],
    [{ ...john316, endVerse: 18 }, protestant('en'), 'John 3:16-18'],
    [john316, protestant('fr'), 'Jean 3:16'],
    [john316, protestant('es'), 'Juan 3:16'],
    [{ book: 'GEN', chapter: 1, verse: 1, endChapter: 2, endVerse: 3 }, protestant('en'), 'Genesis 1:1-2:3'],
    [{ book: 'GEN', chapter: 1, endChapter: 3 }, protestant('zh-Hans'), '创世记 1-3章'],
    [{ book: 'PSA', chapter: 23 }, protestant('en'), 'Psalm 23'],
    [{ book: 'PSA', chapter: 23, verse: 1 }, protestant('en'), 'Psalm 23:1'],
    [{ book: 'PSA', chapter: 9, endChapter: 10 }, protestant('en'), 'Psalms 9-10'],
    [{ book: 'PSA', chapter: 23 }, protestant('zh-Hans'), '诗篇 23篇'],
    [{ book: 'PSA', chapter: 23 }, protestant('es'), 'Salmos 23'],
    [{ book: 'PS2', chapter: 1, verse: 3 }, protestant('en'), 'Psalm 151:3'],
    [{ ...john316, endChapter: 3 }, protestant('en'), 'John 3:16ff'],
    [{ ...john316, endChapter: 3 }, protestant('zh-Hans'), '约翰福音 3:16起'],
    [{ book: 'WIS', chapter: 3, verse: 1 }, { locale: 'zh-Hans', tradition: 'catholic' }, '智慧篇 3:1'],
    [{ book: 'JUD', chapter: 1, verse: 5 }, protestant('en'), 'Jude 1:5'],
  ])('formats %j in %j as %s', (ref, options, expected) => {
    expect(formatReference(ref, options)).toBe(expected);
  });
});
