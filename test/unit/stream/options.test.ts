import { rootReducer } from '../../../src/state';
import {
  selectQualityOptions,
  selectSpeedOptions,
  selectSubtitleOptions,
} from '../../../src/state/menuOptions';
import { streamActions, streamRequests } from '../../../src/state/stream';
import { orderAudioTracks, chooseAudioTrack } from '../../../src/stream/audioTracks';
import { networkTypeOf } from '../../../src/stream/network';
import { selectAudioChoices } from '../../../src/components/AudioMenu';

const state = (...actions: { type: string }[]) =>
  actions.reduce(rootReducer, rootReducer(undefined, { type: '@@init' }));
const levels = streamActions.levelsLoaded({
  levels: [
    { height: 240, bitrate: 1e5 },
    { height: 360, bitrate: 1.5e5 },
    { height: 480, bitrate: 2e5 },
  ],
  auto: true,
});

describe('quality options (SPEC.md section 2)', () => {
  it("shows 'Auto' with the height playing now, then the heights from the top", () => {
    const s = state(levels, streamActions.levelSwitched({ level: 1, auto: true }));
    expect(selectQualityOptions(s)).toEqual([
      { label: 'Auto (360p)', value: -1, selected: true },
      { label: '480p', value: 2, selected: false },
      { label: '360p', value: 1, selected: false },
      { label: '240p', value: 0, selected: false },
    ]);
  });

  it('are the same options (no re-render of the menus) when only the bandwidth estimate moved', () => {
    const s = state(levels, streamActions.levelSwitched({ level: 1, auto: true }));
    const later = rootReducer(s, streamActions.bandwidthEstimated({ bitsPerSecond: 3e6 }));
    expect(later.stream).not.toBe(s.stream);
    expect(selectQualityOptions(later)).toBe(selectQualityOptions(s));
    expect(selectAudioChoices(later)).toBe(selectAudioChoices(s));
  });

  it('marks a chosen height, not Auto', () => {
    const s = state(
      levels,
      streamRequests.qualityRequested({ level: 2 }),
      streamActions.levelSwitched({ level: 2, auto: false }),
    );
    expect(selectQualityOptions(s).filter((o) => o.selected)).toEqual([
      { label: '480p', value: 2, selected: true },
    ]);
    expect(s.stream.preferredHeight).toBe(480);
  });
});

describe('speed and subtitle options', () => {
  it("calls normal speed 'Обычная' and marks the rate playing", () => {
    const s = state(streamActions.rateChanged({ rate: 1.5 }));
    const options = selectSpeedOptions(s);
    expect(options.find((o) => o.value === 1)!.label).toBe('Обычная');
    expect(options.filter((o) => o.selected).map((o) => o.value)).toEqual([1.5]);
  });

  it("offers 'Выкл.' first", () => {
    const s = state(
      streamActions.subtitleTracksLoaded({
        tracks: [{ id: 0, name: 'Русские', lang: 'ru' }],
        current: -1,
      }),
    );
    expect(selectSubtitleOptions(s)).toEqual([
      { label: 'Выкл.', value: -1, selected: true },
      { label: 'Русские', value: 0, selected: false },
    ]);
  });
});

describe('audio track order (SPEC.md section 5)', () => {
  const tracks = [
    { id: 0, name: 'English', lang: 'en' },
    { id: 1, name: 'Русский AC3', lang: 'ru' },
    { id: 2, name: 'Русский', lang: 'ru' },
    { id: 3, name: 'Deutsch', lang: 'de' },
  ];
  it.each([
    [['ru'], ['Русский', 'English', 'Deutsch']],
    [
      ['en', 'ru'],
      ['English', 'Русский', 'Deutsch'],
    ],
    [['de'], ['Deutsch', 'English', 'Русский']],
    [['Русский AC3'], ['Русский AC3', 'English', 'Русский', 'Deutsch']],
    [[], ['English', 'Русский', 'Deutsch']],
  ])('with the order %j', (order, names) => {
    expect(orderAudioTracks(tracks, order).map((t) => t.name)).toEqual(names);
  });

  it('plays the remembered label when the stream has it, else the first', () => {
    const ordered = orderAudioTracks(tracks, ['ru']);
    expect(chooseAudioTrack(ordered, 'Deutsch')?.id).toBe(3);
    expect(chooseAudioTrack(ordered, 'Klingon')?.id).toBe(2);
    expect(chooseAudioTrack([], null)).toBeNull();
  });
});

describe('network type from bandwidth (SPEC.md section 8)', () => {
  it.each([
    [0, 'gprs'],
    [49_999, 'gprs'],
    [50_000, '2g'],
    [299_000, '2g'],
    [300_000, '3g'],
    [999_000, '3g'],
    [1_000_000, '4g'],
    [3_999_000, '4g'],
    [4_000_000, 'wifi'],
  ])('%d bit/s is %s', (bps, type) => expect(networkTypeOf(bps)).toBe(type));
});
