import { describe, expect, it } from 'vitest';
import { guideAliasRules } from './guide-aliases.ts';

describe('the passage guide alias rules, one entry at a time', () => {
  const { rows, tooGeneric, shared } = guideAliasRules();
  it('lists each alias once per rule and language, in the form aliases are compared in', () => {
    const keys = rows.map((r) => `${r.rule} ${r.language} ${r.alias}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
    for (const row of rows)
      expect(row.alias, `guide-aliases.tsv:${row.line}`).toBe(row.alias.normalize('NFKC').trim().toLowerCase());
  });
  it('holds the generic words of every language and the names shared on purpose', () => {
    for (const word of ['神', 'god', 'dios', 'dieu']) expect(tooGeneric.has(word)).toBe(true);
    expect(shared.get('zh-Hans')).toEqual(['约瑟']);
  });
});
