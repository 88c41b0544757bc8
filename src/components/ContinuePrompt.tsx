import { css } from '@emotion/react';
import { useEffect, useRef } from 'react';
import { ru } from '../i18n/ru';
import { resumeActions } from '../state/resume';
import { keepTabInside } from './focusTrap';
import { formatHms } from '../shared/formatTime';
import { usePlayerDispatch, usePlayerSelector } from './hooks';

const panel = css`
  position: absolute;
  inset: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 1.25rem;
  background: rgba(0, 0, 0, 0.65);
  color: white;
  font-size: 1.2rem;
  p {
    margin: 0;
  }
  div {
    display: flex;
    gap: 0.75rem;
    flex-wrap: wrap;
    justify-content: center;
  }
  button {
    padding: 0.6rem 1.3rem;
    border: 0;
    border-radius: 0.4rem;
    font: inherit;
    font-size: 1rem;
    cursor: pointer;
    background: rgba(255, 255, 255, 0.15);
    color: white;
  }
  button:first-of-type {
    background: #e50914;
  }
  button:focus-visible {
    outline: 2px solid white;
    outline-offset: 2px;
  }
`;

/**
 * 'Вы остановились на H:MM:SS' with continue and start over, before the first start: a dialog that
 * keeps the keyboard inside, and takes the focus when the player has it (never from the host page).
 */
export function ContinuePrompt() {
  const dispatch = usePlayerDispatch();
  const visible = usePlayerSelector((s) => s.resume.promptVisible);
  const savedTime = usePlayerSelector((s) => s.resume.savedTime);
  const dialog = useRef<HTMLDivElement>(null);
  const shown = visible && savedTime !== null;
  useEffect(() => {
    if (shown && document.hasFocus()) dialog.current?.querySelector('button')?.focus();
  }, [shown]);
  if (!shown) return null;
  return (
    <div
      ref={dialog}
      css={panel}
      role="dialog"
      aria-modal="true"
      data-testid="continue-prompt"
      aria-label={ru.stoppedAt(formatHms(savedTime))}
      onKeyDown={(e) => {
        if (dialog.current && keepTabInside(dialog.current, e)) e.preventDefault();
      }}
    >
      <p>{ru.stoppedAt(formatHms(savedTime))}</p>
      <div>
        <button
          type="button"
          data-testid="continue-watching"
          onClick={() => dispatch(resumeActions.continueRequested())}
        >
          {ru.continueWatching}
        </button>
        <button
          type="button"
          data-testid="start-over"
          onClick={() => dispatch(resumeActions.startOverRequested())}
        >
          {ru.startOver}
        </button>
      </div>
    </div>
  );
}
