// Publisher-measured viewability (VAST 4.3 <ViewableImpression>, sagas/ads/viewability.ts): Viewable
// once two continuous seconds of the advert have played at least half in view, NotViewable at the
// end of an advert that never was, ViewUndetermined where the browser cannot measure; one per ad.
import { expectSaga } from 'redux-saga-test-plan';
import { call, put } from 'typed-redux-saga';
import { parseConfig } from '../../../src/app/config';
import { adViewability, type ViewabilityVerdict } from '../../../sagas/ads/viewability';
import { rootReducer } from '../../../src/state';
import { adRequests } from '../../../src/state/ads';
import { contentActions } from '../../../src/state/content';
import { playbackRequests } from '../../../src/state/playback';
import { viewportActions } from '../../../src/state/viewport';
import { fakePorts, fakeViewport } from '../../../tools/sim/fakePorts';
import { BASE } from '../../../tools/sim/player';
import { untilIdle } from '../../../tools/sim/waits';
import { cdata, inlineAd, linear, vast, wrapperAd } from '../vast/documents';
import { adPlayer, startPreroll, vast as demoVast } from './adPlayer';

const VIEWABILITY = `<ViewableImpression>
  <Viewable>${cdata('https://inline.test/viewable?t=[ADPLAYHEAD]')}</Viewable>
  <NotViewable>${cdata('https://inline.test/not-viewable')}</NotViewable>
  <ViewUndetermined>${cdata('https://inline.test/view-undetermined')}</ViewUndetermined>
</ViewableImpression>`;

/** A 6 s advert, skippable from 1 s, with viewability URLs; the demo's other URLs left out. */
const measured = vast(
  inlineAd({
    impressions: [],
    more: VIEWABILITY,
    creatives: `<Creative>${linear({ duration: '00:00:06', skipoffset: '00:00:01' })}</Creative>`,
  }),
);

function viewablePlayer(documents: Record<string, string> = { measured }) {
  return adPlayer(Object.keys(documents), { documents });
}

/**
 * The player paused the advert, under 51% in view; the viewer's click plays it on there (the viewer's
 * choice decides over the 51% rule).
 */
async function viewerPlaysOn(p: ReturnType<typeof adPlayer>) {
  await p.adEvent({ type: 'pause' });
  p.store.dispatch(adRequests.playPauseRequested());
  await untilIdle();
  await p.adEvent({ type: 'playing' });
  expect(p.store.getState().ads.userChoice).toBe('play');
}

/** The viewability beacons fired, by name, with the advert's time of a Viewable one. */
const told = (beacons: string[]) =>
  beacons
    .filter((b) => /viewable|view-undetermined/.test(b))
    .map((b) => b.replace('https://inline.test/', ''));

describe('Viewable: two continuous seconds of the advert played at least half in view', () => {
  it('fires once, at the first time reported two seconds after the count began', async () => {
    const p = viewablePlayer();
    await startPreroll(p, 6);
    await p.playTo(0, 1.75, 6);
    expect(told(p.beacons)).toEqual([]);
    await p.playTo(2, 6, 6);
    await p.adEvent({ type: 'ended' });
    expect(told(p.beacons)).toEqual(['viewable?t=00%3A00%3A02.000']);
  });

  it('half in view is enough (the 50% of the MRC rule, under the player’s own 51%)', async () => {
    const p = viewablePlayer();
    await startPreroll(p, 6);
    await p.setViewport({ type: 'intersection', ratio: 0.5 });
    await viewerPlaysOn(p);
    await p.playTo(0, 2, 6);
    expect(told(p.beacons)).toEqual(['viewable?t=00%3A00%3A02.000']);
  });

  it('a pause does not count toward the two seconds, however long; play on from it counts on', async () => {
    const p = viewablePlayer();
    await startPreroll(p, 6);
    await p.playTo(0, 1.5, 6);
    p.store.dispatch(adRequests.playPauseRequested());
    await p.adEvent({ type: 'pause' });
    await p.clock.advance(10_000);
    expect(told(p.beacons)).toEqual([]);
    p.store.dispatch(adRequests.playPauseRequested());
    await untilIdle();
    await p.adEvent({ type: 'playing' });
    await p.playTo(1.75, 2, 6);
    expect(told(p.beacons)).toEqual(['viewable?t=00%3A00%3A02.000']);
  });

  it('a stall (the advert’s time standing still) does not count either', async () => {
    const p = viewablePlayer();
    await startPreroll(p, 6);
    await p.playTo(0, 1, 6);
    for (let i = 0; i < 8; i++) await p.playTo(1, 1, 6); // the same time reported again
    await p.clock.advance(4_000);
    expect(told(p.beacons)).toEqual([]);
  });

  it('leaving the view starts the count again, from the first time reported back in view', async () => {
    const p = viewablePlayer();
    await startPreroll(p, 6);
    await p.playTo(0, 1.5, 6);
    await p.setViewport({ type: 'intersection', ratio: 0.3 }); // scrolled out: paused too
    await p.adEvent({ type: 'pause' });
    await p.setViewport({ type: 'intersection', ratio: 1 });
    await p.adEvent({ type: 'playing' });
    await p.playTo(1.75, 3.5, 6);
    expect(told(p.beacons)).toEqual([]);
    await p.playTo(3.75, 3.75, 6);
    expect(told(p.beacons)).toEqual(['viewable?t=00%3A00%3A03.750']);
  });

  it('a hidden page is out of view: time played behind it never counts', async () => {
    const p = viewablePlayer();
    await startPreroll(p, 6);
    await p.setHidden(true);
    await p.playTo(0, 5.75, 6); // an advert that plays on behind the hidden page
    await p.adEvent({ type: 'ended' });
    expect(told(p.beacons)).toEqual(['not-viewable']);
  });
});

