import type { SelectorNode } from './selector-ast';
import { parseSelector } from './selector-validate';
import { parseSort } from './sort-fields';

// The field paths a find looks at, for services that hide or mask fields in their answers: a find that selects or
// sorts on such a field would tell the caller what the answer hides, so they answer it from what the caller may see.

function selectorPaths(node: SelectorNode, prefix: string[], out: string[][]): void {
  switch (node.kind) {
    case 'and':
    case 'or':
    case 'nor':
      for (const child of node.children) selectorPaths(child, prefix, out);
      return;
    case 'not':
      selectorPaths(node.child, prefix, out);
      return;
    case 'field':
      out.push([...prefix, ...node.path]);
      return;
    case 'elemMatch':
      // whether an element matches depends only on what the child looks at (an empty child path: the element)
      selectorPaths(node.child, [...prefix, ...node.path], out);
  }
}

/** Every path the selector (inside $elemMatch: the array's path plus the child's) and the sort look at. */
export function queryPaths(query: { selector: unknown; sort?: unknown }): string[][] {
  const paths: string[][] = [];
  selectorPaths(parseSelector(query.selector), [], paths);
  for (const key of parseSort(query.sort)) paths.push(key.path);
  return paths;
}
