import type { Locale, Localized } from '@bible-qa/contract';

/** The share card's own wording in the five languages; the app name is the composer's card brand. */
const phrases = {
  aiGenerated: {
    'zh-cn': 'AI 生成',
    'zh-tw': 'AI 生成',
    en: 'AI-generated',
    'es-es': 'Generado por IA',
    'fr-fr': 'Généré par IA',
  },
  aiNotice: {
    'zh-cn': '本内容由 AI 生成，仅供参考，不构成专业意见',
    'zh-tw': '本內容由 AI 生成，僅供參考，不構成專業意見',
    en: 'This content is AI-generated, for reference only, and is not professional advice',
    'es-es': 'Este contenido ha sido generado por IA, es solo orientativo y no constituye asesoramiento profesional',
    'fr-fr': 'Ce contenu est généré par IA, donné à titre indicatif, et ne constitue pas un avis professionnel',
  },
  verses: { 'zh-cn': '相关经文', 'zh-tw': '相關經文', en: 'Scripture', 'es-es': 'Escritura', 'fr-fr': 'Écriture' },
  truncated: {
    'zh-cn': '内容较长，已节选；完整内容请打开分享链接',
    'zh-tw': '內容較長，已節選；完整內容請打開分享連結',
    en: 'Shortened to fit; open the shared link for the full text',
    'es-es': 'Abreviado; abra el enlace compartido para ver el texto completo',
    'fr-fr': 'Abrégé ; ouvrez le lien partagé pour le texte complet',
  },
} as const satisfies Record<string, Localized>;

export type SharePhrase = keyof typeof phrases;
export const sharePhrase = (name: SharePhrase, locale: Locale): string => phrases[name][locale];
