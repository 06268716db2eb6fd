import { describe, expect, it } from 'vitest';
import { isTyping, moveSelection, SHORTCUTS, shortcutFor } from './shortcuts';

const el = (html: string) => {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div.firstElementChild!;
};

describe("the feed's keyboard shortcuts (Miniflux's keys)", () => {
  it('maps j/n, k/p, o, O, v, m, s/f, h, l, r, R and ?', () => {
    const keys: Record<string, string> = { j: 'next', n: 'next', k: 'previous', p: 'previous', o: 'toggle', O: 'openWindow', v: 'original', m: 'read', s: 'star', f: 'star', h: 'previousPage', l: 'nextPage', r: 'reload', R: 'refreshAll', '?': 'help' };
    for (const [key, action] of Object.entries(keys)) expect([key, shortcutFor({ key })]).toEqual([key, action]);
    expect(shortcutFor({ key: 'x' })).toBeNull();
    expect(shortcutFor({ key: 'Enter' })).toBeNull();
  });

  it('ignores keys with Ctrl, Alt or Command (the browser keeps its own)', () => {
    expect(shortcutFor({ key: 'r', ctrlKey: true })).toBeNull();
    expect(shortcutFor({ key: 'r', metaKey: true })).toBeNull();
    expect(shortcutFor({ key: 'j', altKey: true })).toBeNull();
  });

  it('ignores keys typed in a field, a text area, a select or an editable element, not on a checkbox or button', () => {
    for (const html of ['<input type="text">', '<input>', '<input type="search">', '<textarea></textarea>', '<select></select>', '<div contenteditable="true"></div>']) {
      const target = el(html);
      if (html.includes('contenteditable')) Object.defineProperty(target, 'isContentEditable', { value: true });
      expect([html, isTyping(target), shortcutFor({ key: 'j', target })]).toEqual([html, true, null]);
    }
    for (const html of ['<input type="checkbox">', '<button>b</button>', '<div></div>']) expect([html, shortcutFor({ key: 'j', target: el(html) })]).toEqual([html, 'next']);
  });

  it('moves the selection down and up, stopping at the ends; j with none selected takes the first', () => {
    expect(moveSelection(-1, 3, 'next')).toBe(0);
    expect(moveSelection(0, 3, 'next')).toBe(1);
    expect(moveSelection(2, 3, 'next')).toBe(2);
    expect(moveSelection(2, 3, 'previous')).toBe(1);
    expect(moveSelection(0, 3, 'previous')).toBe(0);
    expect(moveSelection(-1, 3, 'previous')).toBe(0);
    expect(moveSelection(-1, 0, 'next')).toBe(-1);
  });

  it('lists each key once in the help', () => {
    const keys = SHORTCUTS.flatMap((s) => s.keys);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
