// The shapes of what a host page posts, checked as it comes in (docs/host.md): our protocol's
// envelope and each command's arguments, the SPEC.md click, and the player.js protocol's messages.
// Own fields only: every object is read through a fresh copy of its own keys, so a `__proto__`,
// `constructor` or inherited key never reaches the player; a field set to undefined is no field.
import * as v from 'valibot';
import { isRecord } from '../shared/isRecord';
import {
  PLAYBACK_RATE_MAX,
  PLAYBACK_RATE_MIN,
  PROTOCOL,
  type CommandArgs,
  type CommandName,
} from '../shared/protocol';

export const PLAYERJS_CONTEXT = 'player.js';
/** A request id, a listener id, an event name: longer is not one. */
export const MAX_ID_CHARS = 64;

/** A plain object's own defined fields, in a record of no prototype; anything else has none. */
function ownFields(value: unknown): Record<string, unknown> {
  const fields = Object.create(null) as Record<string, unknown>;
  if (!isRecord(value)) return fields;
  for (const key of Object.keys(value)) if (value[key] !== undefined) fields[key] = value[key];
  return fields;
}

/** An object with these fields, read from its own fields only; other fields are left out. */
const fields = <const E extends v.ObjectEntries>(entries: E) =>
  v.pipe(v.unknown(), v.transform(ownFields), v.object(entries));

const shortText = v.pipe(v.string(), v.maxLength(MAX_ID_CHARS));
const positiveInteger = v.pipe(v.number(), v.safeInteger(), v.minValue(1));
const trackId = v.pipe(v.number(), v.safeInteger(), v.minValue(0));

/** The host's id of a request, echoed in the answer: a short string, a safe integer, or none. */
export const RequestIdSchema = v.optional(
  v.nullable(v.union([shortText, v.pipe(v.number(), v.safeInteger())])),
  null,
);

/** SPEC.md section 2: `{action: {type: 'click'}}`, or `{type: 'click'}` outside our protocol. */
export const ClickSchema = v.union([
  fields({ action: fields({ type: v.literal('click') }) }),
  fields({ type: v.literal('click'), protocol: v.optional(v.never()) }),
]);

/** A message of our protocol: which command, with which arguments (checked by the command's own). */
export const CommandMessageSchema = fields({
  protocol: v.literal(PROTOCOL),
  requestId: RequestIdSchema,
  command: v.optional(v.unknown()),
  args: v.optional(v.unknown()),
});

/** The arguments of each command that takes any (the others read none, whatever is sent). */
export const COMMAND_ARGS = {
  seek: fields({ time: v.pipe(v.number(), v.finite(), v.minValue(0)) }),
  setVolume: fields({ volume: v.pipe(v.number(), v.minValue(0), v.maxValue(1)) }),
  selectEpisode: fields({ episodeId: positiveInteger }),
  setAutoplay: fields({ autoplay: v.boolean() }),
  setPlaybackRate: fields({
    rate: v.pipe(v.number(), v.minValue(PLAYBACK_RATE_MIN), v.maxValue(PLAYBACK_RATE_MAX)),
  }),
  setQuality: fields({ quality: v.union([v.literal('auto'), positiveInteger]) }),
  setSubtitleTrack: fields({ id: v.union([v.literal('off'), trackId]) }),
  setAudioTrack: fields({ id: trackId }),
  loadContent: fields({ movieId: positiveInteger, episodeId: v.optional(positiveInteger) }),
};

export type CommandWithArgs = keyof typeof COMMAND_ARGS;

/** A command's arguments as its schema gives them; none for a command that takes none. */
export type ArgsOf<K extends CommandName> = K extends CommandWithArgs
  ? v.InferOutput<(typeof COMMAND_ARGS)[K]>
  : undefined;

// The schemas and the host protocol (src/shared/protocol.ts, which the SDK ships without valibot)
// say the same of every command's arguments, or this does not compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Drifted = {
  [K in CommandName]: Same<ArgsOf<K>, CommandArgs<K>> extends true ? never : K;
}[CommandName];
const _argsAsTheProtocolSays: [Drifted] extends [never] ? true : Drifted = true;

/** Which protocol: the player.js one's messages say so. */
export const PlayerjsContextSchema = fields({ context: v.literal(PLAYERJS_CONTEXT) });

/** A message of the player.js protocol: a method, for a listener (a short id, or none). */
export const PlayerjsMessageSchema = fields({
  context: v.literal(PLAYERJS_CONTEXT),
  method: v.string(),
  listener: v.optional(v.nullable(shortText), null),
  value: v.optional(v.unknown()),
});

/** player.js addEventListener and removeEventListener: the event's name. */
export const PlayerjsListenSchema = fields({ value: shortText });

/** player.js setVolume: 0..100 (checked as our setVolume once scaled). */
export const PlayerjsVolumeSchema = fields({ value: v.number() });
