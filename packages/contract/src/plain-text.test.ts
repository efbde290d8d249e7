import { describe, expect, it } from 'vitest';
import { modifyMemberRequestSchema, renameSessionSchema } from './index.ts';

describe('titles and names', () => {
  const disguised = 'invoice\u202Egnp.exe';

  it('lose their bidirectional controls, so a right-to-left override cannot disguise them', () => {
    const id = '0b7a4c2e-9d1f-4e3a-8b6c-5f2d1e0a9c7b';
    expect(renameSessionSchema.parse({ id, title: disguised }).title).toBe('invoicegnp.exe');
    const member = modifyMemberRequestSchema.parse({ name: `\u2067${disguised}\u2069`, pseudonym: '\u200Fruth' });
    expect(member).toMatchObject({ name: 'invoicegnp.exe', pseudonym: 'ruth' });
  });

  it('count as empty when nothing but controls and spaces is left', () => {
    expect(
      renameSessionSchema.safeParse({ id: '0b7a4c2e-9d1f-4e3a-8b6c-5f2d1e0a9c7b', title: ' \u202E ' }).success,
    ).toBe(false);
  });
});
