// What the loop of a SIMID ad wakes on (its video's events, its creative's messages, its time limits)
// and the phases of the creative's session that those time limits are for.
import type { SimidEvent } from '../../src/ports/types';
import type { VideoEvent } from './videoCreative';

/**
 * Where the creative stands: its frame loading until its createSession (session), then Player:init
 * unanswered (init), answered (ready: the video may start), Player:startCreative sent at the first
 * frame (starting), answered (shown); failed: gone, the ad plays as its plain video.
 */
export type Phase = 'session' | 'init' | 'ready' | 'starting' | 'shown' | 'failed';
/** a time limit of the creative's, for the phases it was set for */
export type Timeout = { type: 'simidTimeout'; within: Phase[] };
/** What wakes the loop of a SIMID ad: its video's events, its creative's, and its time limits. */
export type SimidWake = VideoEvent | SimidEvent | Timeout;
