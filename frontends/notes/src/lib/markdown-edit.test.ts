import { describe, expect, it } from 'vitest';
import { applyEditTo, isLinkTarget, markEdit, pasteLinkEdit, type Edit, type Mark } from './markdown-edit';

/** The text after a mark on `text` with the part between [ and ] selected, the new selection shown as [ ]. */
function run(mark: Mark, marked: string): string {
  const start = marked.indexOf('[');
  const end = marked.indexOf(']') - 1;
  const text = marked.replace('[', '').replace(']', '');
  return show(text, markEdit(mark, text, start, end));
}
const show = (text: string, edit: Edit) => {
  const out = applyEditTo(text, edit);
  return `${out.slice(0, edit.selStart)}[${out.slice(edit.selStart, edit.selEnd)}]${out.slice(edit.selEnd)}`;
};

describe('the toolbar marks', () => {
  it('wraps the selection in bold and italic, keeping it selected, and unwraps it the second time', () => {
    expect(run('bold', 'Use [five] litres')).toBe('Use **[five]** litres');
    expect(run('bold', 'Use **[five]** litres')).toBe('Use [five] litres');
    expect(run('bold', 'Use [**five**] litres')).toBe('Use [five] litres');
    expect(run('italic', 'a [word] here')).toBe('a _[word]_ here');
  });

  it('puts a placeholder in when nothing is selected, and leaves spaces at the edges outside the marks', () => {
    expect(run('bold', 'Use []')).toBe('Use **[text]**');
    expect(run('bold', 'Use[ five ]litres')).toBe('Use **[five]** litres');
  });

  it('makes the selected lines a heading, a bulleted or numbered list or a quote, and takes it away again', () => {
    expect(run('heading', 'Intro\n[Steps]\nmore')).toBe('Intro\n[## Steps]\nmore');
    expect(run('heading', '[## Steps]')).toBe('[Steps]');
    expect(run('heading', '[# Old]')).toBe('[Old]');
    expect(run('bulleted', '[drain\nfill]')).toBe('[- drain\n- fill]');
    expect(run('bulleted', '[- drain\n- fill]')).toBe('[drain\nfill]');
    expect(run('numbered', 'dr[ain\nfi]ll')).toBe('[1. drain\n2. fill]');
    expect(run('quote', '[note]')).toBe('[> note]');
  });

  it('makes a link of the selection with the address selected to type over, or of a selected URL with the text to type', () => {
    expect(run('link', 'see [the manual] now')).toBe('see [the manual]([https://]) now');
    expect(run('link', 'see [] now')).toBe('see [[text]](https://) now');
    expect(run('link', 'go [https://example.com/a]')).toBe('go [[text]](https://example.com/a)');
  });

  it('marks code inline within a line and as a fenced block over several lines or on an empty line', () => {
    expect(run('code', 'run [ls -la] now')).toBe('run `[ls -la]` now');
    expect(run('code', 'Steps:\n[a\nb]')).toBe('Steps:\n\n```\n[a\nb]\n```\n');
    expect(run('code', 'Steps:\n[]')).toBe('Steps:\n\n```\n[code]\n```\n');
  });

  it('inserts a table with two columns on lines of its own, the first header selected', () => {
    expect(run('table', 'Parts:[]')).toBe('Parts:\n\n| [Column 1] | Column 2 |\n| --- | --- |\n|   |   |\n');
    expect(run('table', '[]')).toBe('| [Column 1] | Column 2 |\n| --- | --- |\n|   |   |\n');
  });
});

describe('a link pasted over selected text', () => {
  it('makes a markdown link of the selection, the cursor after it', () => {
    const text = 'Read the manual first';
    const edit = pasteLinkEdit(text, 9, 15, ' https://example.com/oil?x=1 ');
    expect(edit && show(text, edit)).toBe('Read the [manual](https://example.com/oil?x=1)[] first');
    expect(applyEditTo('x y', pasteLinkEdit('x y', 2, 3, '/account/acc-1/handbooks/filtros')!)).toBe('x [y](/account/acc-1/handbooks/filtros)');
  });

  it('leaves the paste alone when nothing is selected, the paste is no address, or the selection is an address', () => {
    expect(pasteLinkEdit('abc', 1, 1, 'https://example.com')).toBeNull();
    expect(pasteLinkEdit('abc', 0, 3, 'just words')).toBeNull();
    expect(pasteLinkEdit('abc', 0, 3, 'javascript:alert(1)')).toBeNull();
    expect(pasteLinkEdit('https://a.com', 0, 13, 'https://b.com')).toBeNull();
    expect(pasteLinkEdit('two\nlines', 0, 9, 'https://b.com')).toBeNull();
  });

  it('takes http(s), mailto and paths of this site as link targets, nothing else', () => {
    for (const ok of ['https://example.com', 'http://a.b/c', 'mailto:ana@example.com', '/account/acc-1/handbooks/x']) expect(isLinkTarget(ok)).toBe(true);
    for (const no of ['javascript:alert(1)', 'data:text/html,x', '//evil.com', 'ftp://x.y', 'www.example.com', 'a b']) expect(isLinkTarget(no)).toBe(false);
  });
});
