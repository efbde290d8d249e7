import { describe, expect, it } from 'vitest';
import type { Mood } from './kind-moods.ts';
import {
  forThePerson,
  prayedClause,
  prayedFor,
  type Person,
  type PrayedForm,
  type PrayedLanguage,
} from './prayed-words.ts';

type Case = [clause: string, lang: PrayedLanguage, moods: Mood[], book: string, form: PrayedForm, prayed: string];

describe('a verse’s clause said to God', () => {
  it.each<Case>([
    ['Heal me, O LORD, and I will be healed.', 'en', [], 'JER', 'addressed', 'Heal me, O LORD, and I will be healed'],
    ['耶和华啊，求你医治我，我便痊愈', 'zh', [], 'JER', 'addressed', '耶和华啊，求你医治我，我便痊愈'],
    ['Great is your faithfulness.', 'en', [], 'LAM', 'addressed', 'Great is your faithfulness'],
    ['你的信实极其广大', 'zh', [], 'LAM', 'addressed', '你的信实极其广大'],
    [
      'The LORD is my shepherd; I shall not want.',
      'en',
      [],
      'PSA',
      'toGod',
      'LORD, you are my shepherd; I shall not want',
    ],
    ['For the LORD is good,', 'en', [], 'PSA', 'toGod', 'LORD, you are good'],
    ['The LORD blesses the righteous.', 'en', [], 'PSA', 'toGod', 'LORD, you bless the righteous'],
    [
      'Yahweh is near to those who have a broken heart, and saves those who have a crushed spirit.',
      'en',
      [],
      'PSA',
      'toGod',
      'Yahweh, you are near to those who have a broken heart, and save those who have a crushed spirit',
    ],
    ['The LORD will keep you from all evil.', 'en', [], 'PSA', 'toGod', 'LORD, you will keep us from all evil'],
    ['The LORD bless you, and keep you.', 'en', [], 'NUM', 'toGod', 'LORD, bless us, and keep us'],
    ['the LORD your God is with you', 'en', [], 'JOS', 'toGod', 'LORD our God, you are with us'],
    ['耶和华是我的牧者，我必不至缺乏。', 'zh', [], 'PSA', 'toGod', '耶和华啊，你是我的牧者，我必不至缺乏'],
    ['耶和華是我的牧者，我必不至缺乏。', 'zh', [], 'PSA', 'toGod', '耶和華啊，你是我的牧者，我必不至缺乏'],
    ['耶和华必保护你，免受一切的灾害', 'zh', [], 'PSA', 'toGod', '耶和华啊，你必保护我们，免受一切的灾害'],
    ['願耶和華賜福給你，保護你', 'zh', [], 'NUM', 'toGod', '耶和華啊，求你賜福給我們，保護我們'],
    ['耶和华你的神必与你同在', 'zh', [], 'JOS', 'toGod', '耶和华我们的神啊，你必与我们同在'],
    ['Cast your burden on the LORD,', 'en', ['command'], 'PSA', 'command', 'to cast our burden on the LORD'],
    ['Do not be anxious about tomorrow,', 'en', ['command'], 'MAT', 'command', 'not to be anxious about tomorrow'],
    [
      'Don’t remember the former things, and don’t consider the things of old.',
      'en',
      ['command'],
      'ISA',
      'command',
      'not to remember the former things, and not to consider the things of old',
    ],
    [
      'Don’t be afraid. Don’t be discouraged.',
      'en',
      ['command'],
      'DEU',
      'command',
      'not to be afraid, and not to be discouraged',
    ],
    ['你们要将一切的忧虑卸给神', 'zh', ['command'], '1PE', 'command', '将一切的忧虑卸给神'],
    ['要爱你的邻舍如同自己', 'zh', ['command'], 'MAT', 'command', '爱我们的邻舍如同自己'],
    ['Two are better than one,', 'en', ['trust'], 'ECC', 'promise', 'two are better than one'],
    ['Jehová es mi pastor; nada me faltará.', 'es', [], 'PSA', 'toGod', 'Jehová, tú eres mi pastor; nada me faltará'],
    ['Jehová juzgará los pueblos', 'es', [], 'PSA', 'toGod', 'Jehová, tú juzgarás los pueblos'],
    [
      "L'Éternel est mon berger: je ne manquerai de rien.",
      'fr',
      [],
      'PSA',
      'toGod',
      'Éternel, tu es mon berger: je ne manquerai de rien',
    ],
  ])('%s (%s) is prayed', (clause, lang, moods, book, form, prayed) => {
    expect(prayedClause(clause, lang, moods, book)).toEqual({ form, text: prayed });
  });

  it.each<[clause: string, lang: PrayedLanguage, moods: Mood[], book: string, why: string]>([
    ['The LORD will sustain him on his sickbed,', 'en', [], 'PSA', 'is "him" God or the sick man?'],
    ['耶和华必扶持他；', 'zh', [], 'PSA', '他 may be God or another'],
    ['God so loved the world,', 'en', [], 'JHN', 'no verb to say to "you"'],
    ['The LORD is with you wherever you go.', 'en', [], 'JOS', '"you" is a verb’s subject'],
    [
      'God is able to make all grace abound to you, that you',
      'en',
      ['trust'],
      '2CO',
      '"you" after "that" opens a clause as its subject',
    ],
    ['神的恩典够你用的', 'zh', [], '2CO', '神 is not the subject'],
    ['主耶稣基督的恩惠', 'zh', [], '2CO', '主耶稣 is not 主 alone'],
    ['who forgives all your sins, who heals all your diseases', 'en', [], 'PSA', 'the psalmist speaks to his soul'],
    ['医治你的一切疾病', 'zh', [], 'PSA', 'the psalmist speaks to his soul'],
    ['Your faithfulness reaches to the skies', 'en', [], 'ROM', 'not a book of prayers'],
    ['那时，彼得进前来，对耶稣说：主啊，我弟兄得罪我', 'zh', [], 'MAT', 'a story tells of speaking'],
    ['Ask, and it will be given you.', 'en', ['command'], 'MAT', '"you" cannot be turned without the sentence'],
    ['Give me my share of your property.', 'en', ['command'], 'LUK', 'a story’s command to one of its people'],
    ['Love is patient and is kind', 'en', ['command'], '1CO', 'a subject, not a command'],
    ['Come, see the place where the Lord was lying.', 'en', ['command'], 'MAT', 'a story’s command'],
    ['which surpasses all understanding,', 'en', ['trust'], 'PHP', 'no sentence of its own'],
    ['You will keep whoever’s mind is steadfast in perfect peace', 'en', ['trust'], 'ISA', '"you" may be God'],
    ['是信实的神', 'zh', ['trust'], 'DEU', 'the tail of a sentence'],
    ['于是去投靠那地方的一个人', 'zh', ['trust'], 'LUK', 'a story'],
    ['Two are better than one,', 'en', [], 'ECC', 'no trust or praise in it'],
    [
      'the mind of the flesh is death, but the mind of the Spirit is life and peace',
      'en',
      ['trust'],
      'ROM',
      'no thanks for death',
    ],
    ['Jehová te bendiga, y te guarde', 'es', [], 'NUM', '"te" is not turned in Spanish'],
    ['L’Éternel garde tous ceux qui l’aiment', 'fr', [], 'PSA', 'l’ may be God'],
  ])('%s (%s) is quoted instead: %s', (clause, lang, moods, book) => {
    expect(prayedClause(clause, lang, moods, book)).toBeUndefined();
  });
});

