// The keys under which the actors keep what a viewer expects remembered (SPEC.md section 3): one
// actor writes a key, another reads it, so it lives with neither.

/** saved positions by content and episode */
export const PROGRESS_KEY = 'episodesTimeProgress';
export const VOLUME_KEY = 'player-volume';
export const MUTED_KEY = 'player-muted';
/** SPEC.md section 3: the viewer's favourite audio tracks, the labels last chosen first */
export const FAVOURITE_AUDIO_KEY = 'player-favourite-audio-tracks';
/** the viewer's last subtitles: {"lang","name"} of the track, or "off" */
export const SUBTITLES_KEY = 'player-subtitles';
/** the viewer's last playback speed */
export const RATE_KEY = 'player-playback-rate';
/** how the viewer wants subtitles to look: {"size","color","background"} */
export const SUBTITLE_STYLE_KEY = 'player-subtitle-style';
