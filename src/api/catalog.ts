import type { HttpPort } from '../ports/types';
import { getJson } from './http';
import type { Availability, Content, Episode, Season } from './types';

/** The catalog service (SPEC.md section 7), for the calls the player makes. */
export function catalogClient(http: HttpPort, baseUrl: string) {
  const api = `${baseUrl.replace(/\/$/, '')}/catalog-api`;
  return {
    content: (id: number) => getJson<Content>(http, `${api}/contents/${id}`),
    seasons: (id: number) => getJson<Season[]>(http, `${api}/contents/${id}/seasons`),
    episodes: (id: number) => getJson<Episode[]>(http, `${api}/episodes?content-id=${id}`),
    availability: (id: number, domain: string) =>
      getJson<Availability>(
        http,
        `${api}/contents/${id}/available?domain=${encodeURIComponent(domain)}`,
      ),
  };
}

export type CatalogClient = ReturnType<typeof catalogClient>;
