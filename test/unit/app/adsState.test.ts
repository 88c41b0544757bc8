import { adsActions, adsSlice, selectSkipOffset } from '../../../src/state/ads';
import { adAnalyticsFields } from '../../../src/analytics/payload';

const reduce = (...actions: Parameters<typeof adsSlice.reducer>[1][]) =>
  actions.reduce(adsSlice.reducer, adsSlice.reducer(undefined, { type: 'init' }));

describe('the ad fields of analytics (SPEC.md section 7)', () => {
  const loaded = [
    adsActions.breakStarted({ kind: 'midroll', total: 1, contentTime: 12.4 }),
    adsActions.adCreated({ index: 0, vastUrl: 'https://ads.example/v.xml' }),
    adsActions.adLoaded({
      id: 'ad-7',
      title: 'Ad',
      durationSec: 14.6,
      skipOffsetSec: null,
      clickThrough: null,
      vpaid: false,
    }),
  ];

  it('describe the ad on screen: id, type, duration, and where in the content its break is', () => {
    expect(adAnalyticsFields(reduce(...loaded), 48)).toEqual({
      ad_id: 'ad-7',
      ad_type: 'mid-roll',
      ad_duration_sec: 15,
      ad_position_perc: 25.8,
      ad_position: 12,
    });
  });

  it('describe the last ad once the break is over, and nothing before any ad', () => {
    const state = reduce(
      ...loaded,
      adsActions.adEnded({ status: 'completed', error: null, position: 12, perc: 25.8 }),
      adsActions.breakEnded({ kind: 'midroll', episodeId: null, playedSeconds: 12 }),
    );
    expect(adAnalyticsFields(state, 48)).toEqual({
      ad_id: 'ad-7',
      ad_type: 'mid-roll',
      ad_duration_sec: 15,
      ad_position_perc: 25.8,
      ad_position: 12,
    });
    expect(adAnalyticsFields(reduce(), 48)).toBeNull();
  });

  it('report a duration not known as -2 (SPEC.md section 9), on screen and in the history', () => {
    const unknown = [
      ...loaded.slice(0, 2),
      adsActions.adLoaded({
        id: 'ad-8',
        title: 'Ad',
        durationSec: 0, // a VPAID creative or a VAST without Duration, before the media tells it
        skipOffsetSec: null,
        clickThrough: null,
        vpaid: true,
      }),
    ];
    expect(adAnalyticsFields(reduce(...unknown), 48)).toMatchObject({ ad_duration_sec: -2 });
    const ended = reduce(
      ...unknown,
      adsActions.adEnded({ status: 'error', error: null, position: 12, perc: 25.8 }),
    );
    expect(ended.history[0]).toMatchObject({ duration: -2 });
    expect(adAnalyticsFields(ended, 48)).toMatchObject({ ad_duration_sec: -2 });
  });
});

describe('the ad list (SPEC.md section 4: reset clears it, update fetches it only if none is loaded)', () => {
  it('ignores the answer of a fetch overtaken by a reset and a newer fetch', () => {
    const old = [{ vastUrl: 'https://ads.example/old.xml' }];
    const fresh = [{ vastUrl: 'https://ads.example/new.xml' }];
    const waiting = reduce(
      adsActions.listLoading(),
      adsActions.listReset(),
      adsActions.listLoading(),
    );
    const stale = adsSlice.reducer(waiting, adsActions.listLoaded({ items: old, fetch: 1 }));
    expect(stale.list).toMatchObject({ status: 'loading', items: [] });
    const settled = adsSlice.reducer(stale, adsActions.listLoaded({ items: fresh, fetch: 2 }));
    expect(settled.list).toMatchObject({ status: 'loaded', items: fresh });
  });
});

describe('the skip offset', () => {
  it('placed once the media tells the duration a percentage needs: the ad may be skipped from then', () => {
    const loading = reduce(
      adsActions.breakStarted({ kind: 'preroll', total: 1, contentTime: 0 }),
      adsActions.adCreated({ index: 0, vastUrl: 'https://ads.example/v.xml' }),
      adsActions.adLoaded({
        id: 'ad-9',
        title: 'Ad',
        durationSec: 0, // skipoffset="25%" and no Duration
        skipOffsetSec: null,
        clickThrough: null,
        vpaid: false,
      }),
    );
    expect(selectSkipOffset({ ads: loading })).toBeNull();
    const placed = adsSlice.reducer(loading, adsActions.skipOffsetKnown({ skipOffsetSec: 5 }));
    expect(selectSkipOffset({ ads: placed })).toBe(5);
    // after its ad, nothing
    expect(
      adsSlice.reducer(reduce(), adsActions.skipOffsetKnown({ skipOffsetSec: 5 })).ad,
    ).toBeNull();
  });
});
