/**
 * The language room (apps/api/src/language/) holds the engine's words: every Chinese word list and pattern is data
 * there, one entry a line with its examples, read by a loader (issue 26, decision 0036). Outside it this rule
 * reports what would be such a list again:
 * - a regular-expression literal with a Chinese character in it (/祷告|祈祷/u);
 * - RegExp('…') or new RegExp(`…`) whose pattern, written as a string or template, holds a Chinese character;
 * - an array literal of three or more strings (or templates without expressions) that hold Chinese characters
 *   (['神', '上帝', '天主']), a word list by another name.
 * Chinese in a single string (a sample question, a phrase of an answer) passes; so do patterns of Unicode classes
 * (/\p{Script=Han}/u) and of Chinese punctuation alone.
 */
const HAN = /\p{Script=Han}/u;
/** Arrays of this many Chinese strings or more are word lists. */
const LIST_SIZE = 3;
const ROOM = 'apps/api/src/language/lexicon/ (one entry a line, with examples), read by a loader in language/';

/** The text of a string literal, or of a template's written parts, else null. */
function writtenText(node) {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis.map((quasi) => quasi.value.raw).join('');
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noChineseWordLists = {
  meta: {
    type: 'problem',
    docs: { description: 'Chinese regular expressions and word lists live in the language room, as data' },
    messages: {
      regex: `A regular expression with Chinese characters: write its words or pattern in ${ROOM}.`,
      list: `A list of {{count}} Chinese strings: write it in ${ROOM}.`,
    },
    schema: [],
  },
  create(context) {
    function checkRegExpCall(node) {
      if (node.callee.type !== 'Identifier' || node.callee.name !== 'RegExp') return;
      const text = writtenText(node.arguments[0]);
      if (text !== null && HAN.test(text)) context.report({ node, messageId: 'regex' });
    }
    return {
      Literal(node) {
        if (node.regex && HAN.test(node.regex.pattern)) context.report({ node, messageId: 'regex' });
      },
      NewExpression: checkRegExpCall,
      CallExpression: checkRegExpCall,
      ArrayExpression(node) {
        const count = node.elements.filter((element) => {
          const text = writtenText(element);
          return text !== null && HAN.test(text);
        }).length;
        if (count >= LIST_SIZE) context.report({ node, messageId: 'list', data: { count: String(count) } });
      },
    };
  },
};

/**
 * The direction of imports between the engine's rooms: a room may import from the rooms below it, never from one
 * above (features → answer → retrieval → question → language). Given as options: for each room, the rooms it must
 * not import from. A path is resolved against the importing file, so `../../answer/x.ts` is caught from any depth.
 */
/** @type {import('eslint').Rule.RuleModule} */
export const roomDirection = {
  meta: {
    type: 'problem',
    docs: { description: 'An engine room imports only from the rooms below it' },
    messages: {
      upward: '{{from}}/ must not import from {{to}}/ (a room above it: {{order}}).',
    },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          order: { type: 'string' },
          forbidden: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { root, order, forbidden } = context.options[0];
    const file = context.filename.replaceAll('\\', '/');
    const at = file.indexOf(`/${root}/`);
    if (at < 0) return {};
    const from = file.slice(at + root.length + 2).split('/')[0];
    const banned = forbidden[from];
    if (!banned) return {};
    const dir = file.slice(0, file.lastIndexOf('/'));
    function check(node, source) {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const parts = [];
      for (const part of `${dir}/${source.value}`.split('/')) {
        if (part === '..') parts.pop();
        else if (part !== '.') parts.push(part);
      }
      const target = parts.join('/');
      const rootAt = target.indexOf(`/${root}/`);
      if (rootAt < 0) return;
      const to = target.slice(rootAt + root.length + 2).split('/')[0];
      if (banned.includes(to)) context.report({ node, messageId: 'upward', data: { from, to, order } });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export default { rules: { 'no-chinese-word-lists': noChineseWordLists, 'room-direction': roomDirection } };
