// Property-based: every value the player reads back from cookies, storage and its address is
// untrusted (another tab, an older version, an extension or the viewer may have written anything).
// As with the VAST fuzzing: whatever comes in, nothing throws and every outcome is a defined one.
import fc from 'fast-check';
import { usableToken } from '../../../src/api/token';
import { parseConfig } from '../../../src/app/config';
import { createCookiePort } from '../../../src/ports/storage';
import { savedTimeOf } from '../../../sagas/boot/resumeDecision';
import {
  storedBandwidth,
  storedLabels,
  storedMuted,
  storedPositions,
  storedRate,
  storedSubtitleChoice,
  storedSubtitleStyle,
  storedVolume,
} from '../../../sagas/lib/storedValues';
import {
  SUBTITLE_COLORS,
  SUBTITLE_EDGES,
  SUBTITLE_FONTS,
  SUBTITLE_OPACITIES,
  SUBTITLE_SIZES,
  SUBTITLE_TEXT_OPACITIES,
} from '../../../src/shared/subtitleStyle';
import { PLAYBACK_RATES } from '../../../src/state/selectors';
import { series } from '../../../tools/sim/fixtures';

const RUNS = 2_000;
const episode = series.episodes[0]!;

/** Strings as hostile storage holds them: any text, JSON of any shape, numbers past any range. */
const storedText = fc.oneof(
  fc.string(),
  fc.json(),
  fc.double().map(String),
  fc
    .dictionary(
      fc.oneof(fc.constant(String(episode.id)), fc.string()),
      fc.oneof(fc.double(), fc.jsonValue()),
    )
    .map((record) => JSON.stringify(record)),
  // the kept bandwidth estimate's shape, with anything in its fields
  fc
    .record({
      bitsPerSecond: fc.oneof(fc.double(), fc.jsonValue()),
      atMs: fc.oneof(fc.double(), fc.jsonValue()),
    })
    .map((record) => JSON.stringify(record)),
  fc.constantFrom('1e308', '-1e308', 'NaN', 'Infinity', '{"201": 1e308}', '[201]', 'null', ''),
);

/** Preferences as hostile storage holds them: near the shapes the player writes, and anything. */
const rememberedText = fc.oneof(
  storedText,
  fc
    .oneof(
      fc.array(fc.oneof(fc.string(), fc.jsonValue())),
      fc.record(
        {
          lang: fc.oneof(fc.string(), fc.jsonValue()),
          name: fc.oneof(fc.string(), fc.jsonValue()),
        },
        { requiredKeys: [] },
      ),
      fc.record(
        {
          font: fc.oneof(fc.constantFrom(...SUBTITLE_FONTS), fc.jsonValue()),
          size: fc.oneof(
            fc.constantFrom(...SUBTITLE_SIZES, 'small', 'medium', 'large'),
            fc.jsonValue(),
          ),
          color: fc.oneof(fc.constantFrom(...SUBTITLE_COLORS), fc.jsonValue()),
          textOpacity: fc.oneof(fc.constantFrom(...SUBTITLE_TEXT_OPACITIES), fc.jsonValue()),
          background: fc.oneof(fc.constantFrom(...SUBTITLE_OPACITIES), fc.jsonValue()),
          windowColor: fc.oneof(fc.constantFrom(...SUBTITLE_COLORS), fc.jsonValue()),
          edge: fc.oneof(fc.constantFrom(...SUBTITLE_EDGES), fc.jsonValue()),
        },
        { requiredKeys: [] },
      ),
    )
    .map((value) => JSON.stringify(value)),
  fc.constantFrom('off', '"off"', 'true', 'True', ...PLAYBACK_RATES.map(String)),
);

