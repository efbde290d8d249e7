import { describe, expect, it } from 'vitest';
import { inQuotes } from './quote-marks.ts';

describe('inQuotes', () => {
  it('quotes a verse without marks of its own', () => {
    expect(inQuotes('Jesus wept.', 'en')).toBe('“Jesus wept.”');
    expect(inQuotes('Jésus pleura.', 'fr-fr')).toBe('« Jésus pleura. »');
    expect(inQuotes('Jesús lloró.', 'es-es')).toBe('«Jesús lloró.»');
  });

  it('does not double the mark a verse opens with (Matthew 6:14, issue 29)', () => {
    const verse = '“For if you forgive men their trespasses, your heavenly Father will also forgive you.';
    expect(inQuotes(verse, 'en')).toBe(`${verse}”`);
    expect(inQuotes('"For if you forgive men…', 'en')).toBe('“For if you forgive men…”');
    expect(inQuotes('« Car si vous pardonnez…', 'fr-fr')).toBe('« Car si vous pardonnez…»');
  });

  it('keeps a verse that is one whole quotation as it is, and opens one that ends a speech', () => {
    expect(inQuotes('“Come, follow me.”', 'en')).toBe('“Come, follow me.”');
    expect(inQuotes('and you will find rest for your souls.”', 'en')).toBe('“and you will find rest for your souls.”');
  });

  it('turns quotation marks inside the verse into the inner pair', () => {
    expect(inQuotes('He said, “Follow me.”', 'en')).toBe('“He said, ‘Follow me.’”');
    expect(inQuotes('“Follow me,” he said, “and I will make you fishers.”', 'en')).toBe(
      '“‘Follow me,’ he said, ‘and I will make you fishers.’”',
    );
    expect(inQuotes('Il dit : « Suivez-moi. »', 'fr-fr')).toBe('« Il dit : “ Suivez-moi. ” »');
  });
});
