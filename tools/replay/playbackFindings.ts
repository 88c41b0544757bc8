// The checks of the film's own playback: a spinner while its data arrived (spinner-too-long), a
// message while it could play (error-while-playable), an actor that crashed (actor-crash).
import { STALL_LIMIT_MS } from '../../sagas/stream/stallWatch';
import type { LogEntry } from '../../src/recorder/format';
import type { MediaSample } from '../../src/shared/media';
import type { PlayerState } from '../../src/state';
import type { Finding } from './finding';
import { type Session, type } from './findingSession';
import { secs } from './seconds';
import { actionOf } from './sessionStates';

// ---- Thresholds ----

/**
 * The stream actor lets a waiting film's engine stay silent this long before it acts (stallWatch.ts):
 * a spinner with the film's data arriving has no reason to last longer.
 */
const SPINNER_LIMIT_MS = STALL_LIMIT_MS;
/**
 * Film data arrived during a spinner when a sample shows this much buffered past the playhead, or
 * the buffered end this much further than an earlier sample of the same spinner: the browser plays
 * from a few frames, and hls.js nudges a playhead stuck before buffered data after 2 s.
 */
const BUFFER_ARRIVED_S = 1;

/**
 * A message on screen while the film plays on: a position report in flight as the message came
 * may still move it this much (the stream actor pauses and unloads the film at once).
 */
const PLAYED_AFTER_MESSAGE_S = 1;

// ---- spinner-too-long ----

/** What BufferingIndicator shows: the started film waiting for data, not paused, no message over it. */
const spinnerShown = (state: PlayerState) =>
  state.media.started && state.media.buffering && !state.media.paused && !state.system.failure;

/**
 * The spinner as this check counts it: not while the player knows the network is gone and says so
 * (the connection line). That wait has its own limit, the network wait's 10 minutes
 * (NETWORK_WAIT_LIMIT_MS), then the message; the spinner's clock starts again when the network is
 * back (stream/networkBack). The player's word is trusted here: a wait that outlasts the network's
 * return is the network wait's to end (it ends when the buffer grows, sagas/stream/networkWait.ts).
 */
const spinnerCounted = (state: PlayerState) =>
  spinnerShown(state) && state.streamHealth.phase !== 'waitingForNetwork';

/** A media sample in an entry: the stream loop's tick, or a sample() an actor took. */
function sampleOf(e: LogEntry): MediaSample | null {
  if (e.kind === 'ev' && e.port === 'media') {
    const event = e.args[0] as { type?: string; sample?: MediaSample } | undefined;
    return event?.type === 'tick' && event.sample ? event.sample : null;
  }
  if (e.kind === 'call' && e.port === 'media' && e.method === 'sample')
    return (e.result as MediaSample | undefined) ?? null;
  return null;
}

/** The first entry of a spinner (steps[from..to)) that shows the film's data arriving. */
function dataArrived(s: Session, from: number, to: number): LogEntry | null {
  let firstEnd: number | null = null;
  for (let i = from; i < to; i++) {
    const e = s.at(i).entry;
    const sample = sampleOf(e);
    if (!sample) continue;
    if (sample.bufferedEnd - sample.currentTime >= BUFFER_ARRIVED_S) return e;
    if (firstEnd !== null && sample.bufferedEnd - firstEnd >= BUFFER_ARRIVED_S) return e;
    firstEnd ??= sample.bufferedEnd;
  }
  return null;
}

/**
 * The spinner shown for longer than SPINNER_LIMIT_MS while the film's data arrived (dataArrived), the
 * player's wait for a network it knows is gone left out (spinnerCounted).
 */
