import type { PayloadAction } from '@reduxjs/toolkit';
import type { Action, UnknownAction } from 'redux';
import { call, fork, put, select, take } from 'typed-redux-saga';
import {
  CLICK_ACTIONS,
  clickTarget,
  FPS_WINDOW_S,
  fpsDrop,
  milestonesDue,
  TIMEUPDATE_EVERY_S,
  timeupdateDue,
} from '../../src/analytics/rules';
import { deviceType, type DeviceType } from '../../src/device/device';
import type { PlaybackQuality } from '../../src/shared/media';
import { analyticsActions, analyticsEventName } from '../../src/state/analytics';
import { analyticsPayload } from '../../src/analytics/payload';
import { selectCurrentHeight, selectPlayerState } from '../../src/state/selectors';
import type { PlayerState } from '../../src/state';
import { contentActions, selectCurrentEpisodeId, selectHasEpisode } from '../../src/state/content';
import { nextUpActions } from '../../src/state/nextUp';
import { mediaActions } from '../../src/state/playback';
import { streamActions, type StreamError } from '../../src/state/stream';
import { viewportActions } from '../../src/state/viewport';
import { QOE_EVENT, selectQoe } from '../../src/state/qoe';
import { qoeEventFields } from '../../src/qoe/episodeFigures';
import { getConfig, getPorts } from '../lib/context';
import { on, takeEach } from '../lib/takeEach';
import { currentQoe } from '../lib/currentQoe';

type PositionReport = ReturnType<typeof mediaActions.positionChanged>['payload'];

/** What the actor remembers of the episode playing (what was sent for it), and of the device. */
interface Memory {
  deviceType: DeviceType;
  episodeId: number | null;
  started: boolean;
  milestones: Set<number>;
  lastMinute: number;
  frames: PlaybackQuality | null;
  framesAtSecond: number;
  muted: boolean;
  qualityHeight: number | null;
  /** the episode's videoplayer_qoe went out (the state says so too, a moment later) */
  qoeSent: boolean;
}

/**
 * Sends one event through the statistics port with the common payload fields and its own, and
 * tells the bridge (which mirrors it to the host page).
 */
function* send(memory: Memory, event: string, fields: Record<string, unknown> = {}) {
  const { stats } = yield* getPorts();
  const config = yield* getConfig();
  const state = yield* select(selectPlayerState);
  const name = analyticsEventName(event);
  const payload = {
    ...analyticsPayload(state, config.userId),
    device_type: memory.deviceType,
    ...fields,
  };
  yield* call([stats, stats.send], name, payload);
  yield* put(analyticsActions.sent({ event: name, payload }));
}

function* onEpisode(memory: Memory) {
  const id = yield* select(selectCurrentEpisodeId);
  if (id === memory.episodeId) return;
  Object.assign(memory, {
    episodeId: id,
    started: false,
    milestones: new Set<number>(),
    lastMinute: 0,
    frames: null,
    framesAtSecond: 0,
    qoeSent: false,
  });
}

/** Once a second of playing: milestones, the minute's timeupdate, dropped frames. */
function* onPosition(memory: Memory) {
  const { media } = yield* select(selectPlayerState);
  for (const milestone of milestonesDue(media.currentTime, media.duration, memory.milestones)) {
    memory.milestones.add(milestone);
    yield* send(memory, 'progress', { progress: Math.round(milestone * 100) });
  }
  if (timeupdateDue(media.playedSeconds, memory.lastMinute)) {
    memory.lastMinute = Math.floor(media.playedSeconds / TIMEUPDATE_EVERY_S);
    yield* send(memory, 'timeupdate');
  }
  if (media.playedSeconds - memory.framesAtSecond >= FPS_WINDOW_S) {
    memory.framesAtSecond = media.playedSeconds;
    const { media: port } = yield* getPorts();
    const now = yield* call([port, port.playbackQuality]);
    const drop = memory.frames && fpsDrop(memory.frames, now);
    memory.frames = now;
    if (drop) yield* send(memory, 'fpsDrop', drop);
  }
}

/** Whether a position report has something to send: a milestone, the minute, a frames window. */
function positionDue(memory: Memory, p: PositionReport) {
  return (
    memory.started &&
    (milestonesDue(p.currentTime, p.duration, memory.milestones).length > 0 ||
      timeupdateDue(p.playedSeconds, memory.lastMinute) ||
      p.playedSeconds - memory.framesAtSecond >= FPS_WINDOW_S)
  );
}

/**
 * Each second of playing, in turn, for the reports with something to send: the others pass by
 * without waking the actor (steady playback's cost). The report's figures are the state's media
 * once it is reduced.
 */
function* eachPosition(memory: Memory) {
  for (;;) {
    yield* take(
      (a: Action) => mediaActions.positionChanged.match(a) && positionDue(memory, a.payload),
    );
    yield* onPosition(memory);
  }
}

function* onPlaying(memory: Memory) {
  yield* onEpisode(memory);
  const first = !memory.started;
  memory.started = true;
  yield* send(memory, 'play', { first_playback: first ? 1 : 0 });
}

const selectEndedByCountdown = (s: PlayerState) => s.nextUp.ended;

function* onEnded(memory: Memory) {
  if (!memory.milestones.has(1)) {
    memory.milestones.add(1);
    yield* send(memory, 'progress', { progress: 100 });
  }
  yield* send(memory, 'ended');
  yield* sendQoe(memory);
}

/**
 * The episode's quality of experience, once: at its end, or as the viewer leaves it (another
 * episode, the page hidden or unloaded), whichever comes first, for an episode the viewer or the
 * autoplay asked to start. The memory says at once that it went out (the end and the leaving it
 * starts may come before the state hears of it); the state says so across a restart. An episode
 * whose film played without a play request (the browser started it) counts as started.
 */
