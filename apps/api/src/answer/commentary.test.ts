import { describe, expect, it } from 'vitest';
import { commentaryCovering } from './commentary.ts';

const rows = [
  { id: 'mhc:JHN.3.intro' },
  { id: 'mhc:JHN.3.1-JHN.3.21' },
  { id: 'mhc:JHN.3.14-JHN.3.18' },
  { id: 'mhc:JHN.3.22-JHN.3.36' },
];

describe('commentaryCovering', () => {
  it('takes the narrowest section that covers the verse', () => {
    expect(commentaryCovering(rows, { book: 'JHN', chapter: 3, verse: 16 })?.id).toBe('mhc:JHN.3.14-JHN.3.18');
    expect(commentaryCovering(rows, { book: 'JHN', chapter: 3, verse: 2 })?.id).toBe('mhc:JHN.3.1-JHN.3.21');
    expect(commentaryCovering(rows, { book: 'JHN', chapter: 3, verse: 36 })?.id).toBe('mhc:JHN.3.22-JHN.3.36');
  });

  it('falls back to the chapter’s introduction, and to nothing', () => {
    expect(commentaryCovering(rows.slice(0, 1), { book: 'JHN', chapter: 3, verse: 16 })?.id).toBe('mhc:JHN.3.intro');
    expect(
      commentaryCovering([{ id: 'mhc:JHN.3.1-JHN.3.21' }], { book: 'JHN', chapter: 3, verse: 30 }),
    ).toBeUndefined();
  });
});