export function spinnerTooLong(s: Session): Finding[] {
  const out: Finding[] = [];
  let from: number | null = null;
  for (let i = 0; i < s.steps.length; i++) {
    const shown = spinnerCounted(s.at(i).state);
    const last = i === s.steps.length - 1;
    if (shown && from === null) from = i;
    if (from === null || (shown && !last)) continue;
    const start = s.at(from).entry;
    const stopT = s.at(i).entry.t;
    if (stopT - start.t > SPINNER_LIMIT_MS) {
      const arrived = dataArrived(s, from, i + 1);
      if (arrived) {
        const sample = sampleOf(arrived) as MediaSample;
        const before = from > 0 ? s.at(from - 1).state : null;
        const afterWait = before !== null && spinnerShown(before) && !spinnerCounted(before);
        out.push({
          kind: 'spinner-too-long',
          message:
            `The spinner showed ${shown ? 'until the log ended' : 'for'} ${secs(stopT - start.t)} from ${secs(start.t)}${afterWait ? ', when the network came back,' : ''} ` +
            `(limit ${secs(SPINNER_LIMIT_MS)}) while the film's data arrived: at ${secs(arrived.t)} ` +
            `${(sample.bufferedEnd - sample.currentTime).toFixed(1)} s was buffered past the playhead (${sample.currentTime.toFixed(1)} s)`,
          t: start.t + SPINNER_LIMIT_MS,
          seqs: [start.seq, arrived.seq, s.at(i).entry.seq],
        });
      }
    }
    from = null;
  }
  return out;
}

// ---- error-while-playable ----

/**
 * A message on screen (system/bootFailed or system/playbackFailed) while the film could play: it
 * played after the message (media/playing, or its position moved on by more than
 * PLAYED_AFTER_MESSAGE_S), or the message told of a stream failure when the stream had not failed
 * (no fatal stream error since its load).
 */
export function errorWhilePlayable(s: Session): Finding[] {
  const out: Finding[] = [];
  for (let i = 0; i < s.steps.length; i++) {
    const { entry, state } = s.at(i);
    const t = type(entry);
    if (t !== 'system/bootFailed' && t !== 'system/playbackFailed') continue;
    const shownAt = state.media.currentTime;
    const detail = state.system.failure?.detail ?? '';
    const message = `The message "${state.system.failure?.reason}" (${detail}) at ${secs(entry.t)}`;
    // the film played behind or after the message
    for (let j = i + 1; j < s.steps.length; j++) {
      const e = s.at(j).entry;
      const sample = sampleOf(e);
      const moved =
        sample && !sample.paused && sample.currentTime - shownAt > PLAYED_AFTER_MESSAGE_S;
      if (type(e) !== 'media/playing' && !moved) continue;
      out.push({
        kind: 'error-while-playable',
        message: `${message} while the film played on: ${moved ? `at ${sample.currentTime.toFixed(1)} s` : 'playing'} at ${secs(e.t)}`,
        t: entry.t,
        seqs: [entry.seq, e.seq],
      });
      break;
    }
    if (t !== 'system/playbackFailed' || out.at(-1)?.seqs[0] === entry.seq) continue;
    // a stream failure message with no fatal stream error since the stream's load
    let fatal = false;
    for (let j = i - 1; j >= 0 && !fatal; j--) {
      const e = s.at(j).entry;
      if (type(e) === 'stream/loadStarted') break;
      const action = actionOf(e);
      if (action?.type === 'stream/errorOccurred' && (action.payload as { fatal: boolean }).fatal)
        fatal = true;
    }
    if (!fatal)
      out.push({
        kind: 'error-while-playable',
        message: `${message} with no fatal stream error since the stream loaded: the stream had not failed`,
        t: entry.t,
        seqs: [entry.seq],
      });
  }
  return out;
}

// ---- actor-crash ----

export function actorCrash(s: Session): Finding[] {
  return s.steps.flatMap(({ entry }) => {
    const action = actionOf(entry);
    if (action?.type !== 'system/actorCrashed') return [];
    const p = action.payload as { actor: string; message: string; restarts: number };
    return [
      {
        kind: 'actor-crash',
        message: `Actor "${p.actor}" crashed (after ${p.restarts} restart(s)): ${p.message}`,
        t: entry.t,
        seqs: [entry.seq],
      },
    ];
  });
}
