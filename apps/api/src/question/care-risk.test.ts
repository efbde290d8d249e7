import { describe, expect, it } from 'vitest';
import { readRewriteList } from '../language/lexicon.ts';
import { foldForLexicon } from '../language/fold.ts';
import { careLists, careText, lineMatches, readRisk } from './care-risk.ts';

describe('the care lists, one line at a time', () => {
  const { risk, context } = careLists();
  it('has lines in every language', () => {
    for (const lang of ['zh', 'en', 'es', 'fr'])
      expect(risk.filter((r) => r.file === `care-risk.${lang}.tsv`).length).toBeGreaterThan(50);
  });
  it.each([...risk, ...context].map((row) => [`${row.file}:${row.line} ${row.tag}`, row] as const))(
    '%s matches its example and not its counter-example',
    (_name, row) => {
      for (const example of row.examples) expect(lineMatches(row, example), example).toBe(true);
      if (row.counter) expect(lineMatches(row, row.counter), row.counter).toBe(false);
    },
  );
  it.each(readRewriteList('care-rewrite.tsv').map((row) => [`${row.file}:${row.line} ${row.from}`, row] as const))(
    '%s is found in its example',
    (_name, row) => {
      expect(foldForLexicon(row.example)).toContain(row.from);
    },
  );
});

describe('readRisk', () => {
  it.each([
    '不想活了啦 真的撑不下去了',
    '好想紫砂 不是开玩笑的那种',
    '我唔想再撐落去 真係想死',
    'honestly i just want to kms',
    'i want to 死了算了 im so done with everything',
    'ya no kiero vivir',
    'jveux mourir serieux',
  ])('reads %s as a crisis in the words people write', (text) => {
    expect(readRisk(text).level).toBe('crisis');
  });

  it('mends a typing slip in a long word', () => {
    expect(careText('i keep thinking about sucide')).toContain('suicide');
    expect(readRisk('i want to kill mysefl').level).toBe('crisis');
  });

  it('leaves alone a real word one slip from a word of the lists', () => {
    expect(careText('a blessing for my hunting trip, thanks for caring')).toBe(
      'a blessing for my hunting trip, thanks for caring',
    );
    expect(careText('je vais perdre mon travail')).toContain('perdre');
  });

  it('reads a wish to die said in the negative as no crisis', () => {
    expect(readRisk('I do not want to die, I am scared of the surgery').level).toBeUndefined();
    expect(readRisk('我不想死，明天手术好害怕').level).toBeUndefined();
  });

  it('reads a hurt done by someone else as no risk, and a hurt done to oneself as one', () => {
    // Unseen phrasings (the train part's hurt-by-others messages are other sentences).
    expect(readRisk('How can I forgive my brother who betrayed me?').level).toBeUndefined();
    expect(readRisk('my boss humiliated me in front of everyone, how do I forgive?').level).toBeUndefined();
    expect(readRisk('怎么原谅一个伤害我很深的人').level).toBeUndefined();
    expect(readRisk('I want to hurt myself').level).toBe('crisis');
    expect(readRisk('sometimes I cut myself when people hurt me').level).toBe('crisis');
  });

  it('reads loneliness said plainly as no risk, and loneliness with a wish to die as a crisis', () => {
    // Unseen phrasings (the train part's lonely messages are other sentences): "solo" weighed as in "solo quiero morir".
    expect(readRisk('Me siento muy solo, ¿qué dice la Biblia?').level).toBeUndefined();
    expect(readRisk('Je me sens seul ce soir, que faire ?').level).toBeUndefined();
    expect(readRisk('Me siento sola, nadie me quiere, mejor me muero').level).toBe('crisis');
    expect(readRisk('Estoy solo y quiero morir').level).toBe('crisis');
  });

  it('reads an object or a place with a time or a thought that will not stop as a plan', () => {
    expect(readRisk('my dads gun is in the closet and i cant stop thinking about it').level).toBe('crisis');
    expect(readRisk('my dad keeps a gun in the closet').level).not.toBe('crisis');
  });

  it('reads a blow to the writer’s life with a finality, or affairs put in order with another, as a crisis', () => {
    // A blow alone, or a provision alone, is no sign.
    expect(readRisk('I lost my job last week and I am worried about the rent').level).not.toBe('crisis');
    expect(readRisk('I am 70 and updating my will, which psalm fits a letter to my grandchildren?').level).not.toBe(
      'crisis',
    );
    // With a finality, a decision or a second provision, they are.
    const signs = (text: string) => readRisk(text).signs.map((sign) => sign.at);
    expect(signs('Laid off at 52 and in debt. Nothing left for me')).toContain(
      'concepts: a blow with a finality, an ending or a means',
    );
    const provisions = 'concepts: affairs put in order, with a blow, a finality, a time or another provision';
    expect(signs('I wrote letters to each of my kids and gave away my tools')).toContain(provisions);
    expect(signs('卡债一百多万，每天被催，都安排好了')).toContain(provisions);
  });

  it('sets aside a risk word about a figure of the Bible asked about, unless the writer speaks of themselves', () => {
    const judas = readRisk('Why did Judas kill himself instead of repenting like Peter did?');
    expect(judas.level).toBeUndefined();
    expect(judas.aboutFigure).toBe(true);
    expect(readRisk('约拿说“我死了比活着还好”，他为什么想死？').level).toBeUndefined();
    expect(readRisk('Jonah said it is better for me to die than to live. Why?').level).toBeUndefined();
    expect(readRisk('I feel like Elijah under the broom tree, I want to die').level).toBe('crisis');
  });

  it('reads self-harm named as a subject as a topic, and as a crisis when the writer speaks of themselves', () => {
    expect(readRisk('Do people who die by suicide go to heaven?').level).toBe('topic');
    expect(readRisk('If I commit suicide will I go to hell?').level).toBe('crisis');
  });

  it('carries a crisis on to the next messages of the conversation', () => {
    const reading = readRisk('is that enough', { history: ['i have a bottle of pills next to me'] });
    expect(reading.level).toBe('crisis');
    expect(reading.fromHistory).toBe(true);
    expect(readRisk('is that enough').level).toBeUndefined();
    // A short reply is read with every recent message, not only the last one.
    const spread = readRisk('tonight', { history: ['i have a bottle of pills', 'my wife is away this week'] });
    expect(spread.level).toBe('crisis');
    expect(readRisk('诗篇23篇是什么意思？', { history: ['我不想活了'] }).fromHistory).toBe(true);
  });

  it('asks nothing of a plain Bible question', () => {
    for (const text of ['摩西活了多少岁？', 'What does the Bible say about forgiveness?', '¿Quién traicionó a Jesús?'])
      expect(readRisk(text)).toMatchObject({ level: undefined, signs: [] });
  });
});
