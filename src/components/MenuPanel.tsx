import { useEffect, useRef, type ReactNode } from 'react';
import { ru } from '../i18n/ru';
import { uiRequests } from '../state/ui';
import { usePlayerDispatch } from './hooks';
import { BackIcon, CloseIcon } from './icons';
import { menuHeader, menuPanel } from './styles';

/**
 * A menu's panel: its title, back (when it has a parent page) and close, and its items. Focus moves
 * to the first item as a page opens, so the keyboard continues there; clicks inside stay inside.
 */
export function MenuPanel({
  title,
  testId,
  onBack,
  children,
}: {
  title: string;
  testId: string;
  onBack?: () => void;
  children: ReactNode;
}) {
  const dispatch = usePlayerDispatch();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('[role^="menuitem"], a, input')?.focus();
  }, [testId]);
  return (
    <div
      ref={panel}
      css={menuPanel}
      role="menu"
      aria-label={title}
      data-testid={testId}
      onClick={(e) => e.stopPropagation()}
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
      {children}
    </div>
  );
}
