import { catalogEndpoints, requestOf } from '../../../src/api/endpoints';

const catalog = catalogEndpoints('https://api.example/');
const API = 'https://api.example/catalog-api';

describe('the catalog calls of SPEC.md section 7, typed for use', () => {
  it.each([
    ['types', catalog.types(), 'GET', `${API}/types`],
    ['playlists', catalog.playlists(), 'GET', `${API}/playlists`],
    [
      'search',
      catalog.search('Бригада 2'),
      'GET',
      `${API}/search?q=%D0%91%D1%80%D0%B8%D0%B3%D0%B0%D0%B4%D0%B0%202`,
    ],
    [
      'time progress',
      catalog.timeProgress(2, 203, 95),
      'POST',
      `${API}/contents/2/episodes/203/time-progress`,
    ],
    [
      'completed',
      catalog.unmarkCompleted(2, 203),
      'DELETE',
      `${API}/contents/2/episodes/203/completed`,
    ],
    ['sitemap', catalog.sitemap(), 'GET', `${API}/sitemap.xml`],
    ['robots', catalog.robots(), 'GET', `${API}/robots.txt`],
    ['caches', catalog.caches(), 'GET', `${API}/caches`],
    ['redirect info', catalog.redirectInfo('/film/1'), 'GET', `${API}/redirect?path=%2Ffilm%2F1`],
    ['abuse', catalog.abuse({ text: 'x' }), 'POST', `${API}/abuse/new`],
    ['vast.xml', catalog.vastXml(1), 'GET', `${API}/vast.xml?content-id=1`],
    ['subtitles', catalog.subtitles(2, 203), 'GET', `${API}/subtitles?content-id=2&episode-id=203`],
    ['voice authors', catalog.voiceAuthors(2), 'GET', `${API}/voice-authors?content-id=2`],
    ['menu', catalog.menu(), 'GET', `${API}/menu`],
    ['kinopoisk lookup', catalog.kinopoiskLookup(326), 'GET', `${API}/kinopoisk/326`],
    ['debug', catalog.debug(), 'GET', `${API}/debug`],
  ])('%s', (_name, endpoint, method, url) => {
    expect(requestOf(endpoint)).toMatchObject({ method, url });
  });
});
