// Industry icons in the ad layer (src/components/AdIcons.tsx): each shown icon drawn at its place
// clear of the advert's controls, an image in its link or button, a page or HTML in a sandboxed
// frame, named for a screen reader; and an icon's fallback image in a dialog that closes.
import { act, fireEvent, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import type { UnknownAction } from 'redux';
import { adRequests, adsActions, type AdIconView } from '../../../src/state/ads';
import { renderPlayer, seriesBooted } from './renderPlayer';

const adChoices: AdIconView = {
  index: 0,
  program: 'AdChoices',
  width: 20,
  height: 20,
  xPosition: 'right',
  yPosition: 'top',
  resource: { kind: 'static', url: 'https://icons.test/adchoices.png', creativeType: 'image/png' },
  altText: 'AdChoices',
  hoverText: 'Почему я вижу эту рекламу?',
  clickThrough: 'https://icons.test/info',
  clickable: true,
  shown: false,
};

/** A 6 s advert playing, with these icons chosen and those at `shown` on screen. */
function adPlaying(icons: AdIconView[], shown = icons.map((icon) => icon.index)): UnknownAction[] {
  return [
    ...seriesBooted,
    adsActions.breakStarted({ kind: 'preroll', total: 1, contentTime: 0 }),
    adsActions.adCreated({ index: 0, vastUrl: 'https://ads.test/vast.xml' }),
    adsActions.adLoaded({
      id: 'ad',
      title: 'Ad',
      durationSec: 6,
      skipOffsetSec: 1,
      clickThrough: 'https://advertiser.test/',
      vpaid: false,
    }),
    adsActions.iconsChosen({ icons }),
    adsActions.adStarted(),
    adsActions.adPlaying(),
    adsActions.iconsShown({ indices: shown }),
  ];
}

/**
 * The layout a browser would give the ad layer, 640 x 360: the label at the top left, the controls'
 * row (under its 32 px of gradient) along the bottom, the big play button in the middle.
 */
function layOut() {
  const box = (left: number, top: number, width: number, height: number) =>
    ({
      left,
      top,
      width,
      height,
      right: left + width,
      bottom: top + height,
      x: left,
      y: top,
    }) as DOMRect;
  jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    if (this.dataset.testid === 'ad-icons') return box(0, 0, 640, 360); // over the whole layer
    if (this.dataset.iconClear === 'content') return box(0, 276, 640, 84);
    if (this.dataset.iconClear === '' && this.tagName === 'BUTTON') return box(280, 140, 80, 80);
    if (this.dataset.iconClear === '') return box(12, 12, 110, 26);
    return box(0, 0, 0, 0);
  });
  const real = window.getComputedStyle;
  jest.spyOn(window, 'getComputedStyle').mockImplementation((element, pseudo) => {
    const style = real(element, pseudo);
    if ((element as HTMLElement).dataset.iconClear !== 'content') return style;
    return new Proxy(style, {
      get: (target, key) => (key === 'paddingTop' ? '32px' : Reflect.get(target, key)),
    });
  });
}

afterEach(() => jest.restoreAllMocks());

/** The drawn icons' boxes: where placeInto put each, and whether it is seen. */
const placed = () =>
  screen.queryAllByTestId('ad-icon').map((icon) => ({
    program: icon.dataset.program,
    left: icon.style.left,
    top: icon.style.top,
    width: icon.style.width,
    height: icon.style.height,
    visibility: icon.style.visibility,
  }));

