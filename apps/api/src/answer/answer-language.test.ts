import { describe, expect, it } from 'vitest';
import { answerLanguage } from './answer-language.ts';

describe('answerLanguage', () => {
  it.each([
    ['神为什么允许苦难？', 'zh-cn', 'zh-cn'],
    ['神為什麼允許苦難？', 'en', 'zh-tw'],
    ['神为什么允许苦难？', 'fr-fr', 'zh-cn'],
    ['What does the Bible say about forgiveness?', 'zh-cn', 'en'],
    ['¿Qué dice la Biblia sobre el perdón?', 'zh-cn', 'es-es'],
    ['Que dit la Bible sur la prière ?', 'en', 'fr-fr'],
    ['What does the Bible say about love?', 'en', 'en'],
    ['John 3:16', 'zh-cn', 'zh-cn'],
    ['约翰福音3:16是什么意思', 'zh-tw', 'zh-tw'],
    ['amen', 'es-es', 'es-es'],
    ['¿Cómo debo orar?', 'en', 'es-es'],
    ['¿Quién fue Rut?', 'zh-cn', 'es-es'],
    ['Où Jésus a-t-il été baptisé ?', 'en', 'fr-fr'],
    // Function words one language alone uses, and words only its Bibles use ("femme", "devint").
    ['Qui a tué Goliath ?', 'en', 'fr-fr'],
    ['Que devint la femme de Lot ?', 'en', 'fr-fr'],
    ['Que devint la femme de Lot ?', 'es-es', 'fr-fr'],
    ['¿Dónde reposó el arca de Noé?', 'fr-fr', 'es-es'],
    ['Who killed Goliath?', 'es-es', 'en'],
    ['Whose wife falsely accused Joseph?', 'fr-fr', 'en'],
  ] as const)('answers %s (setting %s) in %s', (question, setting, expected) => {
    expect(answerLanguage(question, setting)).toBe(expected);
  });
});
