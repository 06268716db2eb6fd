// The feed's keyboard shortcuts, as Miniflux users know them: j/k (or n/p) next and previous item, o open (show or hide
// its content), O the item in a new window, v the original article, m read/unread, s (or f) star, h/l previous and
// next page, r reload the feed, R fetch every subscription now, ? this list. A key typed in a field, or with Ctrl, Alt
// or the Command key, is not a shortcut.

export type ShortcutAction =
  | 'next'
  | 'previous'
  | 'toggle'
  | 'openWindow'
  | 'original'
  | 'read'
  | 'star'
  | 'previousPage'
  | 'nextPage'
  | 'reload'
  | 'refreshAll'
  | 'help';

/** The keys of each action, in the order the help lists them. */
export const SHORTCUTS: ReadonlyArray<{ action: ShortcutAction; keys: readonly string[] }> = [
  { action: 'next', keys: ['j', 'n'] },
  { action: 'previous', keys: ['k', 'p'] },
  { action: 'toggle', keys: ['o'] },
  { action: 'openWindow', keys: ['O'] },
  { action: 'original', keys: ['v'] },
  { action: 'read', keys: ['m'] },
  { action: 'star', keys: ['s', 'f'] },
  { action: 'nextPage', keys: ['l'] },
  { action: 'previousPage', keys: ['h'] },
  { action: 'reload', keys: ['r'] },
  { action: 'refreshAll', keys: ['R'] },
  { action: 'help', keys: ['?'] },
];

const BY_KEY = new Map<string, ShortcutAction>(SHORTCUTS.flatMap((s) => s.keys.map((k) => [k, s.action] as const)));

export interface KeyLike {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  target?: EventTarget | null;
}

/** Whether the key went to something that takes typing (a field, a select, an editable element). */
export function isTyping(target: EventTarget | null | undefined): boolean {
  const el = target as HTMLElement | null | undefined;
  if (!el || typeof el.tagName !== 'string') return false;
  if (el.isContentEditable) return true;
  const tag = el.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select') return true;
  if (tag !== 'input') return false;
  const type = ((el as HTMLInputElement).type || 'text').toLowerCase();
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'file'].includes(type);
}

/** The action of a key press, or null. */
export function shortcutFor(event: KeyLike): ShortcutAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (isTyping(event.target)) return null;
  return BY_KEY.get(event.key) ?? null;
}

/** The item selected after `action` among `count` items (from `index`, -1 when none is): j/k stop at the ends. */
export function moveSelection(index: number, count: number, action: 'next' | 'previous'): number {
  if (count <= 0) return -1;
  if (action === 'next') return Math.min(count - 1, index + 1);
  return index < 0 ? 0 : Math.max(0, index - 1);
}
