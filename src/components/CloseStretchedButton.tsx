import { css } from '@emotion/react';
import { ru } from '../i18n/ru';
import { uiRequests } from '../state/ui';
import { usePlayerDispatch, usePlayerSelector } from './hooks';
import { CloseIcon } from './icons';
import { iconButton } from './styles';

const corner = css`
  position: absolute;
  top: 0.5rem;
  right: 0.5rem;
  display: flex;
  align-items: center;
  justify-content: center;
  background: rgba(0, 0, 0, 0.5);
`;

/** SPEC.md section 2: on mobile, while the frame is stretched (fullscreen-stretched mode), a close button. */
export function CloseStretchedButton() {
  const dispatch = usePlayerDispatch();
  const shown = usePlayerSelector(
    (s) => s.ui.features.stretchedClose && s.viewport.stretched && !s.viewport.wide,
  );
  if (!shown) return null;
  return (
    <button
      type="button"
      css={[iconButton, corner]}
      aria-label={ru.exitStretched}
      onClick={() => dispatch(uiRequests.stretchedCloseRequested())}
    >
      <CloseIcon />
    </button>
  );
}