function* sendQoe(memory: Memory) {
  const qoe = yield* select(selectQoe);
  if (memory.qoeSent || qoe.reported || (qoe.intentAtMs === null && !qoe.contentPlayed)) return;
  memory.qoeSent = true;
  yield* send(memory, QOE_EVENT, qoeEventFields(yield* currentQoe()));
}

/** Another episode asked for: the one playing is left (it still is the state's current one). */
function* onEpisodeRequested(memory: Memory, { payload }: PayloadAction<{ episodeId: number }>) {
  const current = yield* select(selectCurrentEpisodeId);
  const known = yield* select(selectHasEpisode, payload.episodeId);
  if (known && payload.episodeId !== current) yield* sendQoe(memory);
}

function* onVolume(memory: Memory, { payload }: ReturnType<typeof mediaActions.volumeChanged>) {
  if (payload.muted === memory.muted) return;
  memory.muted = payload.muted;
  // the mute made for the browser's autoplay rule is not the viewer's (their unmute of it is)
  if (payload.mutedForBrowser) return;
  yield* send(memory, payload.muted ? 'mute' : 'unmute');
}

function* onQuality(memory: Memory) {
  const height = selectCurrentHeight(yield* select(selectPlayerState));
  const previous = memory.qualityHeight;
  memory.qualityHeight = height;
  // the first level is the start, not a change
  if (previous !== null && height !== previous)
    yield* send(memory, 'changeQuality', { prev_video_quality: previous });
}

/** SPEC.md sections 7 and 8: every stream error, fatal or not, as videoplayer_error. */
function* onStreamError(memory: Memory, { payload }: PayloadAction<StreamError>) {
  yield* send(memory, 'error', {
    error_type: payload.errorType,
    network_type: payload.networkType,
    buffer_length: payload.bufferLength,
    error_details: payload.details,
    fatal: payload.fatal,
    // a protected film's key system and its license server's answer (docs/master-json.md)
    ...(payload.keySystem ? { key_system: payload.keySystem } : {}),
    ...(payload.licenseStatus === undefined ? {} : { license_status: payload.licenseStatus }),
  });
}

/**
 * The analytics actor: turns what happens into the videoplayer_* events of SPEC.md section 7, each
 * with the common payload fields, through the page's statistics function.
 */
export function* analyticsActor() {
  const { device } = yield* getPorts();
  const state = yield* select(selectPlayerState);
  // Restarted after a crash while the film plays, it goes on from where the film is: what was due
  // before counts as sent, so nothing is sent twice and nothing after is missed.
  const { media } = state;
  const memory: Memory = {
    deviceType: deviceType(yield* call([device, device.describe])),
    episodeId: media.started ? state.content.currentEpisodeId : null,
    started: media.started,
    milestones: new Set(
      media.started ? milestonesDue(media.currentTime, media.duration, new Set()) : [],
    ),
    lastMinute: Math.floor(media.playedSeconds / TIMEUPDATE_EVERY_S),
    frames: null,
    // the frame counts are looked at every FPS_WINDOW_S of playing: a restart keeps to that beat
    framesAtSecond: media.started
      ? Math.floor(media.playedSeconds / FPS_WINDOW_S) * FPS_WINDOW_S
      : 0,
    muted: state.media.muted,
    qualityHeight: selectCurrentHeight(state),
    qoeSent: state.qoe.reported,
  };
  const whenStarted = <A>(saga: (m: Memory, a: A) => Generator) =>
    function* (action: A) {
      if (memory.started) yield* saga(memory, action);
    };
  yield* fork(eachPosition, memory);
  yield* takeEach(
    on(contentActions.episodeSelected, () => onEpisode(memory)),
    // a new episode counts its played time from zero; another source of it counts on
    on(mediaActions.reset, ({ payload }) => {
      Object.assign(
        memory,
        { frames: null },
        payload?.keepPlayed ? {} : { lastMinute: 0, framesAtSecond: 0 },
      );
    }),
    on(mediaActions.playing, () => onPlaying(memory)),
    on(
      mediaActions.paused,
      whenStarted(function* (m: Memory) {
        // the credits' countdown ended the episode: its pause is part of that end, sent already
        if (yield* select(selectEndedByCountdown)) return;
        yield* send(m, 'pause');
      }),
    ),
    // the credits' countdown running out ends the episode as its own end does
    on([mediaActions.ended, nextUpActions.countdownEnded], whenStarted(onEnded)),
    on(
      mediaActions.seeked,
      whenStarted(function* (m: Memory) {
        yield* send(m, 'seek');
      }),
    ),
    on(
      mediaActions.waiting,
      whenStarted(function* (m: Memory) {
        yield* send(m, 'bufferingError');
      }),
    ),
    on(mediaActions.volumeChanged, (action) => onVolume(memory, action)),
    on(streamActions.levelSwitched, () => onQuality(memory)),
    // the fullscreen-stretched mode is the player's fullscreen too (SPEC.md section 2)
    on(
      [viewportActions.fullscreenChanged, viewportActions.stretchedChanged],
      function* ({ payload }) {
        yield* send(memory, payload.active ? 'fullscreen' : 'fullscreen_exit');
      },
    ),
    on(streamActions.errorOccurred, (action) => onStreamError(memory, action)),
    on(contentActions.episodeRequested, (action) => onEpisodeRequested(memory, action)),
    // hidden is the last moment a page is sure to have: a phone may discard a background tab unheard
    on(viewportActions.pageVisibilityChanged, function* ({ payload }) {
      if (payload.hidden) yield* sendQoe(memory);
    }),
    {
      types: CLICK_ACTIONS,
      *handle(action: UnknownAction) {
        yield* send(memory, 'click', { click_target: clickTarget(action) });
      },
    },
  );
}
