// Industry icons of a linear advert (VAST 4.3 <Icons>, sagas/ads/icons.ts): one per program, shown
// from its offset for its duration on the advert's own time, its view told once when it first shows,
// its click tracked; a click-through pauses the advert, a fallback image holds it until closed.
import { expectSaga } from 'redux-saga-test-plan';
import { call } from 'typed-redux-saga';
import { parseConfig } from '../../../src/app/config';
import { adIcons, iconOnAt } from '../../../sagas/ads/icons';
import { rootReducer } from '../../../src/state';
import { adRequests, adsActions } from '../../../src/state/ads';
import { selectAdWanted } from '../../../src/state/selectors';
import type { VastIcon } from '../../../src/vast/model';
import { playbackRequests } from '../../../src/state/playback';
import { fakePorts } from '../../../tools/sim/fakePorts';
import { BASE } from '../../../tools/sim/player';
import { untilIdle } from '../../../tools/sim/waits';
import { cdata, inlineAd, linear, parsedIcon, vast } from '../vast/documents';
import { adPlayer, startPreroll, vast as demoVast } from './adPlayer';

/** Two versions of the AdChoices icon (for pixel ratios 1 and 2) with a click-through. */
const adChoices = (pxratio: number) => `<Icon program="AdChoices" width="20" height="20"
    xPosition="right" yPosition="top" pxratio="${pxratio}" altText="AdChoices">
  <StaticResource creativeType="image/png">${cdata(`https://icons.test/adchoices@${pxratio}.png`)}</StaticResource>
  <IconClicks>
    <IconClickThrough>${cdata('https://icons.test/info')}</IconClickThrough>
    <IconClickTracking>${cdata(`https://icons.test/click-1@${pxratio}`)}</IconClickTracking>
    <IconClickTracking>${cdata(`https://icons.test/click-2@${pxratio}`)}</IconClickTracking>
  </IconClicks>
  <IconViewTracking>${cdata(`https://icons.test/view@${pxratio}?t=[ADPLAYHEAD]`)}</IconViewTracking>
</Icon>`;

/** An icon of another program, from 2 s for 2 s, whose click shows a fallback image. */
const disclosure = `<Icon program="Disclosure" width="60" height="24" xPosition="10" yPosition="bottom"
    offset="00:00:02" duration="00:00:02">
  <HTMLResource>${cdata('<b>i</b>')}</HTMLResource>
  <IconClicks>
    <IconClickTracking>${cdata('https://disclosure.test/click')}</IconClickTracking>
    <IconClickFallbackImages>
      <IconClickFallbackImage width="1600" height="900">
        <AltText>Too big</AltText>
        <StaticResource creativeType="image/png">${cdata('https://disclosure.test/1600.png')}</StaticResource>
      </IconClickFallbackImage>
      <IconClickFallbackImage width="1024" height="576">
        <AltText>Who showed you this ad</AltText>
        <StaticResource creativeType="image/png">${cdata('https://disclosure.test/1024.png')}</StaticResource>
      </IconClickFallbackImage>
    </IconClickFallbackImages>
  </IconClicks>
  <IconViewTracking>${cdata('https://disclosure.test/view')}</IconViewTracking>