/** Characters a cookie value may hold as written by document.cookie, percent signs included. */
const cookieValue = fc.stringMatching(/^[!#-+\-./0-:<-[\]-~%]{0,40}$/);

afterEach(() => {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0`;
  }
});

describe('untrusted values the player reads', () => {
  it('a cookie that is not valid percent-encoding reads as none, never a throw', () => {
    document.cookie = 'access_token=%E0%A4%A';
    document.cookie = 'device_fp=%zz';
    const cookies = createCookiePort();
    expect(cookies.get('access_token')).toBeNull();
    expect(cookies.get('device_fp')).toBeNull();
  });

  it('any cookie value reads as a string or none', () => {
    fc.assert(
      fc.property(cookieValue, (value) => {
        document.cookie = `device_fp=${value}`;
        const read = createCookiePort().get('device_fp');
        expect(read === null || typeof read === 'string').toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('a token is sent only as visible ASCII; anything else makes the viewer a guest', () => {
    fc.assert(
      fc.property(fc.option(fc.string({ unit: 'binary', maxLength: 200 })), (value) => {
        const token = usableToken(value);
        if (token !== null) expect(token).toMatch(/^[\x21-\x7e]+$/);
        if (value !== null && /[^\x21-\x7e]/.test(value)) expect(token).toBeNull();
      }),
      { numRuns: RUNS },
    );
    expect(usableToken('eyJhbGciOiJIUzI1NiJ9.e30.sig')).toBe('eyJhbGciOiJIUzI1NiJ9.e30.sig');
  });

  it('a saved position is a whole second from 1 to before the episode’s end, or none', () => {
    fc.assert(
      fc.property(
        fc.option(storedText),
        fc.double(),
        fc.option(fc.double()),
        fc.boolean(),
        (stored, duration, watchProgress, isCompleted) => {
          const saved = savedTimeOf({ ...episode, duration, watchProgress, isCompleted }, stored);
          if (saved === null) return;
          expect(Number.isInteger(saved)).toBe(true);
          expect(saved).toBeGreaterThanOrEqual(1);
          expect(saved).toBeLessThan(duration > 0 ? duration : 24 * 3600);
        },
      ),
      { numRuns: RUNS },
    );
    // as it was found: a position of 1e308 offered as where the viewer stopped
    const meeting = {
      ...series.episodes[1]!,
      duration: 1500,
      watchProgress: 8,
      isCompleted: false,
    };
    expect(savedTimeOf(meeting, `{"${meeting.id}": 1e308}`)).toBe(8); // the server's, not it
  });

  it('a saved volume is from 0 to 1, a bandwidth positive or none, a position map of numbers', () => {
    fc.assert(
      fc.property(fc.option(storedText), fc.double(), (stored, nowMs) => {
        const volume = storedVolume(stored);
        expect(volume >= 0 && volume <= 1).toBe(true);
        const bandwidth = storedBandwidth(stored, nowMs);
        expect(bandwidth === null || (Number.isFinite(bandwidth) && bandwidth > 0)).toBe(true);
        for (const seconds of Object.values(storedPositions(stored)))
          expect(Number.isFinite(seconds)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('every remembered preference reads as one the player offers, or none, never a throw', () => {
    fc.assert(
      fc.property(fc.option(rememberedText), fc.nat(8), (stored, limit) => {
        expect(typeof storedMuted(stored)).toBe('boolean');
        const labels = storedLabels(stored, limit);
        expect(labels.length).toBeLessThanOrEqual(limit);
        for (const label of labels) expect(typeof label === 'string' && label !== '').toBe(true);
        const choice = storedSubtitleChoice(stored);
        if (choice !== null && choice !== 'off') {
          expect([typeof choice.lang, typeof choice.name]).toEqual(['string', 'string']);
          expect(choice.lang || choice.name).not.toBe('');
        }
        const rate = storedRate(stored, PLAYBACK_RATES);
        expect(rate === null || PLAYBACK_RATES.includes(rate)).toBe(true);
        const style = storedSubtitleStyle(stored);
        if (style !== null) {
          expect(SUBTITLE_FONTS).toContain(style.font);
          expect(SUBTITLE_SIZES).toContain(style.size);
          expect(SUBTITLE_COLORS).toContain(style.color);
          expect(SUBTITLE_TEXT_OPACITIES).toContain(style.textOpacity);
          expect(SUBTITLE_COLORS).toContain(style.backgroundColor);
          expect(SUBTITLE_OPACITIES).toContain(style.background);
          expect(SUBTITLE_COLORS).toContain(style.windowColor);
          expect(SUBTITLE_OPACITIES).toContain(style.windowOpacity);
          expect(SUBTITLE_EDGES).toContain(style.edge);
        }
      }),
      { numRuns: RUNS },
    );
    // as the player writes them
    expect(storedLabels('["Русский","English"]', 5)).toEqual(['Русский', 'English']);
    expect(storedSubtitleChoice('{"lang":"en","name":"English"}')).toEqual({
      lang: 'en',
      name: 'English',
    });
    expect(storedRate('1.5', PLAYBACK_RATES)).toBe(1.5);
    expect(storedMuted('true')).toBe(true);
  });

  it('any address gives a configuration of defined values', () => {
    const query = fc
      .array(
        fc.tuple(
          fc.constantFrom(
            'movie_id',
            'episode_id',
            'season',
            'episode',
            't',
            'auto_play',
            'advert',
            'lang_order',
            'origin',
            'user_id',
            'episode_time',
          ),
          fc.oneof(
            fc.string(),
            fc.double().map(String),
            fc.constantFrom('%E0%A4%A', '%', '1e308', '-1', ''),
          ),
        ),
        { maxLength: 8 },
      )
      .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`);
    fc.assert(
      fc.property(fc.oneof(query, fc.string()), (search) => {
        const config = parseConfig({ search, origin: 'https://player.example' });
        for (const n of [config.movieId, config.episodeId, config.season, config.episode])
          expect(n === null || Number.isSafeInteger(n)).toBe(true);
        expect(
          config.startTime === null || (Number.isFinite(config.startTime) && config.startTime >= 0),
        ).toBe(true);
        expect(typeof config.autoPlay).toBe('boolean');
      }),
      { numRuns: RUNS },
    );
  });
});
