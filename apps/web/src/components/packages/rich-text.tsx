// Package texts carry **bold** markers and line breaks; this turns them into React elements (never raw HTML).
import { Fragment, type ReactNode } from 'react';

const BOLD = /\*\*(.+?)\*\*/g;

/** One line of text with its **bold** runs as <strong>. */
function renderInline(line: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of line.matchAll(BOLD)) {
    const at = match.index;
    if (at > last) out.push(line.slice(last, at));
    out.push(<strong key={at}>{match[1]}</strong>);
    last = at + match[0].length;
  }
  if (last < line.length) out.push(line.slice(last));
  return out;
}

/** Lines joined with <br>, bold runs rendered; for short texts and list items. */
export function InlineText({ text }: { text: string }) {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  return (
    <>
      {lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 ? <br /> : null}
          {renderInline(line)}
        </Fragment>
      ))}
    </>
  );
}

/** Blank lines split paragraphs; single line breaks stay breaks inside a paragraph. */
export function RichText({ text, className = '' }: { text: string; className?: string }) {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <div className={`space-y-4 ${className}`.trim()}>
      {paragraphs.map((p, i) => (
        <p key={i}>
          <InlineText text={p} />
        </p>
      ))}
    </div>
  );
}
