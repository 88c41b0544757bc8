import { css } from '@emotion/react';
import { useRef, type KeyboardEvent } from 'react';
import { selectControlsHidden } from '../state/selectors';
import { uiRequests } from '../state/ui';
import { AdLayer } from './AdLayer';
import { BigPlayButton } from './BigPlayButton';
import { BufferingIndicator } from './BufferingIndicator';
import { ContinuePrompt } from './ContinuePrompt';
import { ControlBar } from './ControlBar';
import { usePlayerDispatch, usePlayerSelector } from './hooks';
import { LoadingScreen, MessageScreen } from './MessageScreen';
import { SettingsMenu } from './SettingsMenu';
import { Surface } from './Surface';
import { TitleOverlay } from './TitleOverlay';

const layer = css`
  position: absolute;
  inset: 0;
  outline: none;
  font-family:
    system-ui,
    -apple-system,
    'Segoe UI',
    Roboto,
    sans-serif;
  &[data-idle='true'] {
    cursor: none;
  }
`;

const SLIDER_KEYS = new Set([
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

/** Keys a focused control answers itself: a slider's arrows, a button's Space and Enter. */
function ownKey(e: KeyboardEvent) {
  const target = e.target as HTMLElement;
  if (target.closest('[role="slider"], input') && SLIDER_KEYS.has(e.key)) return true;
  return target.closest('button') !== null && (e.key === ' ' || e.key === 'Enter');
}

/** Keys whose browser default (scrolling the page) the player replaces. */
const PLAYER_KEYS = new Set([' ', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']);

/** The presentational root: renders the state over the video element; no timers, no I/O. */
export function PlayerRoot({ onReload }: { onReload: () => void }) {
  const dispatch = usePlayerDispatch();
  const root = useRef<HTMLDivElement>(null);
  const boot = usePlayerSelector((s) => s.system.boot);
  const failure = usePlayerSelector((s) => s.system.failure);
  const inBreak = usePlayerSelector((s) => s.ads.activeBreak !== null);
  const idle = usePlayerSelector(selectControlsHidden);
  return (
    <div
      ref={root}
      css={layer}
      tabIndex={-1}
      data-idle={idle}
      onPointerMove={(e) => {
        if (e.pointerType === 'mouse') dispatch(uiRequests.pointerMoved());
      }}
      onPointerLeave={(e) => {
        if (e.pointerType === 'mouse') dispatch(uiRequests.pointerLeft());
      }}
      onKeyDown={(e) => {
        if (e.altKey || e.ctrlKey || e.metaKey || ownKey(e)) return;
        if (PLAYER_KEYS.has(e.key)) e.preventDefault();
        dispatch(uiRequests.keyPressed({ key: e.key }));
      }}
    >
      {failure ? (
        <MessageScreen failure={failure} onReload={onReload} />
      ) : boot === 'loading' ? (
        <LoadingScreen />
      ) : inBreak ? (
        <AdLayer />
      ) : (
        <>
          <Surface onFocusPlayer={() => root.current?.focus({ preventScroll: true })} />
          <TitleOverlay />
          <BufferingIndicator />
          <BigPlayButton />
          <ControlBar />
          <SettingsMenu />
          <ContinuePrompt />
        </>
      )}
    </div>
  );
}
