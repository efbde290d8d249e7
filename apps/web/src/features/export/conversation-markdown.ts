import type { Citation } from '@bible-qa/contract';

/** A conversation's turn as the export reads it (the chat's turn: the question, and its latest answer if any). */
export interface ExportTurn {
  question: { text: string; createdAt: string };
  answer: { content: string; citations: Citation[]; translation: string; createdAt: string } | null;
}

export interface MarkdownLabels {
  /** "Question" */
  question: string;
  /** "References" */
  references: string;
  /** The AI-generated notice every answer carries (spec §1). */
  aiNotice: string;
  /** "No answer" */
  noAnswer: string;
  /** "Exported on {date}" */
  exported: string;
}

/** A citation once, as "John 3:16 (CUV): For God so loved…", the reader's translation named. */
function referenceLine(citation: Citation): string | null {
  if (citation.status === 'invalid' || !citation.label) return null;
  const translation = citation.translation ? ` (${citation.translation})` : '';
  const verse = citation.verseText ? `: ${citation.verseText.replace(/\s+/g, ' ').trim()}` : '';
  return `- ${citation.label}${translation}${verse}`;
}

/**
 * A conversation as Markdown, to download: its title, each question as a heading with the answer's own Markdown
 * under it, the verses it cites listed once with their text, and the AI notice. Headings the answer itself holds are
 * moved one level down so the questions stay the outline.
 */
export function conversationMarkdown(title: string, turns: readonly ExportTurn[], labels: MarkdownLabels): string {
  const out = [`# ${oneLine(title)}`, '', `_${labels.exported}_`, ''];
  for (const turn of turns) {
    out.push(`## ${oneLine(turn.question.text)}`, '');
    if (!turn.answer || !turn.answer.content.trim()) {
      out.push(`_${labels.noAnswer}_`, '');
      continue;
    }
    out.push(turn.answer.content.trim().replace(/^(#{1,5}) /gm, '#$1 '), '');
    const seen = new Set<string>();
    const references = turn.answer.citations
      .map(referenceLine)
      .filter((line): line is string => line !== null && !seen.has(line) && Boolean(seen.add(line)));
    if (references.length > 0) out.push(`**${labels.references}**`, '', ...references, '');
    out.push(`> ${labels.aiNotice}`, '');
  }
  return `${out.join('\n').trimEnd()}\n`;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A file name from a title: its words kept (any script), what a file system refuses dropped, 60 characters at most. */
export function fileNameOf(title: string, extension: string): string {
  const base = [...oneLine(title)]
    // Control characters (whitespace is already one space) and bidi overrides go, as do a file system's reserved ones.
    .filter((ch) => ch >= ' ' && !/[\\/:*?"<>|\u202a-\u202e\u2066-\u2069]/.test(ch))
    .join('')
    .slice(0, 60)
    .trim();
  return `${base || 'conversation'}.${extension}`;
}
