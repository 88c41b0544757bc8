import {
  parseConfig,
  parseDeploymentSettings,
  parseInteger,
  parseTimeCode,
} from '../../../src/app/config';
import { pageConfig } from '../../../src/app/pageConfig';

const ORIGIN = 'https://player.example';
const parse = (search: string, dataset = {}) => parseConfig({ search, origin: ORIGIN, dataset });

describe('time codes (SPEC.md section 5)', () => {
  it.each([
    ['90', 90],
    ['12.5', 12],
    ['0', 0],
    ['1.2.3', 1],
  ])('accepts %p as %p seconds', (raw, seconds) => {
    expect(parseTimeCode(raw)).toBe(seconds);
  });

  it.each(['1e3', '-4', ' 12', '12 ', '', 'abc', '0x10', '.', null])(
    'treats %p as absent',
    (raw) => {
      expect(parseTimeCode(raw)).toBeNull();
    },
  );
});

describe('movie id', () => {
  it.each([
    ['42', 42],
    ['007', 7],
  ])('reads %p as %p', (raw, id) => expect(parseInteger(raw)).toBe(id));

  it.each(['4.2', '-1', 'abc', '', '1e2', ' 1'])('rejects %p', (raw) =>
    expect(parseInteger(raw)).toBeNull(),
  );
});

