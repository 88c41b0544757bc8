import { css } from '@emotion/react';
import type { ReactNode } from 'react';

// The backdrop and the panel (SPEC.md section 2: 19rem wide, or 14rem on small screens) are styled by
// the page's own stylesheet (public/player.css), which draws the same panel as its loading
// placeholder before any script has run.

const button = css`
  padding: 0.6rem 1.4rem;
  border: 0;
  border-radius: 0.4rem;
  background: #e50914;
  color: white;
  font: inherit;
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid white;
    outline-offset: 2px;
  }
`;

/**
 * A full-size placeholder (SPEC.md section 2): a background image, a title and an optional button,
 * in a panel over it. The player's messages and errors show in it.
 */
export function PlaceholderPanel({
  title,
  image,
  action,
  role,
  busy,
}: {
  title: ReactNode;
  image?: string;
  action?: { label: string; onClick: () => void };
  role?: 'alert';
  busy?: boolean;
}) {
  return (
    <div
      className="placeholder"
      style={image ? { backgroundImage: `url("${image}")` } : undefined}
      role={role}
      aria-busy={busy || undefined}
      data-testid="placeholder"
    >
      <div className="placeholder-panel">
        <p>{title}</p>
        {action && (
          <button type="button" css={button} onClick={action.onClick}>
            {action.label}
          </button>
        )}
      </div>
    </div>
  );
}
