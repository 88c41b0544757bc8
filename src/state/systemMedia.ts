import { createAction } from '@reduxjs/toolkit';
import type { MediaSessionEvent, WakeLockOutcome } from '../shared/systemMedia';

/** The system around the player: its media controls and the screen's wake lock. No state of their own. */
export const systemMediaActions = {
  /** a system media control was pressed (a media key, the lock screen, the notification) */
  controlPressed: createAction<MediaSessionEvent>('systemMedia/controlPressed'),
  /** the screen was asked to stay on, and how the browser answered */
  wakeLockRequested: createAction<{ outcome: WakeLockOutcome }>('systemMedia/wakeLockRequested'),
  /** the screen may sleep again: the player let the lock go, or the browser did (a hidden page) */
  wakeLockReleased: createAction<{ by: 'player' | 'browser' }>('systemMedia/wakeLockReleased'),
};