describe('an industry icon over the advert', () => {
  beforeEach(layOut);

  it('an image with a click-through: a link opening a new window, named by its alt text', () => {
    renderPlayer(...adPlaying([adChoices]));
    const link = screen.getByRole('link', { name: 'AdChoices' });
    expect(link).toHaveAttribute('href', 'https://icons.test/info');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('title', 'Почему я вижу эту рекламу?');
    const image = within(link).getByRole('img');
    expect(image).toHaveAttribute('src', 'https://icons.test/adchoices.png');
    expect(image).toHaveAttribute('width', '20');
    expect(image).toHaveAttribute('height', '20');
  });

  it('at the top right corner, a target of 24 px round its 20 px image', () => {
    renderPlayer(...adPlaying([adChoices]));
    expect(placed()).toEqual([
      {
        program: 'AdChoices',
        left: '616px',
        top: '0px',
        width: '24px',
        height: '24px',
        visibility: 'visible',
      },
    ]);
  });

  it('its click tells the ad actor which icon; the link opens the page itself', () => {
    const { dispatched } = renderPlayer(...adPlaying([adChoices]));
    fireEvent.click(screen.getByRole('link', { name: 'AdChoices' }));
    expect(dispatched).toEqual([adRequests.industryIconClicked({ index: 0 })]);
  });

  it('without alt text it is "Информация о рекламе"; without a click-through a button', () => {
    const icon = { ...adChoices, altText: null, hoverText: null, clickThrough: null };
    const { dispatched } = renderPlayer(...adPlaying([icon]));
    const button = screen.getByRole('button', { name: 'Информация о рекламе' });
    expect(screen.queryByRole('link', { name: 'Информация о рекламе' })).toBeNull();
    fireEvent.click(button);
    expect(dispatched).toEqual([adRequests.industryIconClicked({ index: 0 })]);
  });

  it('an icon whose click does nothing is only its image, at its own size', () => {
    const icon = { ...adChoices, clickThrough: null, clickable: false };
    renderPlayer(...adPlaying([icon]));
    const [box] = screen.getAllByTestId('ad-icon');
    expect(within(box!).queryByRole('link')).toBeNull();
    expect(within(box!).queryByRole('button')).toBeNull();
    expect(within(box!).getByRole('img', { name: 'AdChoices' })).toHaveAttribute(
      'title',
      'Почему я вижу эту рекламу?',
    );
    expect(placed()[0]).toMatchObject({ left: '620px', width: '20px', height: '20px' });
  });

  it('a page in a sandboxed frame with no same origin, covered by its named link', () => {
    const icon: AdIconView = {
      ...adChoices,
      resource: { kind: 'iframe', url: 'https://icons.test/adchoices.html' },
    };
    renderPlayer(...adPlaying([icon]));
    const frame = screen.getByTitle('AdChoices');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'https://icons.test/adchoices.html');
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-popups');
    expect(frame.getAttribute('sandbox')).not.toMatch(/same-origin/);
    expect(screen.getByRole('link', { name: 'AdChoices' })).toBeEmptyDOMElement();
  });

  it('HTML in a sandboxed frame of the player’s own page, which is sent the HTML once it has loaded', () => {
    const icon: AdIconView = {
      ...adChoices,
      clickThrough: null,
      clickable: false,
      resource: { kind: 'html', html: '<a href="https://icons.test/info">i</a>' },
    };
    renderPlayer(...adPlaying([icon]));
    const frame = screen.getByTitle('AdChoices');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'adHtml.html');
    expect(frame).not.toHaveAttribute('srcdoc'); // a srcdoc frame would live under the player's policy
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-popups');
    const sent: unknown[] = [];
    const page = (frame as HTMLIFrameElement).contentWindow!;
    jest.spyOn(page, 'postMessage').mockImplementation((data: unknown) => void sent.push(data));
    fireEvent.load(frame);
    expect(sent).toEqual([{ html: '<a href="https://icons.test/info">i</a>' }]);
  });

  it('only the icons shown now are drawn, and none once the advert has ended', () => {
    const other: AdIconView = { ...adChoices, index: 2, program: 'Other', altText: 'Other' };
    const { store } = renderPlayer(...adPlaying([adChoices, other], [2]));
    expect(placed().map((icon) => icon.program)).toEqual(['Other']);
    act(() => {
      store.dispatch(adsActions.iconsShown({ indices: [0, 2] }));
    });
    expect(placed().map((icon) => icon.program)).toEqual(['AdChoices', 'Other']);
    // the second asked for the same corner: beside the first
    expect(placed().map((icon) => icon.left)).toEqual(['616px', '588px']);
    act(() => {
      store.dispatch(
        adsActions.adEnded({ status: 'completed', error: null, position: 0, perc: 0 }),
      );
    });
    expect(placed()).toEqual([]);
  });

  it('never over the controls and the skip button: one asked for at the bottom sits above them', () => {
    renderPlayer(...adPlaying([{ ...adChoices, xPosition: 'right', yPosition: 'bottom' }]));
    // the controls' row begins 308 px down (276 + 32 of gradient); 4 px apart
    expect(placed()[0]).toMatchObject({ left: '616px', top: '280px' });
  });

  it('never over the label: one asked for at the top left sits below it', () => {
    renderPlayer(...adPlaying([{ ...adChoices, xPosition: 'left', yPosition: 'top' }]));
    expect(placed()[0]).toMatchObject({ left: '0px', top: '42px' });
  });

  it('never over the big play button of an advert the browser would not start', () => {
    const actions = [...adPlaying([{ ...adChoices, xPosition: 300, yPosition: 150 }])];
    renderPlayer(...actions, adsActions.adNeedsClick());
    expect(placed()[0]).toMatchObject({ left: '298px', top: '112px' });
  });

  it('one with no free place stays hidden', () => {
    renderPlayer(...adPlaying([{ ...adChoices, width: 600, height: 300 }]));
    expect(placed()[0]).toMatchObject({ visibility: 'hidden' });
  });

  it('names every control and frame (axe-core)', async () => {
    const frame: AdIconView = {
      ...adChoices,
      index: 1,
      program: 'Frame',
      altText: null,
      clickThrough: null,
      resource: { kind: 'iframe', url: 'https://icons.test/frame.html' },
    };
    renderPlayer(...adPlaying([adChoices, frame]));
    const result = await axe.run(screen.getByTestId('ad-layer'), {
      runOnly: {
        type: 'rule',
        values: ['image-alt', 'link-name', 'button-name', 'frame-title', 'nested-interactive'],
      },
    });
    expect(result.violations).toEqual([]);
  });
});

