// Protected films: what a master JSON may say of a source's key systems, which one the browser is
// asked for first, what hls.js is given, and what the viewer is told when it goes wrong.
import * as v from 'valibot';
import { MasterJsonSchema } from '../../../src/api/schemas';
import { emeConfig } from '../../../src/ports/hlsProtection';
import { firstGrantedKeySystem } from '../../../src/ports/keySystemAccess';
import {
  LICENSE_RETRY_WAITS_MS,
  protectionProblemOf,
  type Protection,
} from '../../../src/stream/protection';
import { failureMessage } from '../../../src/components/MessageScreen';

const source = (drm: unknown) => ({
  sources: [{ label: 'Основной', link: '/film/master.m3u8', isDefault: true, drm }],
  subtitles: [],
});

describe("a protected source in the master JSON (docs/master-json.md, 'drm')", () => {
  it('keeps its key systems in their order, with what each license server wants', () => {
    const drm = [
      { keySystem: 'widevine', licenseUrl: '/drm/wv', licenseHeaders: { 'X-Ticket': 'abc' } },
      { keySystem: 'fairplay', licenseUrl: '/drm/fps', certificateUrl: '/drm/fps.cer' },
      { keySystem: 'clearkey', licenseUrl: 'https://keys.example/ck', withToken: true },
    ];
    const master = v.parse(MasterJsonSchema, source(drm));
    expect(master.sources[0]!.drm).toEqual(drm);
  });

  it('leaves out an entry it cannot use (an unknown system, FairPlay without its certificate) and keeps the rest', () => {
    const master = v.parse(
      MasterJsonSchema,
      source([
        { keySystem: 'primetime', licenseUrl: '/drm/x' },
        { keySystem: 'fairplay', licenseUrl: '/drm/fps' },
        { keySystem: 'clearkey', licenseUrl: '/drm/ck' },
      ]),
    );
    expect(master.sources[0]!.drm).toEqual([{ keySystem: 'clearkey', licenseUrl: '/drm/ck' }]);
  });

  it('fails the master JSON, saying why, when no entry is usable: the film could not be played anyway', () => {
    const result = v.safeParse(MasterJsonSchema, source([{ keySystem: 'clearkey' }]));
    expect(result.success).toBe(false);
  });

  it('a source without drm is clear, as before', () => {
    expect(v.parse(MasterJsonSchema, source(undefined)).sources[0]!.drm).toBeUndefined();
  });
});

describe('the key system asked for', () => {
  const protection: Protection = [
    { keySystem: 'widevine', licenseUrl: 'https://a/wv' },
    { keySystem: 'playready', licenseUrl: 'https://a/pr' },
    { keySystem: 'clearkey', licenseUrl: 'https://a/ck' },
  ];

  it("is the source's first one the browser grants, tried in the source's order", async () => {
    const asked: string[] = [];
    const grants = (granted: string[]) => (system: string) => {
      asked.push(system);
      return granted.includes(system)
        ? Promise.resolve({} as MediaKeySystemAccess)
        : Promise.reject(new DOMException('no', 'NotSupportedError'));
    };
    const chosen = await firstGrantedKeySystem(
      protection,
      grants(['org.w3.clearkey', 'com.microsoft.playready']),
    );
    expect(chosen?.keySystem).toBe('playready');
    expect(asked).toEqual(['com.widevine.alpha', 'com.microsoft.playready']);
  });

  it('is none where the browser grants none of them, or has no EME at all', async () => {
    const refuses = () => Promise.reject(new DOMException('no', 'NotSupportedError'));
    expect(await firstGrantedKeySystem(protection, refuses)).toBeNull();
    expect(await firstGrantedKeySystem(protection, undefined)).toBeNull();
  });
});

