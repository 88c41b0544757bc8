// The keys under which the actors keep what a viewer expects remembered (SPEC.md section 3): one
// actor writes a key, another reads it, so it lives with neither.

/** saved positions by content and episode */
export const PROGRESS_KEY = 'episodesTimeProgress';
export const VOLUME_KEY = 'player-volume';
export const MUTED_KEY = 'player-muted';
/** SPEC.md section 3: the viewer's favourite audio tracks, the labels last chosen first */
export const FAVOURITE_AUDIO_KEY = 'player-favourite-audio-tracks';