describe('NotViewable and ViewUndetermined: at the end of an advert that was never viewable', () => {
  it('NotViewable once, after its skip tracking, for an advert skipped before two seconds in view', async () => {
    const p = viewablePlayer();
    await startPreroll(p, 6);
    await p.playTo(0, 1.5, 6);
    p.store.dispatch(adRequests.skipRequested());
    await untilIdle();
    expect(told(p.beacons)).toEqual(['not-viewable']);
    expect(p.store.getState().ads.history.at(-1)?.status).toBe('skipped');
  });

  it('NotViewable for an advert played out of view all along (the viewer chose play)', async () => {
    const p = viewablePlayer();
    await p.setViewport({ type: 'intersection', ratio: 0.4 });
    await startPreroll(p, 6);
    await viewerPlaysOn(p);
    await p.playTo(0, 5.75, 6);
    await p.adEvent({ type: 'ended' });
    expect(told(p.beacons)).toEqual(['not-viewable']);
  });

  it('NotViewable for an advert that failed after its start; nothing for one that never started', async () => {
    const p = viewablePlayer();
    await startPreroll(p, 6);
    await p.playTo(0, 1, 6);
    await p.adEvent({ type: 'error', code: 2, message: 'network' });
    expect(told(p.beacons)).toEqual(['not-viewable']);

    const q = viewablePlayer();
    await untilIdle();
    q.store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    await q.adEvent({ type: 'error', code: 4, message: 'not found' });
    expect(q.store.getState().ads.history.at(-1)?.errorCode).toBe(401);
    expect(told(q.beacons)).toEqual([]);
  });

  it('ViewUndetermined where the browser cannot measure the share in view; never Viewable there', async () => {
    const p = viewablePlayer();
    p.viewport.measures.visibility = false;
    await startPreroll(p, 6);
    await p.playTo(0, 5.75, 6); // seemingly all in view: the player’s share was never measured
    await p.adEvent({ type: 'ended' });
    expect(told(p.beacons)).toEqual(['view-undetermined']);
  });

  it('a stopped advert (another episode chosen) is told too', async () => {
    const p = viewablePlayer();
    await startPreroll(p, 6);
    await p.playTo(0, 1, 6);
    p.store.dispatch(contentActions.episodeSelected({ episodeId: 99 }));
    await untilIdle();
    expect(told(p.beacons)).toEqual(['not-viewable']);
  });
});

