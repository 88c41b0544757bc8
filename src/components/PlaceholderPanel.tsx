import { css } from '@emotion/react';
import type { ReactNode } from 'react';

const backdrop = css`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 1rem;
  background-color: #111;
  background-size: cover;
  background-position: center;
  color: #eee;
`;

/** SPEC.md section 2: the panel is 19rem wide, or 14rem on small screens. */
const panel = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 1rem;
  box-sizing: border-box;
  width: 19rem;
  max-width: 100%;
  padding: 1.25rem;
  border-radius: 0.75rem;
  background: rgba(0, 0, 0, 0.75);
  text-align: center;
  font-size: 1.05rem;
  line-height: 1.5;
  p {
    margin: 0;
  }
  @media (max-width: 639px) {
    width: 14rem;
    font-size: 0.95rem;
  }
`;

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
      css={backdrop}
      style={image ? { backgroundImage: `url("${image}")` } : undefined}
      role={role}
      aria-busy={busy || undefined}
      data-testid="placeholder"
    >
      <div css={panel}>
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
