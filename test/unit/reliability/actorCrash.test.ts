/** @jest-environment node */
// Every actor of the player crashed on purpose (the QA crash drill) while the demo series plays with
// adverts: the crash is reported once, the actor comes back, and the viewer does not notice.
import type { UnknownAction } from '@reduxjs/toolkit';
import { ACTORS } from '../../../sagas/root';
import { playbackRequests } from '../../../src/state/playback';
import { MAX_RESTARTS, systemActions, type ActorCrash } from '../../../src/state/system';
import type { Ports } from '../../../src/ports/types';
import { fakeMediaSession, fakeWakeLock } from '../../../tools/sim/fakePorts';
import { startSimulatedPlayer } from '../../../tools/sim/simulated';

/**
 * Actors whose work is done once the player has started (their supervisor has nothing left to
 * crash then): they are drilled while they still run, during the boot.
 */
const STARTUP_ACTORS = new Set(['boot', 'firstFrame']);

/** Virtual time each catalog answer takes: the boot runs for a while. */
const CATALOG_DELAY_MS = 1000;

function session(ports: Partial<Ports> = {}) {
  const actions: UnknownAction[] = [];
  const player = startSimulatedPlayer('?movie_id=2&episode_id=203&auto_play=1&advert=1', {
    episodeSeconds: 40 * 60,
    catalogDelayMs: CATALOG_DELAY_MS,
    ports,
    onAction: (action) => void actions.push(action),
  });
  const { store, advance, content } = player;
  const crashes = () =>
    actions.filter(systemActions.actorCrashed.match).map((a) => a.payload as ActorCrash);
  const count = (type: string) => actions.filter((a) => a.type === type).length;
  /** Runs virtual time on until the state shows what is waited for. */
  const until = async (what: string, done: () => boolean, limitMs = 30_000) => {
    for (let waited = 0; !done(); waited += 100) {
      if (waited >= limitMs) throw new Error(`No ${what} within ${limitMs} ms of virtual time`);
      await advance(100);
    }
  };
  const drill = async (actor: string) => {
    store.dispatch(systemActions.crashDrillRequested({ actor }));
    await advance(0);
  };
  /** What the content element was told to do since the given call index. */
  const contentCallsSince = (mark: number) => content.media.calls.slice(mark).map((c) => c.method);
  return { ...player, actions, crashes, count, until, drill, contentCallsSince };
}

type Session = ReturnType<typeof session>;

/** Over 3 s of virtual time content keeps playing: position reports arrive, nothing stops it. */
async function expectContentKeepsPlaying(s: Session) {
  const calls = s.content.media.calls.length;
  const reports = s.count('media/positionChanged');
  const position = s.store.getState().media.currentTime;
  const played = s.content.media.state.currentTime;
  await s.advance(3000);
  const stopping = ['pause', 'load', 'unload'];
  expect(s.contentCallsSince(calls).filter((m) => stopping.includes(m))).toEqual([]);
  expect(s.count('media/positionChanged') - reports).toBeGreaterThanOrEqual(2);
  const { media, stream } = s.store.getState();
  // the element played on for the 3 s; the state has it to the second
  expect(s.content.media.state.currentTime - played).toBeCloseTo(3, 5);
  expect(media.currentTime - position).toBeGreaterThanOrEqual(2);
  expect(media).toMatchObject({ paused: false, buffering: false });
  expect(stream.status).toBe('ready');
}

