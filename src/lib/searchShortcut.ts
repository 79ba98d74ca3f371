/**
 * The search's keyboard shortcut, apart from the rest of src/lib/search.ts: the launcher in every
 * page's first load needs only this, while the rest is the dialog's, a chunk loaded on intent
 * (a module both use would be bundled into the first load whole).
 */

interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

const typingIn = (target: EventTarget | null): boolean => {
  const el = target as HTMLElement | null;
  if (!el || typeof el.closest !== "function") return false;
  return Boolean(el.closest("input, textarea, select, [contenteditable=''], [contenteditable='true']"));
};

/** "/" (when not typing in a field) and Ctrl+K or Cmd+K open the search. */
export function isSearchShortcut(event: KeyLike): boolean {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k") return true;
  return event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey && !typingIn(event.target);
}

/**
 * A key typed while the search dialog loads that belongs in its field: a character, Backspace
 * or Enter, without Ctrl, Cmd or Alt, not typed into another field and not part of a
 * composition (an input method's keys reach the page only as the text they make). Null otherwise.
 */
export function typedAheadKey(event: KeyLike & { isComposing?: boolean }): string | null {
  if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing || typingIn(event.target))
    return null;
  if (event.key === "Backspace" || event.key === "Enter") return event.key;
  return [...event.key].length === 1 ? event.key : null;
}
