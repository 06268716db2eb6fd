// Mango selectors: validation, translation to SQL over a jsonb column, and an in-memory evaluator that agrees with it.
export type { SelectorNode, Condition, ComparisonOp } from './selector-ast';
export { parseSelector, validateSelector, MAX_SELECTOR_DEPTH, MAX_CONDITIONS, MAX_OPERAND_VALUES } from './selector-validate';
export { selectorSql, SqlParams } from './selector-sql';
export { matchesSelector, evaluateSelector } from './selector-match';
export { compileRegex, type CompiledRegex } from './selector-regex';
export { queryPaths } from './query-paths';
export { parseSort, sortSql, parseFields, projectFields, type SortKey } from './sort-fields';
export { fieldSql, parseFieldPath, getPath, pathLiteral, FORBIDDEN_KEYS } from './field-path';
export { jsonEqual, jsonType, compareCodePoints, isPlainObject, type JsonValue, type JsonType } from './json-value';