describe('an actor crash', () => {
  test.each(Object.keys(ACTORS))(
    'of %s is reported once, the actor restarts, and content plays on',
    async (actor) => {
      const s = session();
      const { store } = s;
      const crash = (restarts: number) => ({
        actor,
        message: `Error: Crash drill in actor "${actor}"`,
        restarts,
      });

      if (STARTUP_ACTORS.has(actor)) {
        // crashed twice while the catalog answers are on their way
        await s.advance(CATALOG_DELAY_MS / 2);
        await s.drill(actor);
        expect(s.crashes()).toEqual([crash(0)]);
        await s.advance(CATALOG_DELAY_MS / 2);
        await s.drill(actor);
        expect(s.crashes()).toEqual([crash(0), crash(1)]);
      }

      // the pre-roll, then two seconds of content
      await s.until('content playing', () => store.getState().media.playedSeconds >= 2);
      expect(store.getState().system.boot).toBe('ready');
      // one boot, one stream, however often the boot was restarted
      expect(s.count(systemActions.bootSucceeded.type)).toBe(1);
      expect(s.contentCallsSince(0).filter((m) => m === 'load')).toHaveLength(1);

      if (!STARTUP_ACTORS.has(actor)) {
        await s.drill(actor);
        expect(s.crashes()).toEqual([crash(0)]);
        await expectContentKeepsPlaying(s);
        // the restarted actor crashes again: it was running again
        await s.drill(actor);
        expect(s.crashes()).toEqual([crash(0), crash(1)]);
      }
      await expectContentKeepsPlaying(s);
      expect(store.getState().system.crashes).toEqual([crash(0), crash(1)]);

      // the mid-roll after 10 s of content still comes, plays, and gives content back
      await s.until('mid-roll', () => store.getState().ads.activeBreak?.kind === 'midroll');
      await s.until('end of the mid-roll', () => store.getState().ads.activeBreak === null);
      await s.until('content again', () => !store.getState().media.paused);
      expect(store.getState().ads.history.map((h) => [h.type, h.status])).toEqual([
        ['pre-roll', 'completed'],
        ['mid-roll', 'completed'],
      ]);
      await expectContentKeepsPlaying(s);

      // the viewer's pause reaches the element, and the element's answer the state
      const calls = s.content.media.calls.length;
      store.dispatch(playbackRequests.pauseRequested());
      await s.advance(0);
      expect(s.contentCallsSince(calls)).toEqual(['pause']);
      expect(store.getState().media.paused).toBe(true);

      expect(s.crashes()).toHaveLength(2);
      expect(s.errors).toEqual([]);
    },
  );
});

describe('the system around the player through a crash', () => {
  const playing = async (s: Session) =>
    s.until('content playing', () => s.store.getState().media.playedSeconds >= 2);

  it('a restarted wake lock actor knows what the browser holds: a pause lets the lock go', async () => {
    const wakeLock = fakeWakeLock();
    const s = session({ wakeLock: wakeLock.port });
    await playing(s);
    expect(wakeLock.lock.held).toBe(true);
    await s.drill('wakeLock');
    await s.advance(1000);
    expect(wakeLock.lock.held).toBe(true); // the film plays on: the screen stays on
    // the element pauses by itself (headphones pulled out): its pause is the first the actor hears
    s.content.port.pause();
    await s.advance(0);
    expect(s.store.getState().media.paused).toBe(true);
    expect(wakeLock.lock.held).toBe(false);
    expect(s.errors).toEqual([]);
  });

  it('a wake lock actor given up leaves the lock as the last one had it', async () => {
    const wakeLock = fakeWakeLock();
    const s = session({ wakeLock: wakeLock.port });
    await playing(s);
    const mark = wakeLock.calls.length;
    for (let i = 0; i <= MAX_RESTARTS; i++) await s.drill('wakeLock');
    expect(s.crashes()).toHaveLength(MAX_RESTARTS + 1);
    await s.advance(1000);
    // the restarts asked nothing again (the browser held it all along), and the last crash let nothing go
    expect(wakeLock.calls.slice(mark)).toEqual([]);
    expect(wakeLock.lock.held).toBe(true);
  });

  it('a restarted media session actor acts on the next change; one given up leaves what was shown', async () => {
    const system = fakeMediaSession();
    const s = session({ mediaSession: system.port });
    await playing(s);
    expect(system.shown.actions).toContain('pause');
    await s.drill('mediaSession');
    await s.advance(1000);
    // the crash took nothing back
    expect(system.shown.metadata).not.toBeNull();
    expect(system.shown.actions).toContain('pause');
    expect(system.shown.playbackState).toBe('playing');
    // the restarted one tells the pause
    s.store.dispatch(playbackRequests.pauseRequested());
    await s.advance(0);
    expect(s.store.getState().media.paused).toBe(true);
    expect(system.shown.playbackState).toBe('paused');

    for (let i = 1; i <= MAX_RESTARTS; i++) await s.drill('mediaSession');
    expect(s.crashes()).toHaveLength(MAX_RESTARTS + 1);
    await s.advance(1000);
    expect(system.shown.metadata).not.toBeNull();
    expect(system.shown.playbackState).toBe('paused');
  });
});

