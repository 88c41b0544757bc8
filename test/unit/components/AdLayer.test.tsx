// The ad layer over an advert with a SIMID creative: the player's own click-through gives way to the
// creative while it shows (it takes its own clicks, beneath the layer), and comes back when it fails.
import { screen } from '@testing-library/react';
import { act } from 'react';
import { adsActions } from '../../../src/state/ads';
import { renderPlayer, seriesBooted } from './renderPlayer';

const inAdvert = [
  ...seriesBooted,
  adsActions.breakStarted({ kind: 'preroll', total: 1, contentTime: 0 }),
  adsActions.adCreated({ index: 0, vastUrl: 'https://ads.test/simid.xml' }),
  adsActions.adLoaded({
    id: 'simid-ad',
    title: 'Ad',
    durationSec: 15,
    skipOffsetSec: null,
    clickThrough: 'https://advertiser.test/',
    vpaid: false,
  }),
];

const clickThrough = () => screen.queryByRole('link', { name: 'Перейти на сайт рекламодателя' });

describe('the ad layer over a SIMID creative', () => {
  it('shows the click-through while the creative loads, none while it shows, again once it failed', () => {
    const { store } = renderPlayer(
      ...inAdvert,
      adsActions.simidLoading({ url: 'https://c.test/' }),
    );
    expect(clickThrough()).not.toBeNull();
    act(() => void store.dispatch(adsActions.simidShown()));
    expect(clickThrough()).toBeNull();
    expect(screen.getByRole('button', { name: 'Выключить звук' })).toBeTruthy(); // its controls stay
    act(() => void store.dispatch(adsActions.simidFailed({ code: 1101, message: 'assets' })));
    expect(clickThrough()).not.toBeNull();
  });
});
