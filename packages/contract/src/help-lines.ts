/**
 * The help lines a reader at risk is given first (spec §1's care for readers; decision 0036): crisis and emergency
 * numbers for the regions of the five languages, each checked against a public source on the date given. The API
 * writes them into its help line; the web app makes exactly these numbers tappable (tel: links) and no other.
 */
export interface HelpLine {
  region: string;
  name: string;
  /** As dialled, digits and spaces. */
  number: string;
  kind: 'crisis' | 'emergency';
  source: string;
  checked: string;
}

export const HELP_LINES: readonly HelpLine[] = [
  {
    region: 'CN',
    name: '心理援助热线',
    number: '12356',
    kind: 'crisis',
    source: 'https://www.bjreview.com.cn/China/202501/t20250120_800390401.html',
    checked: '2026-11-29',
  },
  {
    region: 'CN',
    name: '急救',
    number: '120',
    kind: 'emergency',
    source:
      'https://comprenders.com/en/lang/chinese/internet/emergency-numbers-and-when-to-call-each-service-in-china/',
    checked: '2026-11-29',
  },
  {
    region: 'CN',
    name: '报警',
    number: '110',
    kind: 'emergency',
    source:
      'https://comprenders.com/en/lang/chinese/internet/emergency-numbers-and-when-to-call-each-service-in-china/',
    checked: '2026-11-29',
  },
  {
    region: 'HK',
    name: 'The Samaritans 撒瑪利亞會',
    number: '2896 0000',
    kind: 'crisis',
    source: 'https://csrp.hku.hk/getting-help/',
    checked: '2026-11-29',
  },
  {
    region: 'HK',
    name: 'The Samaritan Befrienders Hong Kong 香港撒瑪利亞防止自殺會',
    number: '2389 2222',
    kind: 'crisis',
    source: 'https://csrp.hku.hk/getting-help/',
    checked: '2026-11-29',
  },
  {
    region: 'HK',
    name: 'Emergency',
    number: '999',
    kind: 'emergency',
    source: 'https://csrp.hku.hk/getting-help/',
    checked: '2026-11-29',
  },
  {
    region: 'TW',
    name: '安心專線',
    number: '1925',
    kind: 'crisis',
    source: 'https://udn.com/news/story/7266/9329707',
    checked: '2026-11-29',
  },
  {
    region: 'TW',
    name: '消防救護',
    number: '119',
    kind: 'emergency',
    source: 'https://www.nfa.gov.tw/kid/index.php?code=list&ids=657',
    checked: '2026-11-29',
  },
  {
    region: 'TW',
    name: '報案',
    number: '110',
    kind: 'emergency',
    source: 'https://www.nfa.gov.tw/kid/index.php?code=list&ids=657',
    checked: '2026-11-29',
  },
  {
    region: 'US/CA',
    name: '988 Suicide & Crisis Lifeline',
    number: '988',
    kind: 'crisis',
    source: 'https://dailyhive.com/canada/988-suicide-crisis-helpline-launch',
    checked: '2026-11-29',
  },
  {
    region: 'US/CA',
    name: 'Emergency',
    number: '911',
    kind: 'emergency',
    source:
      'https://www.msdmanuals.com/fr/accueil/les-faits-en-bref-troubles-mentaux/comportement-suicidaire-et-automutilation/comportement-suicidaire',
    checked: '2026-11-29',
  },
  {
    region: 'UK/IE',
    name: 'Samaritans',
    number: '116 123',
    kind: 'crisis',
    source: 'https://www.samaritans.org/how-we-can-help/contact-samaritan/',
    checked: '2026-11-29',
  },
  {
    region: 'UK',
    name: 'Emergency',
    number: '999',
    kind: 'emergency',
    source: 'https://www.samaritans.org/how-we-can-help/contact-samaritan/',
    checked: '2026-11-29',
  },
  {
    region: 'EU',
    name: 'Emergency',
    number: '112',
    kind: 'emergency',
    source:
      'https://www.msdmanuals.com/fr/accueil/les-faits-en-bref-troubles-mentaux/comportement-suicidaire-et-automutilation/comportement-suicidaire',
    checked: '2026-11-29',
  },
  {
    region: 'AU',
    name: 'Lifeline',
    number: '13 11 14',
    kind: 'crisis',
    source: 'https://en.wikipedia.org/wiki/Lifeline_(crisis_support_service)',
    checked: '2026-11-29',
  },
  {
    region: 'AU',
    name: 'Emergency',
    number: '000',
    kind: 'emergency',
    source: 'https://lifelineh2h.org.au/get-help/telephone-crisis-support/faqs/',
    checked: '2026-11-29',
  },
  {
    region: 'ES',
    name: 'Línea 024 de atención a la conducta suicida',
    number: '024',
    kind: 'crisis',
    source: 'https://www.rtve.es/noticias/20220509/sanidad-presenta-telefono-prevencion-suicidio/2347183.shtml',
    checked: '2026-11-29',
  },
  {
    region: 'MX',
    name: 'Línea de la Vida',
    number: '800 911 2000',
    kind: 'crisis',
    source:
      'https://www.eluniversal.com.mx/nacion/promueven-la-linea-de-la-vida-tras-presentar-encuesta-sobre-consumo-de-drogas-asi-puedes-pedir-ayuda/',
    checked: '2026-11-29',
  },
  {
    region: 'FR',
    name: '3114 numéro national de prévention du suicide',
    number: '3114',
    kind: 'crisis',
    source: 'https://www.service-public.fr/particuliers/actualites/A15206',
    checked: '2026-11-29',
  },
  {
    region: 'FR',
    name: 'SAMU',
    number: '15',
    kind: 'emergency',
    source: 'https://axaprevention.fr/fr/article/prevention-suicide-journee-mondiale',
    checked: '2026-11-29',
  },
  {
    region: 'BE',
    name: 'Centre de Prévention du Suicide',
    number: '0800 32 123',
    kind: 'crisis',
    source: 'https://bx1.be/categories/news/la-reine-mathilde-visite-le-centre-de-prevention-du-suicide-a-ixelles/',
    checked: '2026-11-29',
  },
  {
    region: 'CH',
    name: 'La Main Tendue',
    number: '143',
    kind: 'crisis',
    source:
      'https://pages.rts.ch/la-1ere/programmes/on-en-parle/9800321-suicide-des-jeunes-detecter-les-signaux-de-detresse-10-09-2018.html',
    checked: '2026-11-29',
  },
];

/** The dialled form of a number ("2896 0000" → "28960000"). */
export function dialled(number: string): string {
  return number.replace(/\D/g, '');
}

/** Whether a tel: link in an answer dials one of the help lines (the only tel: links the app follows). */
export function isHelpLineNumber(number: string): boolean {
  const digits = dialled(number);
  return HELP_LINES.some((line) => dialled(line.number) === digits);
}
