import { css } from '@emotion/react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { selectControlsHidden } from '../state/selectors';
import { uiRequests } from '../state/ui';
import { AdLayer } from './AdLayer';
import { AudioMenu } from './AudioMenu';
import { BigPlayButton } from './BigPlayButton';
import { BufferingIndicator } from './BufferingIndicator';
import { CloseStretchedButton } from './CloseStretchedButton';
import { ContinuePrompt } from './ContinuePrompt';
import { ControlBar } from './ControlBar';
import { CueStyle } from './CueStyle';
import { EpisodesMenu } from './EpisodesMenu';
import { usePlayerDispatch, usePlayerSelector } from './hooks';
import { LoadingScreen, MessageScreen } from './MessageScreen';
import { MidrollCountdown } from './MidrollCountdown';
import { NextEpisodeCard } from './NextEpisode';
import { Poster } from './Poster';
import { SettingsMenu } from './SettingsMenu';
import { SharePopup } from './SharePopup';
import { SystemPreferences } from './SystemPreferences';
import { StatusRegion } from './StatusRegion';
import { SkipIntroButton } from './SkipIntroButton';
import { Surface } from './Surface';
import { TitleOverlay } from './TitleOverlay';

const layer = css`
  position: absolute;
  inset: 0;
  outline: none; /* its font is the page's (public/player.css) */
  pointer-events: auto;
  &[data-idle='true'] {
    cursor: none;
  }
  /* in an ad break only the ad layer's controls take the pointer: a VPAID or SIMID creative's page
     beneath the interface takes the rest */
  &[data-ad-break='true'] {
    pointer-events: none;
  }
`;

/** Keys that move a slider, and would otherwise scroll the page. */
const MOVING_KEYS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'];

const SLIDER_KEYS = new Set([...MOVING_KEYS, 'PageUp', 'PageDown']);

/**
 * Keys a focused control answers itself: a slider's arrows, a button's or a checkbox's Space and
 * Enter, everything inside an open menu but Escape (which closes it).
 */
function ownKey(e: KeyboardEvent) {
  const target = e.target as HTMLElement;
  if (target.closest('[data-menu-panel]')) return e.key !== 'Escape';
  if (target.closest('[role="slider"], input[type="range"]')) return SLIDER_KEYS.has(e.key);
  return target.closest('button, input') !== null && (e.key === ' ' || e.key === 'Enter');
}

const MOVE_REPORT_MS = 100;

/** Keys whose browser default (scrolling the page) the player replaces. */
const PLAYER_KEYS = new Set([' ', ...MOVING_KEYS]);

/** The presentational root: renders the state over the video element; no timers, no I/O. */
export function PlayerRoot({ onReload }: { onReload: () => void }) {
  const dispatch = usePlayerDispatch();
  const root = useRef<HTMLDivElement>(null);
  const boot = usePlayerSelector((s) => s.system.boot);
  const failure = usePlayerSelector((s) => s.system.failure);
  const inBreak = usePlayerSelector((s) => s.ads.activeBreak !== null);
  const idle = usePlayerSelector(selectControlsHidden);
  const lastMove = useRef(-Infinity);
  const focusPlayer = () => root.current?.focus({ preventScroll: true });
  // In a break the viewer's clicks land beneath the interface (a creative's frame, or nothing), and
  // the focus may be left nowhere: once the break is over, the keys are the player's again.
  const wasInBreak = useRef(inBreak);
  useEffect(() => {
    const ended = wasInBreak.current && !inBreak;
    wasInBreak.current = inBreak;
    if (ended && document.hasFocus() && document.activeElement === document.body) focusPlayer();
  });
  return (
    <div
      ref={root}
      css={layer}
      tabIndex={-1}
      data-testid="player"
      data-idle={idle}
      data-ad-break={inBreak && !failure}
      onPointerMove={(e) => {
        // Reported at most every MOVE_REPORT_MS (at once when the controls are hidden): a mouse
        // sends dozens of moves a second, and each restarts the hide timer.
        if (e.pointerType !== 'mouse') return;
        if (!idle && e.timeStamp - lastMove.current < MOVE_REPORT_MS) return;
        lastMove.current = e.timeStamp;
        dispatch(uiRequests.pointerMoved());
      }}
      onPointerDown={(e) => {
        // a touch on a control keeps the controls up for another 1000 ms (a touch on the picture
        // is a tap: the ui actor shows or hides them)
        const onControl = (e.target as HTMLElement).closest('[data-testid="control-bar"]');
        if (e.pointerType !== 'mouse' && onControl) dispatch(uiRequests.pointerMoved());
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
          <Poster />
          <Surface onFocusPlayer={focusPlayer} />
          <TitleOverlay />
          <BufferingIndicator />
          <BigPlayButton />
          <MidrollCountdown />
          <ControlBar />
          {/* over the bar's top edge, which would take their clicks; under the menus */}
          <NextEpisodeCard onFocusPlayer={focusPlayer} />
          <SkipIntroButton onFocusPlayer={focusPlayer} />
          <CueStyle />
          <SettingsMenu />
          <EpisodesMenu />
          <AudioMenu />
          <SharePopup />
          <ContinuePrompt />
          <CloseStretchedButton />
        </>
      )}
      <StatusRegion />
      <SystemPreferences />
    </div>
  );
}