describe('viewability across the VAST chain', () => {
  it('the wrapper’s and the ad’s Viewable URLs fire together, each once', async () => {
    const inline = vast(inlineAd({ impressions: [], more: VIEWABILITY }));
    const wrapper = vast(wrapperAd({ next: `${BASE}/vast/inline.xml`, name: 'wrapper' }));
    const p = adPlayer(['wrapper'], { documents: { wrapper, inline } });
    await startPreroll(p, 15);
    await p.playTo(0, 15, 15);
    await p.adEvent({ type: 'ended' });
    const viewability = p.beacons.filter((b) => /viewable|undetermined/.test(b));
    expect(viewability).toEqual([
      'https://wrapper.test/viewable',
      'https://inline.test/viewable?t=00%3A00%3A02.000',
    ]);
  });

  it('an advert without viewability URLs never asks the browser to measure', async () => {
    const p = adPlayer(['nonskippable']);
    const asked = jest.spyOn(p.viewport.port, 'measuresVisibility');
    await startPreroll(p, 6);
    await p.playTo(0, 6, 6);
    await p.adEvent({ type: 'ended' });
    expect(asked).not.toHaveBeenCalled();
  });
});

describe('the viewability meter on its own', () => {
  const urls = { viewable: ['v'], notViewable: ['n'], viewUndetermined: ['u'] };
  const config = parseConfig({ search: '?movie_id=1', origin: BASE });

  function* meterRun(steps: (number | 'out' | 'in' | 'end')[], said: ViewabilityVerdict[]) {
    const track = {
      *viewability(verdict: ViewabilityVerdict) {
        yield* call(() => said.push(verdict));
      },
    };
    const meter = yield* adViewability(urls, track);
    yield* meter.started();
    for (const step of steps) {
      if (typeof step === 'number') yield* meter.playedTo(step);
      else if (step === 'end') yield* meter.ended();
      else {
        const ratio = step === 'in' ? 1 : 0.49;
        yield* put(viewportActions.intersectionChanged({ ratio }));
        yield* meter.looked();
      }
    }
  }

  const run = async (steps: Parameters<typeof meterRun>[0]) => {
    const said: ViewabilityVerdict[] = [];
    const ports = fakePorts({ viewport: fakeViewport().port });
    await expectSaga(meterRun, steps, said)
      .withReducer(rootReducer)
      .provide({ getContext: (name) => (name === 'ports' ? ports : config) })
      .run();
    return said;
  };

  it('tells one verdict, whatever comes after it', async () => {
    expect(await run([0, 1, 2, 3, 'out', 'in', 5, 7, 'end', 'end'])).toEqual(['viewable']);
    expect(await run([0, 1.9, 'end', 'end', 3, 5])).toEqual(['notViewable']);
  });

  it('counts again from the first time reported after coming back into view', async () => {
    expect(await run([0, 1.5, 'out', 2.5, 'in', 2.6, 4.5, 'end'])).toEqual(['notViewable']);
    expect(await run([0, 1.5, 'out', 2.5, 'in', 2.6, 4.6])).toEqual(['viewable']);
  });

  it('49% is out of view', async () => {
    expect(await run(['out', 0, 1, 2, 3, 'end'])).toEqual(['notViewable']);
  });
});

describe('viewability of a VPAID creative, on the time it tells', () => {
  const vpaidMeasured = demoVast('vpaid').replace('</Impression>', `</Impression>${VIEWABILITY}`);

  async function startVpaid() {
    const p = adPlayer(['vpaid-measured'], { documents: { 'vpaid-measured': vpaidMeasured } });
    await untilIdle();
    p.store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    await p.vpaidEvent({ type: 'AdLoaded' }, { type: 'AdStarted' });
    return p;
  }
  const remaining = (seconds: number) =>
    ({ type: 'AdRemainingTimeChange', remaining: seconds, duration: 6 }) as const;

  it('Viewable once it tells two seconds played in view', async () => {
    const p = await startVpaid();
    await p.vpaidEvent(remaining(6), remaining(5), remaining(4.5));
    expect(told(p.beacons)).toEqual([]);
    await p.vpaidEvent(remaining(4), { type: 'AdVideoComplete' }, { type: 'AdStopped' });
    expect(told(p.beacons)).toEqual(['viewable?t=00%3A00%3A02.000']);
  });

  it('ViewUndetermined for a creative that never tells its time: how long it played is unknown', async () => {
    const p = await startVpaid();
    await p.clock.advance(5_000);
    await p.vpaidEvent({ type: 'AdVideoComplete' }, { type: 'AdStopped' });
    expect(told(p.beacons)).toEqual(['view-undetermined']);
  });
});
