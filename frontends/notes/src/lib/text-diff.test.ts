import { describe, expect, it } from 'vitest';
import { textDiff } from './text-diff';

describe('textDiff', () => {
  it('gives removed and added lines with their numbers in each version and counts them', () => {
    const d = textDiff('a\nb\nc\n', 'a\nB\nc\nd\n');
    expect(d.added).toBe(2);
    expect(d.removed).toBe(1);
    expect(d.lines).toEqual([
      { kind: 'same', text: 'a', oldNo: 1, newNo: 1 },
      { kind: 'removed', text: 'b', oldNo: 2, newNo: null },
      { kind: 'added', text: 'B', oldNo: null, newNo: 2 },
      { kind: 'same', text: 'c', oldNo: 3, newNo: 3 },
      { kind: 'added', text: 'd', oldNo: null, newNo: 4 },
    ]);
  });

  it('folds long unchanged runs, keeping three lines of context around each change', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n');
    const after = before.replace('line 10', 'line ten');
    const kinds = textDiff(before, after).lines.map((l) => (l.kind === 'fold' ? `fold ${l.count}` : l.kind === 'same' ? l.text : `${l.kind} ${l.text}`));
    expect(kinds).toEqual(['fold 6', 'line 7', 'line 8', 'line 9', 'removed line 10', 'added line ten', 'line 11', 'line 12', 'line 13', 'fold 7']);
  });

  it('says nothing changed for equal texts', () => {
    expect(textDiff('same\ntext', 'same\ntext')).toMatchObject({ added: 0, removed: 0 });
  });
});
