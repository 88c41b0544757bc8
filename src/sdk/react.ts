// kino-player-sdk/react: the player as a React component (React 18 or 19, the host page's own).
// <KinoPlayer> renders a container, makes the player's frame in it with the SDK (createPlayer) and
// destroys it on unmount; its callbacks (onReady, onEpisodeChanged, ...) hear the protocol's events,
// typed; its ref steers the player (play, pause, seek, ...). The frame is made again only when an
// embed parameter (or the player's address) changes: new callbacks are taken without a new frame.
// Importing it does nothing (no window, no document), as the SDK itself.
import {
  createElement,
  forwardRef,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type CSSProperties,
} from 'react';
// the package's own main entry (external in the build): one SDK, one PlayerError, for both entries
import {
  createPlayer,
  PlayerError,
  PLAYER_COMMANDS,
  destroyedError,
  type KinoPlayerCommand,
  type KinoPlayer as Player,
  type PlayerEventName,
  type PlayerEvents,
  type ReadyInfo,
} from 'kino-player-sdk';

/** What the ref of <KinoPlayer> gives: the commands, sent to the player of the moment. */
export type KinoPlayerHandle = Pick<Player, KinoPlayerCommand> & {
  /** the SDK's player of the frame now on the page (null before it is made and after unmount) */
  readonly player: Player | null;
  /** the current player's `ready` (rejected with DESTROYED when there is none) */
  readonly ready: Promise<ReadyInfo>;
};

/** A callback of one event: `onReady`, `onEpisodeChanged`, ..., with the event's data. */
export type KinoPlayerCallbacks = {
  [K in PlayerEventName as `on${Capitalize<K>}`]?: (data: PlayerEvents[K], event: K) => void;
};

/** The embed parameters (SPEC.md section 2): a change of one makes a new frame. */
export interface KinoPlayerEmbed {
  movieId: number | string;
  episodeId?: number | string;
  season?: number;
  episode?: number;
  episodeTime?: string;
  /** where to start: seconds or a time code (the embed's `t`) */
  t?: number | string;
  autoPlay?: boolean;
  disabledShare?: boolean;
  /** the adverts of the ad list */
  advert?: boolean;
  userId?: string;
  disableCheckingAvailable?: boolean;
  /** audio languages by preference */
  langOrder?: string | readonly string[];
  envBaseUrl?: string;
  envAdListUrl?: string;
  fullscreenMode?: 'stretched' | (string & {});
  sentryProjectLabel?: string;
  sentryDsn?: string;
  /** extra headers of the ad list and VAST requests */
  adListHeaders?: Record<string, string>;
}

export interface KinoPlayerProps extends KinoPlayerEmbed, KinoPlayerCallbacks {
  /** the player's page (its index.html) */
  playerUrl: string;
  /** the frame's title */
  title?: string;
  /** the SDK's answer and load timeouts (ms); a change makes a new frame */
  answerTimeoutMs?: number;
  readyTimeoutMs?: number;
  /** told when a callback throws; console.error by default */
  onHandlerError?: (error: unknown, event: PlayerEventName) => void;
  /** of the container (the frame fills it) */
  className?: string;
  style?: CSSProperties;
  id?: string;
}

const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? '1' : '0');
const text = (value: number | string | undefined) =>
  value === undefined || value === null ? undefined : String(value);

/** The container's data attributes, as createPlayer reads them (absent ones left out). */
function embedAttributes(props: KinoPlayerEmbed): Record<string, string> {
  const attributes: Record<string, string | undefined> = {
    movie_id: text(props.movieId),
    episode_id: text(props.episodeId),
    season: text(props.season),
    episode: text(props.episode),
    episode_time: props.episodeTime,
    t: text(props.t),
    auto_play: flag(props.autoPlay),
    disabled_share: flag(props.disabledShare),
    advert: props.advert ? '1' : undefined, // the player takes any advert as on
    user_id: props.userId,
    disable_checking_available: flag(props.disableCheckingAvailable),
    lang_order: typeof props.langOrder === 'string' ? props.langOrder : props.langOrder?.join(','),
    env_base_url: props.envBaseUrl,
    env_ad_list_url: props.envAdListUrl,
    fullscreen_mode: props.fullscreenMode,
    sentry_project_label: props.sentryProjectLabel,
    sentry_dsn: props.sentryDsn,
    ad_list_headers: props.adListHeaders && JSON.stringify(props.adListHeaders),
  };
  const data: Record<string, string> = {};
  for (const [name, value] of Object.entries(attributes))
    if (value !== undefined) data[`data-${name}`] = value;
  return data;
}

const callbackName = (event: PlayerEventName) =>
  `on${event.charAt(0).toUpperCase()}${event.slice(1)}` as keyof KinoPlayerCallbacks;

const destroyed = () => {
  const rejected = Promise.reject(destroyedError());
  rejected.catch(() => undefined); // not an unhandled rejection when no one awaits it
  return rejected;
};

/** One handle for the component's life: each command goes to the player of the moment. */
function makeHandle(current: { player: Player | null }): KinoPlayerHandle {
  const handle = {
    get player() {
      return current.player;
    },
    get ready() {
      return current.player?.ready ?? destroyed();
    },
  } as Record<string, unknown>;
  for (const name of PLAYER_COMMANDS)
    handle[name] = (...args: unknown[]) => {
      const player = current.player;
      if (!player) return destroyed();
      return (player[name] as (...a: unknown[]) => Promise<unknown>)(...args);
    };
  return handle as KinoPlayerHandle;
}

/**
 * The player in a frame. The embed parameters are props (`movieId`, `episodeId`, `autoPlay`, ...),
 * each event a callback (`onReady`, `onPlay`, `onEpisodeChanged`, ...), and the ref
 * (KinoPlayerHandle) sends the commands.
 */
export const KinoPlayer = forwardRef<KinoPlayerHandle, KinoPlayerProps>(
  function KinoPlayer(props, ref) {
    const { playerUrl, title, answerTimeoutMs, readyTimeoutMs, className, style, id } = props;
    const container = useRef<HTMLDivElement>(null);
    const latest = useRef(props);
    const [current] = useState(() => ({ player: null as Player | null }));
    const [handle] = useState(() => makeHandle(current));
    useImperativeHandle(ref, () => handle, [handle]);

    const attributes = embedAttributes(props);
    const frameKey = JSON.stringify(attributes);

    // before the player's effect below (effects run in order): its handlers read the latest props
    useEffect(() => {
      latest.current = props;
    });

    useEffect(() => {
      const element = container.current;
      if (!element) return;
      const player = createPlayer(element, {
        playerUrl,
        answerTimeoutMs,
        readyTimeoutMs,
        onHandlerError: (error, event) => {
          const report = latest.current.onHandlerError;
          if (report) report(error, event);
          else console.error(`kino-player: the ${callbackName(event)} callback threw`, error);
        },
      });
      player.on('*', (data, event) => {
        const callback = latest.current[callbackName(event)] as
          ((data: unknown, event: PlayerEventName) => void) | undefined;
        callback?.(data, event);
      });
      current.player = player;
      // StrictMode's second run, an unmount or a new frame: this player and its listeners go
      return () => {
        player.destroy();
        if (current.player === player) current.player = null;
      };
    }, [current, playerUrl, title, answerTimeoutMs, readyTimeoutMs, frameKey]);

    return createElement('div', {
      ref: container,
      id,
      className,
      style,
      'data-title': title,
      ...attributes,
    });
  },
);

export { PlayerError };
export type { Player as KinoPlayerInstance, KinoPlayerCommand };
