import { describe, expect, it } from 'vitest';
import { compilePattern, rewriter } from './lexicon.ts';

describe('compilePattern', () => {
  it('matches Latin words whole, with spacing or punctuation between them', () => {
    const re = compilePattern('want to die');
    expect(re.test('i just want to die')).toBe(true);
    expect(re.test('want, to die')).toBe(true);
    expect(re.test('i want to diet')).toBe(false);
    expect(re.test('unwant to die')).toBe(false);
  });

  it('reads * as any letters of a word', () => {
    const re = compilePattern('suicid*');
    expect(re.test('is suicide a sin')).toBe(true);
    expect(re.test('feeling suicidal')).toBe(true);
    expect(re.test('presuicide')).toBe(false);
  });

  it('reads … as a gap of up to three words within a sentence', () => {
    const re = compilePattern('want … die');
    expect(re.test('want to just die')).toBe(true);
    expect(re.test('want to really truly just die')).toBe(false);
    expect(re.test('i want it. they die')).toBe(false);
  });

  it('reads … between Chinese characters as a gap of up to eight characters within a sentence', () => {
    const re = compilePattern('想…死');
    expect(re.test('有时候真想就这样死掉')).toBe(true);
    expect(re.test('想。死')).toBe(false);
  });

  it('reads a group as a choice, and an empty choice as optional', () => {
    const re = compilePattern('(不想|不要)(再|)活');
    expect(re.test('不想活')).toBe(true);
    expect(re.test('不要再活')).toBe(true);
    expect(re.test('不能活')).toBe(false);
    const latin = compilePattern('should (just |)die');
    expect(latin.test('i should die')).toBe(true);
    expect(latin.test('i should just die')).toBe(true);
    expect(latin.test('i should justdie')).toBe(false);
  });

  it('lets Chinese and Latin words stand side by side', () => {
    expect(compilePattern('想 die').test('我真的好想 die')).toBe(true);
    expect(compilePattern('想 die').test('我真的好想die')).toBe(true);
  });

  it('refuses an unbalanced group', () => {
    expect(() => compilePattern('(a|b')).toThrow(/unclosed/);
    expect(() => compilePattern('a)b')).toThrow(/unbalanced/);
  });
});

describe('rewriter', () => {
  const rewrite = rewriter([
    { file: 't', line: 1, from: 'im', to: 'i am', example: 'im done' },
    { file: 't', line: 2, from: '唔', to: '不', example: '唔想' },
  ]);
  it('replaces whole Latin words and Chinese characters wherever they stand', () => {
    expect(rewrite('im done, him too')).toBe('i am done, him too');
    expect(rewrite('我唔想')).toBe('我不想');
  });
});

describe('readNamedPatterns', () => {
  it('reads every named pattern of the language room, and each matches its examples and misses the others', async () => {
    const { readdirSync } = await import('node:fs');
    const { LEXICON_DIR, readNamedPatterns } = await import('./lexicon.ts');
    const files = readdirSync(LEXICON_DIR).filter((f) => f.endsWith('.patterns.tsv'));
    for (const file of files)
      for (const pattern of readNamedPatterns(file).values()) {
        for (const text of pattern.matches)
          expect(pattern.regex.test(text), `${file}:${pattern.line} ${text}`).toBe(true);
        for (const text of pattern.misses)
          expect(pattern.regex.test(text), `${file}:${pattern.line} ${text}`).toBe(false);
      }
  });
});

describe('anyOf', () => {
  it('matches where any of the lines matches, and joins only patterns of flag u', async () => {
    const { anyOf } = await import('./lexicon.ts');
    const either = anyOf([{ regex: compilePattern('焦虑') }, { regex: compilePattern('anxious') }]);
    expect(either.test('我很焦虑')).toBe(true);
    expect(either.test('i am anxious')).toBe(true);
    expect(either.test('i am calm')).toBe(false);
    expect(anyOf([]).test('anything')).toBe(false);
    expect(() => anyOf([{ regex: /a/gi }])).toThrow(/flag u only/);
  });
});
