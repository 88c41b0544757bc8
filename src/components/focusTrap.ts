// A dialog keeps the keyboard inside while it is open (WAI-ARIA dialog pattern): Tab from its last
// control goes to its first, Shift+Tab from its first to its last.

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), [tabindex="0"]';

/** Wraps the focus round the container's ends for a Tab; whether it did (the key is then spent). */
export function keepTabInside(container: HTMLElement, event: KeyboardEvent | React.KeyboardEvent) {
  if (event.key !== 'Tab') return false;
  const focusable = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return false;
  const active = document.activeElement;
  const outside = !(active instanceof Node) || !container.contains(active);
  if (event.shiftKey ? active === first || outside : active === last || outside) {
    (event.shiftKey ? last : first).focus();
    return true;
  }
  return false;
}
