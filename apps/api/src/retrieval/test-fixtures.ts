// A small multilingual fixture of real public-domain verses (CUV, KJV, RV1909, Darby, DRC) and one dictionary entry.
import type { PassageDoc } from './passage-index.ts';

const verse = (translation: string, lang: string, ref: string, text: string): PassageDoc => ({
  id: `${translation}:${ref}`,
  kind: 'verse',
  lang,
  translation,
  ref,
  testament: ref.startsWith('JHN') || ref.startsWith('ROM') || ref.startsWith('MAT') ? 'NT' : 'OT',
  text,
});

export const FIXTURE_DOCS: PassageDoc[] = [
  verse('cuv-hans', 'zh-Hans', 'JHN.3.16', '神爱世人，甚至将他的独生子赐给他们，叫一切信他的，不至灭亡，反得永生。'),
  verse('cuv-hans', 'zh-Hans', 'GEN.1.1', '起初神创造天地。'),
  verse('cuv-hans', 'zh-Hans', 'PSA.23.1', '（大卫的诗）耶和华是我的牧者，我必不至缺乏。'),
  verse('cuv-hans', 'zh-Hans', 'MAT.5.9', '使人和睦的人有福了！因为他们必称为神的儿子。'),
  verse('cuv-hant', 'zh-Hant', 'JHN.14.6', '耶穌說：「我就是道路、真理、生命；若不藉着我，沒有人能到父那裏去。'),
  verse('cuv-hant', 'zh-Hant', 'ROM.8.28', '我們曉得萬事都互相效力，叫愛神的人得益處，就是按他旨意被召的人。'),
  verse(
    'kjv',
    'en',
    'JHN.3.16',
    'For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish, but have everlasting life.',
  ),
  verse('kjv', 'en', 'PSA.23.1', 'A Psalm of David. The LORD is my shepherd; I shall not want.'),
  verse('kjv', 'en', 'MAT.5.9', 'Blessed are the peacemakers: for they shall be called the children of God.'),
  verse(
    'rv1909',
    'es',
    'JHN.3.16',
    'Porque de tal manera amó Dios al mundo, que ha dado á su Hijo unigénito, para que todo aquel que en él cree, no se pierda, mas tenga vida eterna.',
  ),
  verse('rv1909', 'es', 'PSA.23.1', 'Salmo de David. JEHOVÁ es mi pastor; nada me faltará.'),
  verse(
    'darby-fr',
    'fr',
    'JHN.3.16',
    'Car Dieu a tant aimé le monde, qu’il a donné son Fils unique, afin que quiconque croit en lui ne périsse pas, mais qu’il ait la vie éternelle.',
  ),
  verse('darby-fr', 'fr', 'PSA.23.1', 'Psaume de David. L’Éternel est mon berger: je ne manquerai de rien.'),
  {
    ...verse(
      'drc',
      'en',
      'TOB.1.1',
      'Tobias of the tribe and city of Nephtali, (which is in the upper parts of Galilee above Naasson, beyond the way that leadeth to the west, having on the right hand the city of Sephet,)',
    ),
    testament: 'DC',
    canons: ['catholic', 'orthodox'],
  },
  {
    id: 'eastons-dictionary:aaron#1',
    kind: 'entry',
    lang: 'en',
    collection: 'eastons-dictionary',
    title: 'Aaron',
    text: 'The eldest son of Amram and Jochebed, a daughter of Levi. <b>Shepherd</b> & brother of Moses.',
  },
];