describe("hls.js's EME settings", () => {
  /** the request hls.js makes, as the setup leaves it */
  const licenseRequest = (license: Protection[number]) => {
    const config = emeConfig(license);
    const xhr = { open: jest.fn(), setRequestHeader: jest.fn() };
    void config.licenseXhrSetup!.call(
      null as never,
      xhr as unknown as XMLHttpRequest,
      license.licenseUrl,
      {} as never,
      new Uint8Array(),
    );
    return { config, xhr };
  };

  it('name the one key system granted and its license server', () => {
    const { config } = licenseRequest({
      keySystem: 'fairplay',
      licenseUrl: 'https://a/fps',
      certificateUrl: 'https://a/fps.cer',
    });
    expect(config.emeEnabled).toBe(true);
    expect(config.drmSystems).toEqual({
      'com.apple.fps': { licenseUrl: 'https://a/fps', serverCertificateUrl: 'https://a/fps.cer' },
    });
  });

  it("send the source's headers, and the viewer's token only where the source asks for it", () => {
    const { xhr } = licenseRequest({
      keySystem: 'clearkey',
      licenseUrl: 'https://a/ck',
      licenseHeaders: { 'X-Ticket': 'abc' },
      licenseToken: 'jwt.token.here',
    });
    expect(xhr.open).toHaveBeenCalledWith('POST', 'https://a/ck', true);
    expect(xhr.setRequestHeader.mock.calls).toEqual([
      ['X-Ticket', 'abc'],
      ['Authorization', 'Bearer jwt.token.here'],
    ]);
    const plain = licenseRequest({ keySystem: 'clearkey', licenseUrl: 'https://a/ck' });
    expect(plain.xhr.setRequestHeader).not.toHaveBeenCalled();
  });

  it('ask a license server that failed again only after a growing wait, at once after an answer', async () => {
    jest.useFakeTimers();
    try {
      const config = emeConfig({ keySystem: 'clearkey', licenseUrl: 'https://a/ck' });
      /** a request hls.js makes; the one before it ended with `status` (on its way: undefined) */
      let before: { readyState: number; status: number } | null = null;
      const request = (endBefore?: number) => {
        if (before && endBefore !== undefined)
          Object.assign(before, { readyState: XMLHttpRequest.DONE, status: endBefore });
        const xhr = { open: jest.fn(), setRequestHeader: jest.fn(), readyState: 1, status: 0 };
        before = xhr;
        void config.licenseXhrSetup!.call(
          null as never,
          xhr as unknown as XMLHttpRequest,
          'https://a/ck',
          {} as never,
          new Uint8Array(),
        );
        return xhr;
      };
      expect(request().open).toHaveBeenCalled(); // the first: at once
      expect(request().open).toHaveBeenCalled(); // another key's beside it: at once too
      for (const wait of LICENSE_RETRY_WAITS_MS) {
        const retry = request(503); // hls.js asks again as soon as the last failed
        await jest.advanceTimersByTimeAsync(wait - 1);
        expect(retry.open).not.toHaveBeenCalled();
        await jest.advanceTimersByTimeAsync(1);
        expect(retry.open).toHaveBeenCalled();
      }
      expect(config.keyLoadPolicy!.default.errorRetry!.maxNumRetry).toBe(
        LICENSE_RETRY_WAITS_MS.length,
      );
      config.licenseResponseCallback!.call(
        null as never,
        { response: new ArrayBuffer(1) } as XMLHttpRequest,
        'https://a/ck',
        {} as never,
      );
      expect(request(200).open).toHaveBeenCalled(); // answered: the next key's request at once
    } finally {
      jest.useRealTimers();
    }
  });

  it('hand the license on as it came, telling only its size', () => {
    const received: unknown[] = [];
    const config = emeConfig({ keySystem: 'clearkey', licenseUrl: 'https://a/ck' }, (answer) =>
      received.push(answer),
    );
    const license = new Uint8Array([1, 2, 3]).buffer;
    const given = config.licenseResponseCallback!.call(
      null as never,
      { response: license } as XMLHttpRequest,
      'https://a/ck',
      {} as never,
    );
    expect(given).toBe(license);
    expect(received).toEqual([{ url: 'https://a/ck', bytes: 3 }]);
  });
});

describe('what the viewer is told', () => {
  it.each([
    ['keySystemNoAccess', undefined, 'noKeySystem'],
    ['keySystemLicenseRequestFailed', 403, 'licenseRefused'],
    ['keySystemLicenseRequestFailed', 503, 'licenseUnavailable'],
    ['keySystemLicenseRequestFailed', 0, 'licenseUnavailable'],
    ['keySystemSessionUpdateFailed', undefined, 'keyMissing'],
    ['keySystemStatusOutputRestricted', undefined, 'outputRestricted'],
    ['fragLoadError', 404, null],
  ])('%s (license %s): %s', (details, status, problem) => {
    expect(protectionProblemOf(details, status)).toBe(problem);
  });

  it('in its own words, with the id to quote', () => {
    const message = failureMessage({
      reason: 'unexpected',
      errorId: 'E-42',
      address: null,
      detail: 'Stream failed: keySystemLicenseRequestFailed (license answered 403)',
      protection: 'licenseRefused',
    });
    expect(message).toBe(
      'Нет разрешения на просмотр этого фильма. Попробуйте перезагрузить страницу. Идентификатор ошибки: E-42',
    );
  });
});
