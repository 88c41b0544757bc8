// What the status region says (one polite live region, for screen readers): what changed, in the
// interface's own words, from the action that changed it and the state after it. It comes with the
// interface, as the dictionary does (the announcer loads it: sagas/announcer/wordsHandle.ts).
import type { UnknownAction } from 'redux';
import { formatTime } from '../shared/formatTime';
import { ru } from '../i18n/ru';
import type { PlayerState } from '.';
import { adsActions } from './ads';
import { contentActions } from './content';
import { mediaActions, playbackRequests } from './playback';
import { streamActions, streamRequests } from './stream';
import { streamHealthActions } from './streamHealth';
import { subtitleStyleRequests } from './subtitleStyle';
import { describeStyleField } from './subtitleStyleFields';
import type { SubtitleStyleField } from './subtitleStylePages';
import { viewportActions } from './viewport';

const speedLabel = (rate: number) => (rate === 1 ? ru.normalSpeed : `${rate}x`);

/** The words for this action (just reduced into `s`), or null when it changes nothing said. */
export function announcementFor(action: UnknownAction, s: PlayerState): string | null {
  if (playbackRequests.playRequested.match(action)) return ru.saysPlaying;
  if (playbackRequests.pauseRequested.match(action)) return ru.saysPaused;
  if (mediaActions.seeked.match(action))
    return ru.saysPosition(formatTime(action.payload.currentTime));
  if (mediaActions.volumeChanged.match(action)) {
    // the browser's autoplay mute is not the viewer's doing
    if (action.payload.mutedForBrowser) return null;
    return action.payload.muted
      ? ru.saysMuted
      : ru.saysVolume(Math.round(action.payload.volume * 100));
  }
  if (streamActions.rateChanged.match(action)) return ru.saysSpeed(speedLabel(action.payload.rate));
  if (streamRequests.qualityRequested.match(action)) {
    const height = s.stream.levels[action.payload.level]?.height;
    return ru.saysQuality(action.payload.level < 0 || !height ? ru.autoQuality() : `${height}p`);
  }
  if (streamActions.subtitleTrackSwitched.match(action)) {
    const track = s.stream.subtitleTracks.find((t) => t.id === action.payload.id);
    return track ? ru.saysSubtitles(track.name) : ru.saysSubtitlesOff;
  }
  if (streamHealthActions.networkLost.match(action)) return ru.noConnection;
  if (streamHealthActions.networkBack.match(action)) return ru.saysConnectionBack;
  if (streamRequests.audioTrackRequested.match(action)) {
    const track = s.stream.audioTracks.find((t) => t.id === action.payload.id);
    return track ? ru.saysAudio(track.name) : null;
  }
  if (streamRequests.sourceRequested.match(action)) {
    const source = s.stream.sources[action.payload.index];
    return source ? ru.saysAudio(source.label) : null;
  }
  if (contentActions.episodeRequested.match(action)) {
    const episode = s.content.episodes.find((e) => e.id === action.payload.episodeId);
    return episode ? ru.seasonEpisode(episode.season.order, episode.order) : null;
  }
  if (subtitleStyleRequests.styleRequested.match(action)) {
    // the menu changes one field at a time: the field it changed, as it now reads
    const field = Object.keys(action.payload)[0] as SubtitleStyleField | undefined;
    const words = field && describeStyleField(field, s.subtitleStyle);
    return words ? ru.saysSubtitleStyle(words.label, words.value) : null;
  }
  if (subtitleStyleRequests.styleReset.match(action)) return ru.saysSubtitleStyleReset;
  if (viewportActions.fullscreenChanged.match(action))
    return action.payload.active ? ru.saysFullscreen : ru.saysFullscreenOff;
  if (viewportActions.pictureInPictureChanged.match(action))
    return action.payload.active ? ru.saysPictureInPicture : ru.saysPictureInPictureOff;
  if (adsActions.adStarted.match(action)) {
    const { ad, activeBreak } = s.ads;
    return ad && activeBreak ? ru.adOf(ad.index + 1, activeBreak.total) : null;
  }
  if (adsActions.adProgressed.match(action)) {
    // the report (once a second) that crosses the skip offset
    const offset = s.ads.ad?.skipOffsetSec ?? null;
    const t = action.payload.currentTime;
    return offset !== null && t >= offset && t - 1 < offset ? ru.saysSkippable : null;
  }
  if (adsActions.breakEnded.match(action)) return ru.saysFilmResumes;
  return null;
}