</Icon>`;

const PAUSE_RESUME = `<Tracking event="pause">${cdata('https://inline.test/pause')}</Tracking>
  <Tracking event="resume">${cdata('https://inline.test/resume')}</Tracking>`;

/** A 6 s advert with the three icons: AdChoices at pxratio 1 and 2, and the Disclosure icon. */
const withIcons = vast(
  inlineAd({
    creatives: `<Creative>${linear({
      duration: '00:00:06',
      tracking: PAUSE_RESUME,
      icons: adChoices(1) + adChoices(2) + disclosure,
    })}</Creative>`,
  }),
);

const iconPlayer = (options: Parameters<typeof adPlayer>[1] = {}) =>
  adPlayer(['icons'], { documents: { icons: withIcons }, ...options });

/** The beacons of icons, without their host's scheme. */
const iconBeacons = (beacons: string[]) =>
  beacons.filter((b) => /icons\.test|disclosure\.test/.test(b)).map((b) => b.slice(8));

const icons = (p: ReturnType<typeof adPlayer>) => p.store.getState().ads.ad?.icons;
const shown = (p: ReturnType<typeof adPlayer>) =>
  icons(p)
    ?.filter((icon) => icon.shown)
    .map((icon) => icon.program);

describe('the icons an ad draws', () => {
  it('are chosen as its session opens, one per program, none shown before its first frame', async () => {
    const p = iconPlayer();
    await untilIdle();
    p.store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    await p.adEvent({ type: 'loaded', duration: 6 });
    expect(icons(p)).toEqual([
      {
        index: 0,
        program: 'AdChoices',
        width: 20,
        height: 20,
        xPosition: 'right',
        yPosition: 'top',
        resource: {
          kind: 'static',
          url: 'https://icons.test/adchoices@1.png',
          creativeType: 'image/png',
        },
        altText: 'AdChoices',
        hoverText: null,
        clickThrough: 'https://icons.test/info',
        clickable: true,
        shown: false,
      },
      expect.objectContaining({
        index: 2,
        program: 'Disclosure',
        resource: { kind: 'html', html: '<b>i</b>' },
        clickThrough: null,
        clickable: true,
        shown: false,
      }),
    ]);
    expect(iconBeacons(p.beacons)).toEqual([]);
    await p.adEvent({ type: 'playing' });
    expect(shown(p)).toEqual(['AdChoices']);
  });

  /** How often the player asks the device what it is, up to the advert's first frame. */
  async function deviceAsked(p: ReturnType<typeof adPlayer>) {
    const asked = jest.spyOn(p.device, 'describe');
    await startPreroll(p, 6);
    return asked.mock.calls.length;
  }

  it('of a program’s versions, the one for the device’s pixel ratio, asked of the device once', async () => {
    const p = iconPlayer({ pixelRatio: 2 });
    const asked = await deviceAsked(p);
    expect(icons(p)?.map((icon) => icon.index)).toEqual([1, 2]);
    expect(icons(p)?.[0]?.resource).toMatchObject({ url: 'https://icons.test/adchoices@2.png' });
    expect(iconBeacons(p.beacons)).toEqual(['icons.test/view@2?t=00%3A00%3A00.000']);
    // once more than for an advert without icons (the other actors ask too)
    expect(asked).toBe((await deviceAsked(adPlayer(['nonskippable']))) + 1);
  });

  it('an ad without icons has none in its state, and asks the device nothing more', async () => {
    const p = adPlayer(['nonskippable']);
    const asked = await deviceAsked(p);
    await p.playTo(0, 3, 6);
    expect(p.store.getState().ads.ad).not.toHaveProperty('icons');
    expect(p.store.getState().ads.ad).not.toHaveProperty('iconFallback');
    const single = vast(
      inlineAd({
        creatives: `<Creative>${linear({ icons: adChoices(2) + disclosure })}</Creative>`,
      }),
    );
    // one version of each program: nothing to choose by the pixel ratio
    const one = adPlayer(['single'], { documents: { single }, pixelRatio: 2 });
    expect(await deviceAsked(one)).toBe(asked);
    expect(icons(one)?.map((icon) => icon.index)).toEqual([0, 1]);
  });
});

describe('when an icon shows, on the advert’s own time', () => {
  it('from the first frame for the whole ad without a duration; from its offset for its duration', async () => {
    const p = iconPlayer();
    await startPreroll(p, 6);
    await p.playTo(0, 1.75, 6);
    expect(shown(p)).toEqual(['AdChoices']);
    await p.playTo(2, 3.75, 6);
    expect(shown(p)).toEqual(['AdChoices', 'Disclosure']);
    await p.playTo(4, 6, 6);
    expect(shown(p)).toEqual(['AdChoices']);
  });

  it('its view told once, when it first shows, with the advert’s time', async () => {
    const p = iconPlayer();
    await startPreroll(p, 6);
    expect(iconBeacons(p.beacons)).toEqual(['icons.test/view@1?t=00%3A00%3A00.000']);
    await p.playTo(0, 6, 6);
    await p.adEvent({ type: 'ended' });
    expect(iconBeacons(p.beacons)).toEqual([
      'icons.test/view@1?t=00%3A00%3A00.000',
      'disclosure.test/view',
    ]);
  });

  it('a pause holds the icons as they are: the clock moves, the advert’s time does not', async () => {
    const p = iconPlayer();
    await startPreroll(p, 6);
    await p.playTo(0, 3, 6);
    p.store.dispatch(adRequests.playPauseRequested());
    await p.adEvent({ type: 'pause' });
    await p.clock.advance(10_000);
    expect(shown(p)).toEqual(['AdChoices', 'Disclosure']);
  });

  it('a VPAID creative’s icons follow the time it tells', async () => {
    const icon = adChoices(1);
    const document = demoVast('vpaid').replace(
      '<MediaFiles>',
      `<Icons>${icon}</Icons><MediaFiles>`,
    );
    const p = adPlayer(['vpaid-icons'], { documents: { 'vpaid-icons': document } });
    await untilIdle();
    p.store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    await p.vpaidEvent({ type: 'AdLoaded' });
    expect(shown(p)).toEqual([]);
    await p.vpaidEvent({ type: 'AdStarted' });
    expect(shown(p)).toEqual(['AdChoices']);
    expect(iconBeacons(p.beacons)).toEqual(['icons.test/view@1?t=00%3A00%3A00.000']);
  });
});

describe('a click on an icon', () => {
  it('with a click-through: every IconClickTracking, once per ad; the advert paused as for its own', async () => {
    const p = iconPlayer();
    await startPreroll(p, 6);
    await p.playTo(0, 1, 6);
    p.store.dispatch(adRequests.industryIconClicked({ index: 0 }));
    await untilIdle();
    expect(iconBeacons(p.beacons).slice(1)).toEqual([
      'icons.test/click-1@1',
      'icons.test/click-2@1',
    ]);
    expect(p.store.getState().ads.userChoice).toBe('pause');
    expect(p.adCalls().at(-1)).toBe('pause');
    await p.adEvent({ type: 'pause' });
    expect(p.store.getState().ads.ad?.status).toBe('paused');
    expect(p.beacons.at(-1)).toBe('https://inline.test/pause');
    // the viewer plays it on, and clicks the icon again: its tracking is told once per ad
    p.store.dispatch(adRequests.playPauseRequested());
    await p.adEvent({ type: 'playing' });
    p.store.dispatch(adRequests.industryIconClicked({ index: 0 }));
    await untilIdle();
    expect(iconBeacons(p.beacons)).toHaveLength(3);
  });

  it('on an icon not on screen does nothing', async () => {
    const p = iconPlayer();
    await startPreroll(p, 6);
    await p.playTo(0, 1, 6);
    const before = p.beacons.length;
    p.store.dispatch(adRequests.industryIconClicked({ index: 2 })); // Disclosure shows from 2 s
    p.store.dispatch(adRequests.industryIconClicked({ index: 1 })); // a version never chosen
    await untilIdle();
    expect(p.beacons).toHaveLength(before);
    expect(p.store.getState().ads.userChoice).toBeNull();
    expect(p.store.getState().ads.ad).not.toHaveProperty('iconFallback');
  });

  it('without a click-through: its tracking, the fallback image that fits, the advert held until it is closed', async () => {
    const p = iconPlayer();
    await startPreroll(p, 6);
    await p.playTo(0, 2.5, 6);
    p.store.dispatch(adRequests.industryIconClicked({ index: 2 }));
    await untilIdle();
    expect(iconBeacons(p.beacons).at(-1)).toBe('disclosure.test/click');
    // the player is 1280 x 720: the 1600 x 900 image would not fit
    expect(p.store.getState().ads.ad?.iconFallback).toEqual({
      index: 2,
      image: {
        url: 'https://disclosure.test/1024.png',
        creativeType: 'image/png',
        width: 1024,
        height: 576,
        altText: 'Who showed you this ad',
      },
    });
    expect(selectAdWanted(p.store.getState())).toBe(false);
    expect(p.adCalls().at(-1)).toBe('pause');
    await p.adEvent({ type: 'pause' });
    // neither the viewer's play nor time plays it on while the image is open
    p.store.dispatch(adRequests.playPauseRequested());
    await untilIdle();
    await p.clock.advance(60_000);
    expect(p.adCalls().at(-1)).toBe('pause');
    expect(p.store.getState().ads.ad?.status).toBe('paused');

    p.store.dispatch(adRequests.iconFallbackClosed());
    await untilIdle();
    expect(p.store.getState().ads.ad).not.toHaveProperty('iconFallback');
    expect(p.adCalls().at(-1)).toBe('play');
    await p.adEvent({ type: 'playing' });
    expect(p.beacons.slice(-2)).toEqual([
      'https://inline.test/pause',
      'https://inline.test/resume',
    ]);
  });

  it('closed, the fallback image gives back what the viewer had chosen: a paused advert stays paused', async () => {
    const p = iconPlayer();
    await startPreroll(p, 6);
    await p.playTo(0, 2.5, 6);
    p.store.dispatch(adRequests.playPauseRequested());
    await p.adEvent({ type: 'pause' });
    p.store.dispatch(adRequests.industryIconClicked({ index: 2 }));
    await untilIdle();
    p.store.dispatch(adRequests.iconFallbackClosed());
    await untilIdle();
    expect(p.adCalls().at(-1)).toBe('pause');
    expect(p.store.getState().ads.ad?.status).toBe('paused');
  });
});

describe('the icon keeper on its own', () => {
  const config = parseConfig({ search: '?movie_id=1', origin: BASE });
  const icon = (offsetSec: number | null, durationSec: number | null): VastIcon =>
    parsedIcon({ offsetSec, durationSec, viewTracking: ['https://i.test/view'] });

  function* keeperRun(list: VastIcon[], steps: (number | 'start')[], viewed: number[]) {
    const track = {
      *iconView(index: number) {
        yield* call(() => viewed.push(index));
      },
      *iconClick() {},
    };
    const keeper = yield* adIcons(list, track);
    for (const step of steps) {
      if (step === 'start') yield* keeper.started(0);
      else yield* keeper.playedTo(step);
    }
  }

  it('puts what shows only when it changes, and nothing before the advert started', async () => {
    const viewed: number[] = [];
    const list = [icon(null, null), icon(1, 1)];
    const { effects } = await expectSaga(
      keeperRun,
      list,
      [0.5, 'start', 0.25, 0.5, 1, 1.5, 2, 3],
      viewed,
    )
      .withReducer(rootReducer)
      .provide({ getContext: (name) => (name === 'ports' ? fakePorts() : config) })
      .run();
    const puts = (effects.put ?? []).map(
      (e) => (e as { payload: { action: unknown } }).payload.action,
    );
    expect(puts).toEqual([
      adsActions.iconsChosen({
        icons: [
          expect.objectContaining({ index: 0, shown: false }),
          expect.objectContaining({ index: 1, shown: false }),
        ] as never,
      }),
      adsActions.iconsShown({ indices: [0] }),
      adsActions.iconsShown({ indices: [0, 1] }),
      adsActions.iconsShown({ indices: [0] }),
    ]);
    // the keeper asks for each view each time the set grows; the tracking fires each once per ad
    expect(viewed).toEqual([0, 0, 1, 0]);
  });

  it('an offset is reached at a time a hair under it; a duration ends at its end', () => {
    expect(iconOnAt({ offsetSec: 2, durationSec: 1 }, 1.9999999)).toBe(true);
    expect(iconOnAt({ offsetSec: 2, durationSec: 1 }, 1.99)).toBe(false);
    expect(iconOnAt({ offsetSec: 2, durationSec: 1 }, 2.999)).toBe(true);
    expect(iconOnAt({ offsetSec: 2, durationSec: 1 }, 3)).toBe(false);
    expect(iconOnAt({ offsetSec: null, durationSec: null }, 1e6)).toBe(true);
  });
});
