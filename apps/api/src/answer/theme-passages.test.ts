import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { passagesOfThemes, SITUATION_THEMES, THEME_PASSAGES, themesOf } from './theme-passages.ts';
import { normalise } from '../language/domain-words.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** The full corpus, where the checkout sits beside it (config's CORPUS_DIR default). */
const CORPUS = path.resolve(HERE, '../../../../../shared/corpus');
/** Translations in KJV numbering: a curated verse must exist, with words, in each. */
const TRANSLATIONS = ['kjv', 'webbe', 'cuv-hans', 'cuv-hant', 'rv1909', 'darby-fr'];

function versesOf(ref: string): string[] {
  const m = /^(\w{3})\.(\d+)\.(\d+)(?:-\w{3}\.(\d+)\.(\d+))?$/.exec(ref);
  if (!m) throw new Error(`not a corpus reference: ${ref}`);
  const [book, chapter, from] = [m[1]!, Number(m[2]), Number(m[3])];
  if (m[4] && Number(m[4]) !== chapter) throw new Error(`curated passages stay in one chapter: ${ref}`);
  const to = m[5] ? Number(m[5]) : from;
  return Array.from({ length: to - from + 1 }, (_, i) => `${book}.${chapter}.${from + i}`);
}

describe('curated theme passages', () => {
  it.skipIf(!existsSync(CORPUS))('exist, with their words, in every KJV-numbered translation of the corpus', () => {
    const wanted = new Set(Object.values(THEME_PASSAGES).flat().flatMap(versesOf));
    for (const id of TRANSLATIONS) {
      const found = new Map<string, string>();
      for (const line of readFileSync(path.join(CORPUS, 'bibles', `${id}.jsonl`), 'utf8').split('\n')) {
        if (!line) continue;
        const v = JSON.parse(line) as { book: string; chapter: number; verse: number; text: string };
        const key = `${v.book}.${v.chapter}.${v.verse}`;
        if (wanted.has(key)) found.set(key, v.text);
      }
      const missing = [...wanted].filter(
        (k) => !(found.get(k) ?? '').trim() || /并于上节|並於上節/.test(found.get(k)!),
      );
      expect({ id, missing }).toEqual({ id, missing: [] });
    }
  });

  it('chooses healing passages first for a prayer for a sick mother, then family ones', () => {
    const themes = themesOf(normalise('請為我生病的母親寫一段禱告文'));
    expect(themes[0]).toBe('illness');
    expect(passagesOfThemes(themes)[0]).toBe('JAS.5.14-JAS.5.15');
  });

  it.each([
    ['請為我生病住院的母親寫一段禱告文', 'hospital', 'PSA.6.2'],
    ["A prayer for my father's surgery tomorrow", 'surgery', 'PSA.56.3'],
    ['Une prière pour notre déménagement dans une nouvelle ville', 'moving', 'GEN.12.1'],
    ['为夫妻之间的争吵写一段祷告', 'quarrel', 'EPH.4.26'],
  ])('puts the situation %s names before its broader theme (%s)', (text, situation, first) => {
    const themes = themesOf(normalise(text));
    expect(themes[0]).toBe(situation);
    expect(themes.length).toBeGreaterThan(1);
    expect(passagesOfThemes(themes)[0]).toBe(first);
  });

  it('gives each situation a set no other set shares a verse with', () => {
    for (const situation of SITUATION_THEMES) {
      const own = new Set(THEME_PASSAGES[situation].flatMap(versesOf));
      const others = Object.entries(THEME_PASSAGES).filter(([theme]) => theme !== situation);
      for (const [theme, refs] of others)
        expect({ situation, theme, shared: refs.flatMap(versesOf).filter((v) => own.has(v)) }).toEqual({
          situation,
          theme,
          shared: [],
        });
    }
  });

  it.each([
    ['Write a prayer of thanks for our meal', 'thanksgiving'],
    ['Un poema para la boda de mi hermana', 'marriage'],
    ['Une prière pour le voyage de demain', 'travel'],
    ['关于浪子回头的讲道大纲', 'repentance'],
    ['I am so anxious about my exams', 'anxiety'],
    ['为洪水中的灾民写一段祷告', 'disaster'],
    ['A prayer for families who lost their homes in the wildfires', 'disaster'],
    ['A prayer for my grandfather who is dying', 'dying'],
    ['为病危的父亲写一段祷告', 'dying'],
    ['Une prière pour ma mère en fin de vie', 'dying'],
  ])('reads %s as %s', (text, theme) => {
    expect(themesOf(normalise(text))).toContain(theme);
  });

  it('knows no theme in a request that names none', () => {
    expect(themesOf(normalise('写一首诗'))).toEqual([]);
  });
});
