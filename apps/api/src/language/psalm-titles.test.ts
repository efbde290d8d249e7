import { describe, expect, it } from 'vitest';
import { withoutPsalmTitle } from './psalm-titles.ts';

describe('withoutPsalmTitle', () => {
  it.each([
    [
      'For the Chief Musician. By the sons of Korah. According to Alamoth. God is our refuge and strength.',
      'God is our refuge and strength.',
    ],
    [
      'A Psalm by David. The LORD is my shepherd; I shall lack nothing.',
      'The LORD is my shepherd; I shall lack nothing.',
    ],
    [
      'For the Chief Musician. To the tune of “Lilies.” By David. Save me, God, for the waters have come up to my neck!',
      'Save me, God, for the waters have come up to my neck!',
    ],
    [
      'To the chief Musician for the sons of Korah, A Song upon Alamoth. God is our refuge and strength.',
      'God is our refuge and strength.',
    ],
    ['Salmo de David. JEHOVÁ es mi pastor; nada me faltará.', 'JEHOVÁ es mi pastor; nada me faltará.'],
    ['Al Músico principal: sobre Neginoth: Salmo de David. RESPÓNDEME cuando clamo.', 'RESPÓNDEME cuando clamo.'],
  ])('takes the title off %j', (verse, words) => {
    expect(withoutPsalmTitle(verse)).toBe(words);
  });

  it.each([
    'Blessed is the man who doesn’t walk in the counsel of the wicked.',
    'Praise the LORD! Blessed is the man who fears the LORD.',
    'The LORD is my shepherd; I shall lack nothing.',
  ])('leaves a first verse without a title as it is: %j', (verse) => {
    expect(withoutPsalmTitle(verse)).toBe(verse);
  });
});
