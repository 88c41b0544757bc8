// SPEC.md section 7: the fields every analytics event carries, read from the state.
import { positionPercent, reportedAdDuration, type AdsState } from '../state/ads';
import type { PlayerState } from '../state';
import { selectContent, selectCurrentEpisode, selectCurrentHeight } from '../state/selectors';

/** The ad fields before any ad has played: present, empty. */
const NO_AD = {
  ad_id: null,
  ad_type: null,
  ad_duration_sec: null,
  ad_position_perc: null,
  ad_position: null,
};

/**
 * The payload fields SPEC.md section 7 gives every analytics event, as far as the state knows them
 * (the ad fields only once an ad has played).
 */
export function analyticsPayload(state: PlayerState, userId: string | null) {
  const content = selectContent(state);
  const episode = selectCurrentEpisode(state);
  const { media, stream } = state;
  const audio = stream.audioTracks.find((t) => t.id === stream.audioTrack);
  return {
    video_id: content?.id ?? null,
    video_title: content?.title ?? '',
    duration: Math.round(media.duration),
    player_type: 'embedded',
    video_category: content?.contentType.slug ?? '',
    video_thumbnail: content?.posterUrl ?? '',
    kinopoisk_raiting: content?.rating.kinopoisk.value ?? null,
    kinopoisk_id: content?.kinopoiskId ?? null,
    IMDb_raiting: content?.rating.imdb.value ?? null,
    year: content?.year ?? null,
    countries: content?.countries.map((c) => c.slug).join(',') ?? '',
    current_time: Math.floor(media.currentTime),
    playback_rate: stream.rate,
    real_time_played_sec: media.playedSeconds,
    video_time_played_sec: Math.floor(media.videoPlayedSeconds),
    video_quality: selectCurrentHeight(state),
    season: content?.hasMultipleEpisodes ? (episode?.season.order ?? null) : null,
    episode: content?.hasMultipleEpisodes ? (episode?.order ?? null) : null,
    language: audio?.lang ?? '',
    user_id: userId,
    IMDb_id: null, // the catalog gives no IMDb id (SPEC.md section 3 lists none on the content)
    isTrailer: content?.contentType.slug === 'trailer',
    ...(adAnalyticsFields(state.ads, media.duration) ?? NO_AD),
  };
}

/** SPEC.md section 7: the ad fields of analytics events, for the ad on screen or else the last one. */
export function adAnalyticsFields(ads: AdsState, contentDuration: number) {
  const { ad, activeBreak } = ads;
  if (ad && activeBreak)
    return {
      ad_id: ad.id,
      ad_type: activeBreak.kind === 'preroll' ? 'pre-roll' : 'mid-roll',
      ad_duration_sec: Math.round(reportedAdDuration(ad.durationSec)),
      ad_position_perc: positionPercent(activeBreak.contentTime, contentDuration),
      ad_position: Math.floor(activeBreak.contentTime),
    };
  const last = ads.history[ads.history.length - 1];
  if (!last) return null;
  return {
    ad_id: last.id,
    ad_type: last.type,
    ad_duration_sec: Math.round(last.duration),
    ad_position_perc: last.perc,
    ad_position: last.position,
  };
}
