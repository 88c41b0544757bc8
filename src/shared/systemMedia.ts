// What the system around the player tells and answers: its media controls, the screen's wake lock.

/** What the system's media controls (media keys, the lock screen, the notification) ask for. */
export type MediaSessionAction =
  'play' | 'pause' | 'seekbackward' | 'seekforward' | 'seekto' | 'nexttrack';

/** One press of a system media control: seekTime for seekto, seekOffset (seconds) when the system gives one. */
export interface MediaSessionEvent {
  action: MediaSessionAction;
  seekTime?: number;
  seekOffset?: number;
}

/**
 * 'held': the screen stays on; 'refused': the browser said no (a policy, a hidden page); 'unsupported':
 * no Screen Wake Lock API; 'cancelled': released before the browser answered.
 */
export type WakeLockOutcome = 'held' | 'refused' | 'unsupported' | 'cancelled';
