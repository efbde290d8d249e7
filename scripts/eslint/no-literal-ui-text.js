/**
 * Every user-visible web string lives in the locale catalogues (apps/web/src/locales), never in a component.
 * Reports JSX text, and string literals given to props or option fields that reach the screen (title, placeholder,
 * label, aria-label, alt, content, …), when they hold a letter in any script. Punctuation, digits and symbols pass.
 */
const VISIBLE_PROPS = new Set([
  'alt',
  'aria-description',
  'aria-label',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'cancelText',
  'children',
  'closeText',
  'confirmText',
  'content',
  'description',
  'emptyText',
  'errorText',
  'extra',
  'header',
  'helperText',
  'label',
  'message',
  'okText',
  'placeholder',
  'subtitle',
  'text',
  'title',
  'tooltip',
]);

const LETTER = /\p{L}/u;

function propName(key) {
  if (!key) return null;
  if (key.type === 'JSXIdentifier' || key.type === 'Identifier') return key.name;
  if (key.type === 'JSXNamespacedName') return `${key.namespace.name}:${key.name.name}`;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return null;
}

/** The text of a string literal or a template without expressions, else null. */
function literalText(node) {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0]?.value.cooked ?? null;
  if (node.type === 'JSXExpressionContainer') return literalText(node.expression);
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noLiteralUiText = {
  meta: {
    type: 'problem',
    docs: { description: 'User-visible text comes from the locale catalogues through t(), not from literals' },
    messages: {
      text: 'Literal text "{{text}}" in a component: put it in apps/web/src/locales/<lang>/*.json and use t().',
      prop: 'Literal "{{text}}" in {{name}}: put it in apps/web/src/locales/<lang>/*.json and use t().',
    },
    schema: [],
  },
  create(context) {
    const report = (node, messageId, text, name) =>
      context.report({ node, messageId, data: { text: text.trim().slice(0, 40), name } });
    return {
      JSXText(node) {
        if (!LETTER.test(node.value)) return;
        // Point at the words, not at the line break before them.
        const start = node.range[0] + (node.value.length - node.value.trimStart().length);
        const loc = context.sourceCode.getLocFromIndex(start);
        context.report({ node, loc, messageId: 'text', data: { text: node.value.trim().slice(0, 40) } });
      },
      // {'text'} or {`text`} as a child
      'JSXElement > JSXExpressionContainer, JSXFragment > JSXExpressionContainer'(node) {
        const text = literalText(node.expression);
        if (text !== null && LETTER.test(text)) report(node, 'text', text);
      },
      JSXAttribute(node) {
        const name = propName(node.name);
        if (!name || !VISIBLE_PROPS.has(name)) return;
        const text = literalText(node.value);
        if (text !== null && LETTER.test(text)) report(node, 'prop', text, name);
      },
      // Toast.show({ content: '…' }), Dialog.confirm({ title: '…' }), actions: [{ text: '…' }]
      Property(node) {
        const name = propName(node.key);
        if (!name || !VISIBLE_PROPS.has(name) || node.computed) return;
        const text = literalText(node.value);
        if (text !== null && LETTER.test(text)) report(node, 'prop', text, name);
      },
    };
  },
};

export default { rules: { 'no-literal-ui-text': noLiteralUiText } };
