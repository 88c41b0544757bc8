// The keys of an open menu (WAI-ARIA menu pattern): the arrows move between its items, round from
// one end to the other, and Home and End go to the ends. Enter and Space choose (the items are
// buttons and links); Escape closes (the player's keys).

const ITEMS = '[role="menuitem"], [role="menuitemradio"], [role="menuitemcheckbox"]';

/** The index of the item to focus for this key, among `count` items, from `at` (-1: none is). */
export function menuKeyTarget(key: string, at: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    case 'ArrowDown':
      return at < 0 ? 0 : (at + 1) % count;
    case 'ArrowUp':
      return at < 0 ? count - 1 : (at - 1 + count) % count;
    default:
      return null;
  }
}

/** Moves the focus within the menu for this key; whether the key was the menu's. */
export function moveMenuFocus(panel: HTMLElement, key: string): boolean {
  const items = [...panel.querySelectorAll<HTMLElement>(ITEMS)];
  const target = menuKeyTarget(
    key,
    items.indexOf(document.activeElement as HTMLElement),
    items.length,
  );
  if (target === null) return false;
  items[target]?.focus();
  return true;
}
