// SPEC.md sections 7 and 9: which analytics events a moment of playback gives. Pure: the analytics
// actor keeps the memory (what was sent for this episode) and sends what these return.

/** SPEC.md section 9: progress milestones, as shares of the duration. */
export const MILESTONES = [0.1, 0.25, 0.5, 0.75, 0.95, 1];
/** SPEC.md section 9: the timeupdate event, every 60 s of playing. */
export const TIMEUPDATE_EVERY_S = 60;
/** Dropped frames are looked at over this much playing... */
export const FPS_WINDOW_S = 10;
/** ...and a drop is a window in which more than this share of the frames was dropped. */
export const FPS_DROP_SHARE = 0.1;

/** The milestones reached at this position and not yet sent, in order. */
export function milestonesDue(
  currentTime: number,
  duration: number,
  sent: ReadonlySet<number>,
): number[] {
  if (!(duration > 0)) return [];
  const share = currentTime / duration;
  // the last second counts as the end: a position report may never show the duration itself
  const reached = (m: number) => (m === 1 ? currentTime >= duration - 1 : share >= m);
  return MILESTONES.filter((m) => !sent.has(m) && reached(m));
}

/** Whether the played time has crossed into a new minute since the last timeupdate. */
export const timeupdateDue = (playedSeconds: number, lastMinute: number) =>
  Math.floor(playedSeconds / TIMEUPDATE_EVERY_S) > lastMinute;

/** The dropped frames of a window, when they amount to a drop. */
export function fpsDrop(
  before: { dropped: number; total: number },
  now: { dropped: number; total: number },
): { dropped_frames: number; total_frames: number } | null {
  const dropped = now.dropped - before.dropped;
  const total = now.total - before.total;
  if (total <= 0 || dropped / total <= FPS_DROP_SHARE) return null;
  return { dropped_frames: dropped, total_frames: total };
}

/** What a click on the interface is called in the click event (icons, menus, picture-in-picture). */
export function clickTarget(action: { type: string; payload?: unknown }): string | null {
  const payload = (action.payload ?? {}) as { menu?: string };
  switch (action.type) {
    case 'ui/iconClicked':
      return (action.payload as { icon: string }).icon;
    case 'ui/menuOpened':
      return `menu_${payload.menu}`;
    case 'ui/shareWithTimeToggled':
      return 'share_with_time';
    case 'ui/copyLinkRequested':
      return 'copy_link';
    case 'ui/stretchedCloseRequested':
      return 'close_stretched';
    default:
      return null;
  }
}

export const CLICK_ACTIONS = [
  'ui/iconClicked',
  'ui/menuOpened',
  'ui/shareWithTimeToggled',
  'ui/copyLinkRequested',
  'ui/stretchedCloseRequested',
];
