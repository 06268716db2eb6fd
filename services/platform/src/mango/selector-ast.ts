import type { CompiledRegex } from './selector-regex';
import type { JsonValue } from './json-value';

// The checked form of a Mango selector. parseSelector() builds it once; the SQL writer and the in-memory evaluator
// both walk it, so they cannot disagree on what a selector means.

export type ComparisonOp = '$gt' | '$gte' | '$lt' | '$lte';

export type Condition =
  | { op: '$eq' | '$ne'; value: JsonValue }
  | { op: ComparisonOp; value: number | string }
  | { op: '$in' | '$nin' | '$all'; values: JsonValue[] }
  | { op: '$exists'; value: boolean }
  | { op: '$size'; value: number }
  | { op: '$regex'; regex: CompiledRegex };

export type SelectorNode =
  | { kind: 'and' | 'or' | 'nor'; children: SelectorNode[] }
  | { kind: 'not'; child: SelectorNode }
  /** a condition on the value at `path` (an empty path is the root: only inside $elemMatch) */
  | { kind: 'field'; path: string[]; cond: Condition }
  /** the value at `path` is an array with an element that matches `child` (the element is the child's root) */
  | { kind: 'elemMatch'; path: string[]; child: SelectorNode };
