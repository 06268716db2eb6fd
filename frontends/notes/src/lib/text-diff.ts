import { diffLines } from 'diff';

// The difference between two versions of a page, line by line (jsdiff's diffLines), as a unified view: removed lines,
// added lines, and the unchanged ones around them; long unchanged runs fold to a marker saying how many lines they hold.

export type DiffLine =
  | { kind: 'same' | 'added' | 'removed'; text: string; oldNo: number | null; newNo: number | null }
  | { kind: 'fold'; count: number };

export interface TextDiff {
  lines: DiffLine[];
  added: number;
  removed: number;
}

const split = (value: string) => {
  const lines = value.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
};

/** The lines of `before` → `after`, unchanged runs longer than 2 × context folded. */
export function textDiff(before: string, after: string, context = 3): TextDiff {
  const all: Exclude<DiffLine, { kind: 'fold' }>[] = [];
  let oldNo = 1;
  let newNo = 1;
  let added = 0;
  let removed = 0;
  for (const part of diffLines(before ?? '', after ?? '')) {
    for (const text of split(part.value)) {
      if (part.added) {
        all.push({ kind: 'added', text, oldNo: null, newNo: newNo++ });
        added++;
      } else if (part.removed) {
        all.push({ kind: 'removed', text, oldNo: oldNo++, newNo: null });
        removed++;
      } else all.push({ kind: 'same', text, oldNo: oldNo++, newNo: newNo++ });
    }
  }
  const lines: DiffLine[] = [];
  let i = 0;
  while (i < all.length) {
    if (all[i].kind !== 'same') {
      lines.push(all[i++]);
      continue;
    }
    let j = i;
    while (j < all.length && all[j].kind === 'same') j++;
    const run = all.slice(i, j);
    const head = i === 0 ? 0 : context;
    const tail = j === all.length ? 0 : context;
    if (run.length > head + tail + 1) {
      lines.push(...run.slice(0, head), { kind: 'fold', count: run.length - head - tail }, ...run.slice(run.length - tail));
    } else lines.push(...run);
    i = j;
  }
  return { lines, added, removed };
}
