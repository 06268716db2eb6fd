import { Anchor, Code, Text } from '@mantine/core';
import type { ReactNode } from 'react';

// A comment's text with a small markdown subset: **bold**, *italic* / _italic_, `code` and [links](https://…). It is
// built as React elements (never HTML strings), so whatever a comment holds — tags, scripts, handlers — shows as text.

export type Piece =
  | { kind: 'text'; text: string }
  | { kind: 'bold' | 'italic'; children: Piece[] }
  | { kind: 'code'; text: string }
  | { kind: 'link'; text: string; href: string };

// Emphasis needs a non-blank first and last character and, for `_`, no letter around it (so snake_case and 2*3*4 stay
// as typed); links only to http(s) and mailto addresses (no javascript: or data:).
const INLINE =
  /\*\*(?!\s)([^*\n]+?)(?<!\s)\*\*|__(?!\s)([^_\n]+?)(?<!\s)__|\*(?!\s)([^*\n]+?)(?<!\s)\*|(?<![\p{L}\p{N}_])_(?!\s)([^_\n]+?)(?<!\s)_(?![\p{L}\p{N}_])|`([^`\n]+)`|\[([^\]\n]+)\]\(((?:https?:\/\/|mailto:)[^\s()]+)\)/gu;

/** The pieces of a comment's text: plain text between the recognised marks (line breaks stay in the text). */
export function commentPieces(text: string): Piece[] {
  const out: Piece[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) out.push({ kind: 'text', text: text.slice(last, m.index) });
    const [, bold1, bold2, it1, it2, code, linkText, href] = m;
    if (bold1 ?? bold2) out.push({ kind: 'bold', children: commentPieces(bold1 ?? bold2) });
    else if (it1 ?? it2) out.push({ kind: 'italic', children: commentPieces(it1 ?? it2) });
    else if (code) out.push({ kind: 'code', text: code });
    else out.push({ kind: 'link', text: linkText, href });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}

function render(pieces: Piece[]): ReactNode[] {
  return pieces.map((p, i) => {
    switch (p.kind) {
      case 'text':
        return p.text;
      case 'bold':
        return <strong key={i}>{render(p.children)}</strong>;
      case 'italic':
        return <em key={i}>{render(p.children)}</em>;
      case 'code':
        return <Code key={i}>{p.text}</Code>;
      case 'link':
        return (
          <Anchor key={i} href={p.href} target="_blank" rel="noopener noreferrer nofollow" size="sm">
            {p.text}
          </Anchor>
        );
    }
  });
}

export function CommentText({ text }: { text: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="comment-text">
      {render(commentPieces(text))}
    </Text>
  );
}
