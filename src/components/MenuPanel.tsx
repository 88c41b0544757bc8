import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { ru } from '../i18n/ru';
import { uiRequests } from '../state/ui';
import { usePlayerDispatch } from './hooks';
import { BackIcon, ChevronIcon, CloseIcon } from './icons';
import { keepTabInside } from './focusTrap';
import { moveMenuFocus } from './menuKeys';
import { menuHeader, menuItem, menuPanel } from './styles';

/**
 * A menu's panel: its title, back (when it has a parent page) and close, and its items. Focus moves
 * to the first item as a page opens, so the keyboard continues there; clicks inside stay inside.
 */
export function MenuPanel({
  title,
  testId,
  onBack,
  aside,
  modal = false,
  children,
}: {
  title: string;
  testId: string;
  onBack?: () => void;
  /** shown between the title and the items, outside the menu's roles (a preview) */
  aside?: ReactNode;
  /** a dialog's panel (share): Tab goes round inside it while it is open */
  modal?: boolean;
  children: ReactNode;
}) {
  const dispatch = usePlayerDispatch();
  const panel = useRef<HTMLDivElement>(null);
  const focusOnPageChange = usePageFocus(panel, testId);
  useClosedByClickOutside(panel);
  return (
    <div
      ref={panel}
      css={menuPanel}
      data-menu-panel
      data-testid={testId}
      onClick={(e) => e.stopPropagation()}
      onClickCapture={focusOnPageChange}
      onKeyDown={(e) => {
        if (!panel.current) return;
        if (moveMenuFocus(panel.current, e.key) || (modal && keepTabInside(panel.current, e)))
          e.preventDefault();
      }}
    >
      <div css={menuHeader}>
        {onBack && (
          <button type="button" aria-label={ru.back} onClick={onBack}>
            <BackIcon />
          </button>
        )}
        <span>{title}</span>
        <button
          type="button"
          aria-label={ru.close}
          onClick={() => dispatch(uiRequests.menuClosed())}
        >
          <CloseIcon />
        </button>
      </div>
      {aside}
      {/* the menu holds its items only (WAI-ARIA): back and close are the panel's, beside it */}
      <div role="menu" aria-label={title}>
        {children}
      </div>
    </div>
  );
}

/**
 * Focus as a page opens: on the item that opened the page just left, when the viewer came back
 * from it (Back, or a choice that returns), else on the first item, so the keyboard goes on there.
 * Returns the click listener that notes which item opens the next page.
 */
function usePageFocus(panel: RefObject<HTMLElement | null>, page: string) {
  const clicked = useRef<string | null>(null);
  const openers = useRef(new Map<string, string>());
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const left = shown.current;
    shown.current = page;
    if (left && clicked.current && !openers.current.has(page))
      openers.current.set(page, clicked.current);
    clicked.current = null;
    const opener = left ? openers.current.get(left) : undefined;
    const items = panel.current?.querySelectorAll<HTMLElement>('[role^="menuitem"], a, input');
    const back = [...(items ?? [])].find((item) => item.dataset.testid === opener);
    (back ?? items?.[0])?.focus();
  }, [panel, page]);
  return (event: { target: EventTarget }) => {
    const item = event.target instanceof Element ? event.target.closest('[role="menuitem"]') : null;
    clicked.current = item instanceof HTMLElement ? (item.dataset.testid ?? null) : null;
  };
}

/**
 * What takes care of the open menu itself when clicked: the picture closes it, a menu's button
 * toggles its own menu or opens another instead.
 */
const HANDLES_MENUS = '[data-testid="surface"], [aria-haspopup="menu"], [aria-expanded]';

/**
 * SPEC.md section 2: a click anywhere outside the open menu closes it, another control of the bar
 * included (which then does what it does). Heard on the way down, since the bar keeps its clicks to
 * itself.
 */
function useClosedByClickOutside(panel: RefObject<HTMLElement | null>) {
  const dispatch = usePlayerDispatch();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!target || panel.current?.contains(target) || target.closest(HANDLES_MENUS)) return;
      dispatch(uiRequests.menuClosed());
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [dispatch, panel]);
}

/** An option of a menu: checked when it is the one in use; choosing it acts (and closes the menu). */
export function MenuChoice({
  label,
  selected,
  onChoose,
}: {
  label: ReactNode;
  selected: boolean;
  onChoose: () => void;
}) {
  return (
    <button
      type="button"
      role="menuitemradio"
      aria-checked={selected}
      css={menuItem}
      onClick={onChoose}
    >
      <span>{label}</span>
      {selected && <span className="value">✓</span>}
    </button>
  );
}

/** An item that opens another page of the menu, showing what is chosen there. */
export function MenuLink({
  label,
  value,
  onOpen,
  ariaLabel,
  testId,
}: {
  label: string;
  value: string;
  onOpen: () => void;
  ariaLabel?: string;
  testId?: string;
}) {
  return (
    <button
      type="button"
      role="menuitem"
      aria-label={ariaLabel}
      data-testid={testId}
      css={menuItem}
      onClick={onOpen}
    >
      <span>{label}</span>{' '}
      <span className="value">
        {value}
        <ChevronIcon />
      </span>
    </button>
  );
}
