import { css } from '@emotion/react';
import { ru } from '../i18n/ru';
import { playbackRequests, VOLUME_STEP } from '../state/playback';
import { uiRequests } from '../state/ui';
import { usePlayerDispatch, usePlayerSelector } from './hooks';
import { VolumeIcon } from './icons';
import { iconButton, rangeInput } from './styles';

const group = css`
  display: flex;
  align-items: center;
  input {
    width: 5rem;
  }
`;

/** Mute and the volume slider (0..1 in steps of 0.05); the slider is left out on small screens. */
export function VolumeControl({ slider = true }: { slider?: boolean }) {
  const dispatch = usePlayerDispatch();
  const volume = usePlayerSelector((s) => s.media.volume);
  const muted = usePlayerSelector((s) => s.media.muted);
  const silent = muted || volume === 0;
  return (
    <div css={group}>
      <button
        type="button"
        css={iconButton}
        aria-label={silent ? ru.unmute : ru.mute}
        aria-keyshortcuts="M"
        onClick={() => {
          dispatch(uiRequests.iconClicked({ icon: silent ? 'unmute' : 'mute' }));
          dispatch(
            playbackRequests.volumeRequested({
              volume: silent && volume === 0 ? 1 : volume,
              muted: !silent,
            }),
          );
        }}
      >
        <VolumeIcon muted={silent} />
      </button>
      {slider && (
        <input
          css={rangeInput}
          type="range"
          min={0}
          max={1}
          step={VOLUME_STEP}
          value={muted ? 0 : volume}
          aria-label={ru.volume}
          aria-valuetext={ru.volumeValue(Math.round((muted ? 0 : volume) * 100))}
          onChange={(e) =>
            dispatch(
              playbackRequests.volumeRequested({ volume: Number(e.target.value), muted: false }),
            )
          }
        />
      )}
    </div>
  );
}
