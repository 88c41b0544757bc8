// The actions the status region may tell of (src/state/announcements.ts says what): the announcer
// wakes for these only.
import { adsActions } from './ads';
import { contentActions } from './content';
import { mediaActions, playbackRequests } from './playback';
import { streamActions, streamRequests } from './stream';
import { streamHealthActions } from './streamHealth';
import { subtitleStyleRequests } from './subtitleStyle';
import { viewportActions } from './viewport';

export const ANNOUNCED_ACTIONS = [
  playbackRequests.playRequested.type,
  playbackRequests.pauseRequested.type,
  mediaActions.seeked.type,
  mediaActions.volumeChanged.type,
  subtitleStyleRequests.styleRequested.type,
  subtitleStyleRequests.styleReset.type,
  streamRequests.audioTrackRequested.type,
  streamRequests.sourceRequested.type,
  streamHealthActions.networkLost.type,
  streamHealthActions.networkBack.type,
  contentActions.episodeRequested.type,
  streamActions.rateChanged.type,
  streamRequests.qualityRequested.type,
  streamActions.subtitleTrackSwitched.type,
  viewportActions.fullscreenChanged.type,
  viewportActions.pictureInPictureChanged.type,
  adsActions.adStarted.type,
  adsActions.adProgressed.type,
  adsActions.breakEnded.type,
];
