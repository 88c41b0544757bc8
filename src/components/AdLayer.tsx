import { css } from '@emotion/react';
import { ru } from '../i18n/ru';
import { adRequests } from '../state/ads';
import { uiRequests } from '../state/ui';
import { formatTime } from '../shared/formatTime';
import { AdIcons, IconFallback } from './AdIcons';
import { usePlayerDispatch, usePlayerSelector } from './hooks';
import {
  adTextButton as skipButton,
  bottomBar,
  bigPlayButton,
  iconButton,
  rangeInput,
} from './styles';
import { isHttpUrl } from '../vast/urls';

// The layer lets pointer events through to a VPAID or SIMID creative beneath; its own controls take
// theirs.
const layer = css`
  position: absolute;
  inset: 0;
  color: white;
  pointer-events: none;
  & a,
  & button,
  & input {
    pointer-events: auto;
  }
`;

const clickThrough = css`
  position: absolute;
  inset: 0 0 4rem;
  display: block;
`;

const badge = css`
  position: absolute;
  top: 0.75rem;
  left: 0.75rem;
  padding: 0.25rem 0.6rem;
  border-radius: 0.25rem;
  background: rgba(0, 0, 0, 0.6);
  font-size: 0.85rem;
  font-variant-numeric: tabular-nums;
  pointer-events: none;
`;

const skipSlot = css`
  margin-left: auto;
`;

function SkipArrow() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
      <path d="M3 2 L10 8 L3 14 Z M11 2 H13 V14 H11 Z" fill="currentColor" />
    </svg>
  );
}

/** A speaker, struck through when muted (drawn: emoji fonts are not everywhere). */
function SpeakerIcon({ muted }: { muted: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
      <path d="M3 7 H6 L11 3 V17 L6 13 H3 Z" fill="currentColor" />
      {muted ? (
        <path d="M13 7 L18 13 M18 7 L13 13" stroke="currentColor" strokeWidth="2" />
      ) : (
        <path d="M13.5 6.5 Q16 10 13.5 13.5" stroke="currentColor" strokeWidth="2" fill="none" />
      )}
    </svg>
  );
}

/** The skip button: 'Пропустить N' counting down, disabled, then the arrow (SPEC.md sections 2, 5). */
function SkipButton({ skipAt, currentTime }: { skipAt: number; currentTime: number }) {
  const dispatch = usePlayerDispatch();
  const left = Math.ceil(skipAt - currentTime);
  return left > 0 ? (
    <button type="button" css={skipButton} disabled>
      {ru.skipIn(left)}
    </button>
  ) : (
    <button
      type="button"
      css={skipButton}
      onClick={() => {
        dispatch(uiRequests.iconClicked({ icon: 'skip' }));
        dispatch(adRequests.skipRequested());
      }}
    >
      {ru.skip} <SkipArrow />
    </button>
  );
}

/**
 * The ad layer over the advert's video: badge, click-through, industry icons, play/pause, volume,
 * skip, and an icon's fallback image over them all. What the icons keep clear of is marked
 * data-icon-clear (AdIcons.tsx): the badge, the controls' row with the skip button, the big play
 * button.
 */
export function AdLayer() {
  const dispatch = usePlayerDispatch();
  const ad = usePlayerSelector((s) => s.ads.ad);
  const total = usePlayerSelector((s) => s.ads.activeBreak?.total ?? 1);
  const volume = usePlayerSelector((s) => s.ads.volume);
  const muted = usePlayerSelector((s) => s.ads.muted);
  if (!ad) return <div css={layer} data-testid="ad-layer" />;
  // From 'loaded' on, the viewer has the controls (a paused or not yet started ad needs its play button).
  const running =
    ad.status === 'loaded' ||
    ad.status === 'started' ||
    ad.status === 'playing' ||
    ad.status === 'paused';
  const left = Math.max(0, Math.ceil(ad.durationSec - ad.currentTime));
  // a SIMID creative on show takes its own clicks, beneath this layer
  const ownClicks = ad.simid?.status === 'shown';
  return (
    <div css={layer} data-testid="ad-layer">
      {isHttpUrl(ad.clickThrough) && running && !ownClicks && (
        <a
          css={clickThrough}
          href={ad.clickThrough}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={ru.advertiserSite}
          onClick={() => dispatch(adRequests.clickThroughRequested())}
        />
      )}
      <div css={badge} data-icon-clear="">
        {total > 1 ? ru.adOf(ad.index + 1, total) : ru.ad}
        {running && ad.durationSec > 0 ? ` · ${formatTime(left)}` : ''}
      </div>
      {running && <AdIcons />}
      {ad.needsClick && (
        <button
          type="button"
          data-icon-clear=""
          css={bigPlayButton}
          aria-label={ru.play}
          onClick={() => dispatch(adRequests.playPauseRequested())}
        >
          ▶
        </button>
      )}
      {running && (
        <div css={bottomBar} data-icon-clear="content">
          <button
            type="button"
            css={iconButton}
            aria-label={ad.status === 'playing' ? ru.pause : ru.play}
            onClick={() => {
              dispatch(
                uiRequests.iconClicked({ icon: ad.status === 'playing' ? 'pause' : 'play' }),
              );
              dispatch(adRequests.playPauseRequested());
            }}
          >
            {ad.status === 'playing' ? '❚❚' : '▶'}
          </button>
          <button
            type="button"
            css={iconButton}
            aria-label={muted ? ru.unmute : ru.mute}
            onClick={() => {
              dispatch(uiRequests.iconClicked({ icon: muted ? 'unmute' : 'mute' }));
              dispatch(adRequests.volumeRequested({ volume, muted: !muted }));
            }}
          >
            <SpeakerIcon muted={muted || volume === 0} />
          </button>
          <input
            css={rangeInput}
            type="range"
            aria-label={ru.volume}
            min={0}
            max={1}
            step={0.05}
            value={muted ? 0 : volume}
            onChange={(e) =>
              dispatch(adRequests.volumeRequested({ volume: Number(e.target.value), muted: false }))
            }
          />
          {ad.skipOffsetSec !== null && (
            // not a live region: the count would be read each second; the status region says
            // 'Можно пропустить' once
            <span css={skipSlot}>
              <SkipButton skipAt={ad.skipOffsetSec} currentTime={ad.currentTime} />
            </span>
          )}
        </div>
      )}
      {running && <IconFallback />}
    </div>
  );
}