describe('parseConfig', () => {
  it('reads the query parameters of SPEC.md section 2', () => {
    const config = parse(
      '?movie_id=2&episode_id=203&season=1&episode=3&t=95&auto_play=1&disabled_share=1&advert=yes&user_id=u7&disable_checking_available=1&lang_order=en,ru&episode_time=5',
    );
    expect(config).toMatchObject({
      movieId: 2,
      episodeId: 203,
      season: 1,
      episode: 3,
      startTime: 95,
      autoPlay: true,
      disabledShare: true,
      advert: true,
      userId: 'u7',
      disableCheckingAvailable: true,
      langOrder: ['en', 'ru'],
      episodeTime: '5',
    });
  });

  it('defaults the episode order to 1 when only the season is given', () => {
    expect(parse('?movie_id=2&season=2').episode).toBe(1);
    expect(parse('?movie_id=2').episode).toBeNull();
  });

  it("lets the hosting page's movie id win over the query's", () => {
    expect(parse('?movie_id=1', { movie_id: '2' }).movieId).toBe(2);
    expect(parse('?movie_id=1', { movie_id: 'abc' }).movieId).toBe(1);
    expect(parse('', { movie_id: '7' }).movieId).toBe(7);
  });

  it("checks availability for the embedding page's domain", () => {
    expect(
      parseConfig({ search: '', origin: ORIGIN, hostOrigin: 'https://cinema.example:8443' })
        .hostDomain,
    ).toBe('cinema.example');
    expect(parse('').hostDomain).toBe('player.example');
  });

  it('is parsed once and frozen', () => {
    const config = parse('?movie_id=1');
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('turns flags off by default and with 0 or false', () => {
    expect(parse('?movie_id=1')).toMatchObject({
      autoPlay: false,
      advert: false,
      disabledShare: false,
    });
    expect(parse('?movie_id=1&auto_play=0').autoPlay).toBe(false);
    expect(parse('?movie_id=1&auto_play=false').autoPlay).toBe(false);
  });

  it('takes the service addresses from the frame, else from the page origin', () => {
    expect(parse('?movie_id=1')).toMatchObject({
      envBaseUrl: ORIGIN,
      envAdListUrl: `${ORIGIN}/ad-list.json`,
    });
    expect(
      parse('?movie_id=1', {
        env_base_url: 'https://api.example',
        env_ad_list_url: 'https://ads.example/list.json',
        fullscreen_mode: 'stretch',
        sentry_project_label: 'site-a',
      }),
    ).toMatchObject({
      envBaseUrl: 'https://api.example',
      envAdListUrl: 'https://ads.example/list.json',
      fullscreenMode: 'stretch',
      sentryProjectLabel: 'site-a',
    });
  });

  it('resolves service addresses written as a path or protocol-relative against the frame’s own address', () => {
    const at = (dataset: Record<string, string>, deployment = {}) =>
      parseConfig({
        search: '?movie_id=1',
        origin: ORIGIN,
        href: `${ORIGIN}/embed/index.html?movie_id=1`,
        dataset,
        deployment,
      });
    expect(at({ env_base_url: '/api', env_ad_list_url: './ads/list.json' })).toMatchObject({
      envBaseUrl: `${ORIGIN}/api`,
      envAdListUrl: `${ORIGIN}/embed/ads/list.json`,
      settingProblem: null,
    });
    expect(at({ env_base_url: '//api.example' }).envBaseUrl).toBe('https://api.example');
    expect(at({}, parseDeploymentSettings('{"env_base_url":"/api/"}')).envBaseUrl).toBe(
      `${ORIGIN}/api`,
    );
    // the ad list is a document: a final slash is part of its address
    expect(at({ env_ad_list_url: 'https://ads.example/preroll/' }).envAdListUrl).toBe(
      'https://ads.example/preroll/',
    );
  });

  it.each([
    'http://',
    'javascript:alert(1)',
    'ftp://files.example',
    'https://exa mple.com',
    'api.example.com',
  ])('names %p as no address, and keeps the default so that nothing builds on it', (value) => {
    const base = parse('?movie_id=1', { env_base_url: value });
    expect(base.envBaseUrl).toBe(ORIGIN);
    expect(base.settingProblem).toBe(`env_base_url "${value}" is not an http(s) address`);
    const ads = parseConfig({
      search: '',
      origin: ORIGIN,
      deployment: parseDeploymentSettings(JSON.stringify({ env_ad_list_url: value })),
    });
    expect(ads.envAdListUrl).toBe(`${ORIGIN}/ad-list.json`);
    expect(ads.settingProblem).toContain('env_ad_list_url');
  });

  it('takes a sandboxed host’s "null" origin as no host', () => {
    expect(parseConfig({ search: '', origin: ORIGIN, hostOrigin: 'null' }).hostDomain).toBe(
      'player.example',
    );
  });

  it('takes the global settings from the deployment, under the frame’s attributes and the query', () => {
    const deployment = parseDeploymentSettings(
      JSON.stringify({
        lang_order: 'en, ru',
        env_base_url: 'https://api.deploy.example',
        env_ad_list_url: 'https://ads.deploy.example/list.json',
        sentry_dsn: 'https://key@errors.deploy.example/7',
        unknown: 'x',
      }),
    );
    const config = (search: string, dataset = {}) =>
      parseConfig({ search, origin: ORIGIN, dataset, deployment });
    expect(config('?movie_id=1')).toMatchObject({
      langOrder: ['en', 'ru'],
      envBaseUrl: 'https://api.deploy.example',
      envAdListUrl: 'https://ads.deploy.example/list.json',
      sentryDsn: 'https://key@errors.deploy.example/7',
    });
    expect(
      config('?movie_id=1&lang_order=uk', {
        env_base_url: 'https://api.example',
        sentry_dsn: 'https://key@errors.example/1',
      }),
    ).toMatchObject({
      langOrder: ['uk'],
      envBaseUrl: 'https://api.example',
      sentryDsn: 'https://key@errors.example/1',
    });
    for (const broken of ['{oops', '[]', '{"env_base_url": 5}', '', null, 'null', '"x"', '42'])
      expect(parseDeploymentSettings(broken)).toEqual({});
  });

  it('reads the deployment settings from the page’s kino-player-settings meta', () => {
    const meta = document.createElement('meta');
    meta.name = 'kino-player-settings';
    meta.content = JSON.stringify({ sentry_dsn: 'https://key@errors.deploy.example/7' });
    document.head.append(meta);
    try {
      expect(pageConfig().sentryDsn).toBe('https://key@errors.deploy.example/7');
    } finally {
      meta.remove();
    }
  });
});
