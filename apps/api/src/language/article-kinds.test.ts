import { describe, expect, it } from 'vitest';
import { articleKind, articleKindRows, articleKinds } from './article-kinds.ts';

describe('article kinds', () => {
  it.each(articleKindRows().map((row) => [`${row.file}:${row.line} ${row.pattern}`, row] as const))(
    '%s matches its examples and none of its counter-examples',
    (_, row) => {
      for (const example of row.examples) expect(example.toLowerCase(), row.pattern).toMatch(row.regex);
      for (const counter of row.counters) expect(counter.toLowerCase(), row.pattern).not.toMatch(row.regex);
    },
  );

  it("reads an article's kind from the first word of a kind in its opening", () => {
    expect(articleKind('Flight, or, according to others, stranger, an Egyptian, Sarah’s handmaid (Gen. 16:1)')).toBe(
      'person',
    );
    expect(articleKind('A cutting; separation; a gorge, a torrent-bed or winter-stream, a “brook,” in whose')).toBe(
      'place',
    );
    expect(articleKind('The chosen of Jehovah. Some contend that Mount Gerizim is meant')).toBe('place');
    expect(articleKind('(Dan. 5:25, 26), numbered, one of the words of the mysterious inscription')).toBe('other');
    expect(articleKind('Quick, “the Archite,” “the king’s friend” (1 Chr. 27:33).')).toBe('person');
    expect(articleKind('Heb. Yarden, “the descender;” the chief river of Palestine')).toBe('place');
    expect(articleKind('Alpha, the first letter of the Greek alphabet')).toBeUndefined();
  });

  it("reads each numbered part, and leaves out the name's meaning that opens an article", () => {
    expect(
      articleKinds('Laughter. (1) Israel, or the kingdom of the ten tribes. (2.) The only son of Abraham.'),
    ).toEqual(['place', 'person']);
    // "Mountain-goat" is Jael's name's meaning: she is a wife.
    expect(articleKinds('Mountain-goat, the wife of Heber the Kenite (Judg. 4:17-22).')).toEqual(['person']);
    // Only the article's opening holds a meaning: a numbered part opens with its bearer.
    expect(articleKinds('Asked for. (1.) The son of Kish (his only son), of the tribe of Benjamin.')).toEqual([
      'person',
    ]);
  });
});
