// The markdown editor's marks as pure edits of a text and its selection: the toolbar's bold, italic, heading, lists,
// quote, link, code and table, and a URL pasted over selected text. An edit replaces [from, to) with `insert` and then
// selects [selStart, selEnd) of the new text; the editor applies it through the browser's own insertText (its undo
// keeps working) or, where that is missing, by setting the text.

export interface Edit {
  from: number;
  to: number;
  insert: string;
  selStart: number;
  selEnd: number;
}

export const MARKS = ['bold', 'italic', 'heading', 'bulleted', 'numbered', 'quote', 'link', 'code', 'table'] as const;
export type Mark = (typeof MARKS)[number];

/** The words a mark puts in when nothing is selected (in the user's language). */
export interface Placeholders {
  text: string;
  url: string;
  column: string;
  code: string;
}

export const EN_PLACEHOLDERS: Placeholders = { text: 'text', url: 'https://', column: 'Column', code: 'code' };

/** The text with an edit applied. */
export function applyEditTo(text: string, edit: Edit): string {
  return text.slice(0, edit.from) + edit.insert + text.slice(edit.to);
}

/** A link target a paste may wrap text with: http(s), mailto, or a path of this site. */
export function isLinkTarget(value: string): boolean {
  const s = value.trim();
  if (!s || /\s/.test(s)) return false;
  if (/^\/(?!\/)/.test(s)) return true;
  if (/^mailto:[^@\s]+@[^@\s]+$/i.test(s)) return true;
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
}

/** Wraps the selection in `left`/`right`, or unwraps it when it is wrapped already; an empty one gets a placeholder. */
function wrap(text: string, start: number, end: number, left: string, right: string, placeholder: string): Edit {
  const selected = text.slice(start, end);
  if (selected && text.slice(start - left.length, start) === left && text.slice(end, end + right.length) === right) {
    return { from: start - left.length, to: end + right.length, insert: selected, selStart: start - left.length, selEnd: end - left.length };
  }
  if (selected.length > left.length + right.length && selected.startsWith(left) && selected.endsWith(right)) {
    const inner = selected.slice(left.length, selected.length - right.length);
    return { from: start, to: end, insert: inner, selStart: start, selEnd: start + inner.length };
  }
  // spaces at the edges stay outside the marks (`** bold**` is no bold in markdown)
  const lead = /^\s*/.exec(selected)![0];
  const trail = selected.length > lead.length ? /\s*$/.exec(selected)![0] : '';
  const core = selected.slice(lead.length, selected.length - trail.length) || placeholder;
  const insert = `${lead}${left}${core}${right}${trail}`;
  const selStart = start + lead.length + left.length;
  return { from: start, to: end, insert, selStart, selEnd: selStart + core.length };
}

/** The start of the line holding `pos` and the end of the line holding `end`. */
function lineRange(text: string, start: number, end: number): [number, number] {
  const from = text.lastIndexOf('\n', start - 1) + 1;
  // a selection ending at a line's start (after a triple click) does not take that line in
  const last = end > start && text[end - 1] === '\n' ? end - 1 : end;
  const nl = text.indexOf('\n', last);
  return [from, nl < 0 ? text.length : nl];
}

/** Puts a prefix before every selected line, or takes it away when every line has it. */
function prefixLines(text: string, start: number, end: number, prefix: (i: number) => string, has: RegExp): Edit {
  const [from, to] = lineRange(text, start, end);
  const lines = text.slice(from, to).split('\n');
  const all = lines.every((l) => has.test(l));
  const out = lines.map((l, i) => (all ? l.replace(has, '') : `${prefix(i)}${l.replace(has, '')}`)).join('\n');
  return { from, to, insert: out, selStart: from, selEnd: from + out.length };
}

/** Text that starts on a line of its own and leaves a blank line after (blocks: code, tables). */
function block(text: string, start: number, end: number, body: string, select: [number, number]): Edit {
  const before = start === 0 || text[start - 1] === '\n' ? (start > 1 && text[start - 2] !== '\n' ? '\n' : '') : '\n\n';
  const after = text[end] === undefined ? '\n' : text[end] === '\n' ? '\n' : '\n\n';
  const insert = `${before}${body}${after}`;
  return { from: start, to: end, insert, selStart: start + before.length + select[0], selEnd: start + before.length + select[1] };
}

/** The edit the toolbar's mark makes on `text` with [start, end) selected. */
export function markEdit(mark: Mark, text: string, start: number, end: number, words: Placeholders = EN_PLACEHOLDERS): Edit {
  const selected = text.slice(start, end);
  switch (mark) {
    case 'bold':
      return wrap(text, start, end, '**', '**', words.text);
    case 'italic':
      return wrap(text, start, end, '_', '_', words.text);
    case 'heading':
      return prefixLines(text, start, end, () => '## ', /^#{1,6} /);
    case 'bulleted':
      return prefixLines(text, start, end, () => '- ', /^[-*+] /);
    case 'numbered':
      return prefixLines(text, start, end, (i) => `${i + 1}. `, /^\d+\. /);
    case 'quote':
      return prefixLines(text, start, end, () => '> ', /^> ?/);
    case 'link': {
      if (selected && isLinkTarget(selected)) {
        // a URL selected: it becomes the target, the text is asked for
        const insert = `[${words.text}](${selected.trim()})`;
        return { from: start, to: end, insert, selStart: start + 1, selEnd: start + 1 + words.text.length };
      }
      if (!selected) {
        // nothing selected: the text is typed first
        const insert = `[${words.text}](${words.url})`;
        return { from: start, to: end, insert, selStart: start + 1, selEnd: start + 1 + words.text.length };
      }
      const insert = `[${selected}](${words.url})`;
      const urlAt = start + selected.length + 3;
      return { from: start, to: end, insert, selStart: urlAt, selEnd: urlAt + words.url.length };
    }
    case 'code': {
      if (!selected.includes('\n') && !(selected === '' && lineIsEmpty(text, start))) return wrap(text, start, end, '`', '`', words.code);
      const body = `\`\`\`\n${selected.replace(/\n$/, '') || words.code}\n\`\`\``;
      return block(text, start, end, body, [4, body.length - 4]);
    }
    case 'table': {
      const c = words.column;
      const body = `| ${c} 1 | ${c} 2 |\n| --- | --- |\n| ${selected.replace(/\n/g, ' ').trim() || ' '} |   |`;
      return block(text, start, end, body, [2, 2 + c.length + 2]);
    }
  }
}

function lineIsEmpty(text: string, pos: number): boolean {
  const [from, to] = lineRange(text, pos, pos);
  return text.slice(from, to).trim() === '';
}

/**
 * A URL pasted over selected text makes a markdown link of it (`[selected](url)`); null when the paste is no link
 * target, nothing is selected, or the selection is a URL itself (then the paste replaces it as usual).
 */
export function pasteLinkEdit(text: string, start: number, end: number, pasted: string): Edit | null {
  const selected = text.slice(start, end);
  if (start === end || !selected.trim() || selected.includes('\n') || !isLinkTarget(pasted) || isLinkTarget(selected)) return null;
  const insert = `[${selected}](${pasted.trim()})`;
  return { from: start, to: end, insert, selStart: start + insert.length, selEnd: start + insert.length };
}

/** The keyboard shortcuts of the marks (with Ctrl or ⌘). */
export const MARK_KEYS: Record<string, Mark> = { b: 'bold', i: 'italic', k: 'link', e: 'code' };