describe('a prayer for someone', () => {
  it.each<[request: string, lang: PrayedLanguage, person: Person | undefined]>([
    ['my mother in hospital', 'en', 'she'],
    ['a friend who lost his job', 'en', 'he'],
    ['my family', 'en', 'they'],
    ['my exam tomorrow', 'en', undefined],
    ['我生病住院的母亲', 'zh', 'she'],
    ['為我的家人禱告', 'zh', 'they'],
    ['为失业找工作的人', 'zh', 'they'],
    ['我的考试', 'zh', undefined],
  ])('%s is prayed for as %s', (request, lang, person) => {
    expect(prayedFor(request, lang)).toBe(person);
  });

  it.each<[text: string, lang: PrayedLanguage, person: Person, said: string]>([
    ['Heal me, O LORD, and I will be healed', 'en', 'she', 'Heal her, O LORD, and she will be healed'],
    ['LORD, you are my shepherd; I shall not want', 'en', 'they', 'LORD, you are their shepherd; they shall not want'],
    ['I trust in you, O LORD', 'en', 'he', 'he trusts in you, O LORD'],
    ['I am poor and needy', 'en', 'they', 'they are poor and needy'],
    [
      '耶和华啊，求你医治我，我便痊愈，拯救我，我便得救',
      'zh',
      'she',
      '耶和华啊，求你医治她，她便痊愈，拯救她，她便得救',
    ],
    ['耶和華啊，你是我的牧者，我必不至缺乏', 'zh', 'they', '耶和華啊，你是他們的牧者，他們必不至缺乏'],
    ['耶和华啊，你必与我们同在', 'zh', 'he', '耶和华啊，你必与我们同在'],
  ])('%s is prayed for %s', (text, lang, person, said) => {
    expect(forThePerson(text, lang, person)).toBe(said);
  });
});
