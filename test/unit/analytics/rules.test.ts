import { clickTarget, fpsDrop, milestonesDue, timeupdateDue } from '../../../src/analytics/rules';
import { deviceType, fingerprintSource } from '../../../src/device/device';
import { DESKTOP } from '../../../tools/sim/fakePorts';

describe('analytics rules', () => {
  it('gives each milestone once, in order, when the position reaches it', () => {
    const sent = new Set<number>();
    expect(milestonesDue(5, 100, sent)).toEqual([]);
    expect(milestonesDue(26, 100, sent)).toEqual([0.1, 0.25]); // a seek past two
    sent.add(0.1).add(0.25);
    expect(milestonesDue(30, 100, sent)).toEqual([]);
    expect(milestonesDue(99.2, 100, sent)).toEqual([0.5, 0.75, 0.95, 1]); // the last second is the end
    expect(milestonesDue(10, 0, new Set())).toEqual([]); // no duration yet
  });

  it('gives a timeupdate on each new minute of playing', () => {
    expect(timeupdateDue(59, 0)).toBe(false);
    expect(timeupdateDue(60, 0)).toBe(true);
    expect(timeupdateDue(119, 1)).toBe(false);
    expect(timeupdateDue(120, 1)).toBe(true);
  });

  it('calls a window with more than a tenth of its frames dropped a drop', () => {
    expect(fpsDrop({ dropped: 0, total: 0 }, { dropped: 5, total: 250 })).toBeNull();
    expect(fpsDrop({ dropped: 5, total: 250 }, { dropped: 60, total: 500 })).toEqual({
      dropped_frames: 55,
      total_frames: 250,
    });
    expect(fpsDrop({ dropped: 5, total: 250 }, { dropped: 5, total: 250 })).toBeNull(); // paused
  });

  it('names the clicks on icons, menus and picture-in-picture', () => {
    expect(clickTarget({ type: 'ui/iconClicked', payload: { icon: 'settings' } })).toBe('settings');
    expect(clickTarget({ type: 'ui/menuOpened', payload: { menu: 'quality' } })).toBe(
      'menu_quality',
    );
    expect(
      clickTarget({ type: 'ui/iconClicked', payload: { icon: 'picture_in_picture_exit' } }),
    ).toBe('picture_in_picture_exit');
    // what keys and gestures ask for is not a click
    expect(clickTarget({ type: 'ui/fullscreenToggled' })).toBeNull();
    expect(clickTarget({ type: 'ui/pointerMoved' })).toBeNull();
  });
});

describe('the device', () => {
  const ua = {
    iphone:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    ipad: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
    androidPhone:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Mobile Safari/537.36',
    androidTablet:
      'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36',
  };
  it.each([
    [{ ...DESKTOP }, 'desktop'],
    [{ ...DESKTOP, userAgent: ua.iphone, touchPoints: 5 }, 'mobile'],
    [{ ...DESKTOP, userAgent: ua.ipad, touchPoints: 5 }, 'tablet'], // iPadOS asks for the desktop site
    [{ ...DESKTOP, userAgent: ua.ipad, touchPoints: 0 }, 'desktop'], // a real Mac
    [{ ...DESKTOP, userAgent: ua.androidPhone, touchPoints: 5 }, 'mobile'],
    [{ ...DESKTOP, userAgent: ua.androidTablet, touchPoints: 5 }, 'tablet'],
    [
      { ...DESKTOP, touchPoints: 10, screen: { ...DESKTOP.screen, width: 800, height: 1280 } },
      'tablet',
    ],
  ])('device_type of %#', (info, expected) => {
    expect(deviceType(info)).toBe(expected);
  });

  it('builds the fingerprint from hardware, locales, screen and system, the same each time', () => {
    const source = fingerprintSource(DESKTOP);
    expect(fingerprintSource({ ...DESKTOP })).toBe(source);
    for (const changed of [
      { hardwareConcurrency: 4 },
      { languages: ['en-US'] },
      { utcOffsets: [0, -60] as [number, number] },
      { screen: { ...DESKTOP.screen, width: 1280 } },
      { platform: 'Win32' },
    ])
      expect(fingerprintSource({ ...DESKTOP, ...changed })).not.toBe(source);
  });
});
