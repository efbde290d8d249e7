import { describe, expect, it } from 'vitest';
import { withoutInterludes, withoutPsalmTitle } from './psalm-titles.ts';

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

describe('withoutInterludes', () => {
  it.each([
    [
      'Confiad en él en todo tiempo, oh pueblos; derramad delante de él vuestro corazón: Dios es nuestro amparo. (Selah.)',
      'Confiad en él en todo tiempo, oh pueblos; derramad delante de él vuestro corazón: Dios es nuestro amparo.',
    ],
    [
      'Trust in him at all times, you people. Pour out your heart before him. God is a refuge for us. Selah.',
      'Trust in him at all times, you people. Pour out your heart before him. God is a refuge for us.',
    ],
    ['有许多人议论我说：他得不着神的帮助。（细拉）', '有许多人议论我说：他得不着神的帮助。'],
    [
      'L’Éternel des armées est avec nous; le Dieu de Jacob nous est une haute retraite. Sélah.',
      'L’Éternel des armées est avec nous; le Dieu de Jacob nous est une haute retraite.',
    ],
    [
      'The LORD of Armies is with us. The God of Jacob is our refuge. Selah. Come, see the LORD’s works',
      'The LORD of Armies is with us. The God of Jacob is our refuge. Come, see the LORD’s works',
    ],
  ])('%s', (text, words) => {
    expect(withoutInterludes(text)).toBe(words);
  });

  it('leaves a name that holds the mark’s letters, and a text without a mark, as they are', () => {
    for (const text of [
      'After Methuselah’s birth, Enoch walked with God.',
      '亚第业是雅希细拉的儿子',
      'the pool of Selah',
    ])
      expect(withoutInterludes(text)).toBe(text);
  });
});