describe('an icon’s fallback image', () => {
  beforeEach(layOut);

  const disclosure: AdIconView = {
    ...adChoices,
    index: 1,
    program: 'Disclosure',
    altText: null,
    clickThrough: null,
  };
  const image = {
    url: 'https://icons.test/disclosure.png',
    creativeType: 'image/png',
    width: 400,
    height: 300,
    altText: 'Кто показал вам эту рекламу',
  };

  it('is not fetched before the click: no image of it in the page', () => {
    renderPlayer(...adPlaying([disclosure]));
    expect(screen.queryByTestId('ad-icon-fallback')).toBeNull();
    expect(document.querySelector('img[src="https://icons.test/disclosure.png"]')).toBeNull();
  });

  it('opens over the advert in a dialog named by its alt text, "Закрыть" above the image', () => {
    jest.spyOn(document, 'hasFocus').mockReturnValue(true); // the viewer clicked in the player
    renderPlayer(...adPlaying([disclosure]), adsActions.iconFallbackOpened({ index: 1, image }));
    const dialog = screen.getByRole('dialog', { name: 'Кто показал вам эту рекламу' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const picture = within(dialog).getByRole('img', { name: 'Кто показал вам эту рекламу' });
    expect(picture).toHaveAttribute('src', 'https://icons.test/disclosure.png');
    const close = within(dialog).getByRole('button', { name: 'Закрыть' });
    // the close button comes first, above the image
    expect(close.compareDocumentPosition(picture) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(close).toHaveFocus();
  });

  it('"Закрыть" closes it, and the focus goes back to the icon', () => {
    const { dispatched, store } = renderPlayer(
      ...adPlaying([disclosure]),
      adsActions.iconFallbackOpened({ index: 1, image }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(dispatched).toEqual([adRequests.iconFallbackClosed()]);
    expect(store.getState().ads.ad).not.toHaveProperty('iconFallback');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Информация о рекламе' })).toHaveFocus();
  });

  it('Escape closes it too, and goes no further', () => {
    const { dispatched } = renderPlayer(
      ...adPlaying([disclosure]),
      adsActions.iconFallbackOpened({ index: 1, image }),
    );
    fireEvent.keyDown(screen.getByRole('button', { name: 'Закрыть' }), { key: 'Escape' });
    expect(dispatched).toEqual([adRequests.iconFallbackClosed()]);
  });

  it('without alt text it is "Информация о рекламе"; the focus is never taken from the host page', () => {
    jest.spyOn(document, 'hasFocus').mockReturnValue(false);
    renderPlayer(
      ...adPlaying([disclosure]),
      adsActions.iconFallbackOpened({ index: 1, image: { ...image, altText: null } }),
    );
    expect(screen.getByRole('dialog', { name: 'Информация о рекламе' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Закрыть' })).not.toHaveFocus();
  });
});