describe('an actor past its restarts', () => {
  const playing = async (s: Session) =>
    s.until('content playing', () => s.store.getState().media.playedSeconds >= 2);
  const giveUp = async (s: Session, actor: string) => {
    for (let i = 0; i <= MAX_RESTARTS; i++) await s.drill(actor);
    expect(s.crashes()).toHaveLength(MAX_RESTARTS + 1);
  };

  test.each(['stream', 'ui', 'auth', 'episodes'])(
    'essential (%s): the session ends with the message, its id and the host’s error',
    async (actor) => {
      const s = session();
      await playing(s);
      await giveUp(s, actor);
      const { system } = s.store.getState();
      expect(system.stopped).toEqual([{ actor, essential: true }]);
      expect(system.failure).toMatchObject({
        reason: 'actor-stopped',
        errorId: expect.stringMatching(/^[0-9a-f]{8}$/),
        detail: `Actor "${actor}" stopped after ${MAX_RESTARTS} restarts: Error: Crash drill in actor "${actor}"`,
      });
      expect(s.count(systemActions.playbackFailed.type)).toBe(1);
      // the film does not play on behind the message, whichever actor stopped
      const played = s.content.media.state.currentTime;
      await s.advance(3000);
      expect(s.content.media.state.currentTime).toBe(played);
      expect(s.contentCallsSince(0)).toEqual(expect.arrayContaining(['pause', 'unload']));
    },
  );

  test.each(['boot', 'ui'])(
    'essential before the boot ended (%s): the boot fails with the message and its id, and nothing starts behind it',
    async (actor) => {
      const s = session();
      await giveUp(s, actor);
      await s.advance(5000);
      expect(s.count(systemActions.bootSucceeded.type)).toBe(0);
      expect(s.contentCallsSince(0)).not.toContain('load');
      expect(s.store.getState().system).toMatchObject({
        boot: 'failed',
        failure: { reason: 'actor-stopped', errorId: expect.any(String) },
      });
    },
  );

  test.each(['analytics', 'qoe', 'progress', 'preferences', 'midroll', 'nextUp', 'ads', 'bridge'])(
    'optional (%s, outside what makes it essential): reported, and the film plays on',
    async (actor) => {
      const s = session();
      await playing(s);
      await s.until('the pre-roll over', () => s.store.getState().ads.activeBreak === null);
      await giveUp(s, actor);
      expect(s.store.getState().system).toMatchObject({
        stopped: [{ actor, essential: false }],
        failure: null,
      });
      await expectContentKeepsPlaying(s);
    },
  );

  it('the ads actor given up in a break: its restarts ended the break, and the film plays on', async () => {
    const s = session();
    await s.until('the pre-roll', () => s.store.getState().ads.activeBreak !== null);
    await giveUp(s, 'ads');
    expect(s.store.getState()).toMatchObject({
      system: { stopped: [{ actor: 'ads', essential: false }], failure: null },
      ads: { activeBreak: null },
    });
    await expectContentKeepsPlaying(s);
  });
});
