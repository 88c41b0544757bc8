// Every call of the catalog and authenticator services (SPEC.md section 7), typed. The player makes
// the calls marked "used"; the rest are typed so that the next feature starts from a checked shape.
import type { HttpRequest } from '../ports/types';
import type { Availability, Content, Episode, Season } from './types';

export const DEFAULT_TIMEOUT_MS = 10_000;

/** A request whose response body should be T. */
export type Endpoint<T> = HttpRequest & { readonly __response?: T; authorized: boolean };

function endpoint<T>(
  method: HttpRequest['method'],
  url: string,
  body?: unknown,
  authorized = true,
): Endpoint<T> {
  return {
    method,
    url,
    timeoutMs: DEFAULT_TIMEOUT_MS,
    authorized,
    ...(body === undefined ? {} : { body }),
  };
}

/** The request an endpoint sends (its typing and its need of a token are not sent). */
export function requestOf({
  authorized: _,
  __response: __,
  ...request
}: Endpoint<unknown>): HttpRequest {
  return request;
}

/** The request with the bearer token, when there is one. */
export function withBearer(request: HttpRequest, token: string | null): HttpRequest {
  return token
    ? { ...request, headers: { ...request.headers, Authorization: `Bearer ${token}` } }
    : request;
}

const q = (params: Record<string, string | number>) =>
  Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');

/** An entity whose shape the player does not read yet. */
export type Unread = Record<string, unknown>;

export function catalogEndpoints(baseUrl: string) {
  const api = `${baseUrl.replace(/\/$/, '')}/catalog-api`;
  return {
    // used
    content: (id: number) => endpoint<Content>('GET', `${api}/contents/${id}`),
    seasons: (id: number) => endpoint<Season[]>('GET', `${api}/contents/${id}/seasons`),
    episodes: (contentId: number) =>
      endpoint<Episode[]>('GET', `${api}/episodes?${q({ 'content-id': contentId })}`),
    availability: (id: number, domain: string) =>
      endpoint<Availability>('GET', `${api}/contents/${id}/available?${q({ domain })}`),
    // typed, not used yet
    timeProgress: (id: number, episodeId: number, seconds: number) =>
      endpoint<Unread>('POST', `${api}/contents/${id}/episodes/${episodeId}/time-progress`, {
        timeProgress: seconds,
      }),
    markCompleted: (id: number, episodeId: number) =>
      endpoint<Unread>('POST', `${api}/contents/${id}/episodes/${episodeId}/completed`),
    unmarkCompleted: (id: number, episodeId: number) =>
      endpoint<Unread>('DELETE', `${api}/contents/${id}/episodes/${episodeId}/completed`),
    types: () => endpoint<Unread[]>('GET', `${api}/types`),
    playlists: () => endpoint<Unread[]>('GET', `${api}/playlists`),
    categories: () => endpoint<Unread[]>('GET', `${api}/categories`),
    persons: () => endpoint<Unread[]>('GET', `${api}/persons`),
    tags: () => endpoint<Unread[]>('GET', `${api}/tags`),
    genres: () => endpoint<Unread[]>('GET', `${api}/genres`),
    countries: () => endpoint<Unread[]>('GET', `${api}/countries`),
    reviews: (contentId: number) =>
      endpoint<Unread[]>('GET', `${api}/v2/reviews?${q({ 'content-id': contentId })}`),
    createReview: (review: Unread) => endpoint<Unread>('POST', `${api}/v2/reviews`, review),
    updateReview: (id: number, review: Unread) =>
      endpoint<Unread>('PUT', `${api}/v2/reviews/${id}`, review),
    deleteReview: (id: number) => endpoint<Unread>('DELETE', `${api}/v2/reviews/${id}`),
    voteReview: (id: number, vote: 1 | -1) =>
      endpoint<Unread>('POST', `${api}/v2/reviews/${id}/vote`, { vote }),
    search: (text: string) => endpoint<Unread[]>('GET', `${api}/search?${q({ q: text })}`),
    history: () => endpoint<Unread[]>('GET', `${api}/history`),
    abuse: (report: Unread) => endpoint<Unread>('POST', `${api}/abuse/new`, report),
    voiceAuthors: (contentId: number) =>
      endpoint<Unread[]>('GET', `${api}/voice-authors?${q({ 'content-id': contentId })}`),
    kinopoiskLookup: (kinopoiskId: number) =>
      endpoint<Unread>('GET', `${api}/kinopoisk/${kinopoiskId}`),
    sitemap: () => endpoint<string>('GET', `${api}/sitemap.xml`),
    robots: () => endpoint<string>('GET', `${api}/robots.txt`),
    caches: () => endpoint<Unread>('GET', `${api}/caches`),
    clearCaches: () => endpoint<Unread>('DELETE', `${api}/caches`),
    redirectInfo: (path: string) => endpoint<Unread>('GET', `${api}/redirect?${q({ path })}`),
    vastXml: (contentId: number) =>
      endpoint<string>('GET', `${api}/vast.xml?${q({ 'content-id': contentId })}`),
    subtitles: (contentId: number, episodeId: number) =>
      endpoint<Unread[]>(
        'GET',
        `${api}/subtitles?${q({ 'content-id': contentId, 'episode-id': episodeId })}`,
      ),
    menu: () => endpoint<Unread[]>('GET', `${api}/menu`),
    debug: () => endpoint<Unread>('GET', `${api}/debug`),
  };
}

export function authenticatorEndpoints(baseUrl: string) {
  const api = `${baseUrl.replace(/\/$/, '')}/authenticator`;
  return {
    // used: the new token comes back in the Authorization response header
    refresh: (refreshToken: string, accessToken: string) =>
      endpoint<Unread>(
        'POST',
        `${api}/authentication/refresh`,
        { refreshToken, accessToken },
        false,
      ),
    // typed, not used here
    signIn: (credentials: Unread) =>
      endpoint<Unread>('POST', `${api}/authentication`, credentials, false),
    signUp: (form: Unread) => endpoint<Unread>('POST', `${api}/signup`, form, false),
    completeSignUp: (form: Unread) =>
      endpoint<Unread>('POST', `${api}/signup/complete`, form, false),
    restorePassword: (form: Unread) =>
      endpoint<Unread>('POST', `${api}/password/restore`, form, false),
    changePassword: (form: Unread) => endpoint<Unread>('POST', `${api}/password/change`, form),
    initPassword: (form: Unread) => endpoint<Unread>('POST', `${api}/password/init`, form),
    rename: (name: string) => endpoint<Unread>('PATCH', `${api}/user/rename`, { name }),
    userDetails: () => endpoint<Unread>('GET', `${api}/user/details`),
    subscriptions: () => endpoint<Unread[]>('GET', `${api}/subscriptions`),
    adminUsers: () => endpoint<Unread[]>('GET', `${api}/administration/users`),
    adminNewUser: (form: Unread) =>
      endpoint<Unread>('POST', `${api}/administration/new-user`, form),
    adminBlockUser: (id: number) =>
      endpoint<Unread>('POST', `${api}/administration/block-user/${id}`),
  };
}
