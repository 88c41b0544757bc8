import type { UnknownAction } from 'redux';
import { buffers, eventChannel } from 'redux-saga';
import { call, fork, put, select, take, takeEvery } from 'typed-redux-saga';
import { selectBooted } from '../../src/state/system';
import { selectPlayerState } from '../../src/state/selectors';
import { PROTOCOL } from '../../src/shared/protocol';
import {
  createBufferingWatch,
  describeForHost,
  FREQUENT_EVENTS,
  HOST_ACTION_TYPES,
  PLAYERJS_EVENTS,
  READY_DATA,
  toPlayerjs,
} from '../../src/bridge/events';
import {
  parseInbound,
  PLAYERJS_CONTEXT,
  PLAYERJS_VERSION,
  type RequestId,
} from '../../src/bridge/messages';
import { isGetter } from '../../src/bridge/commands';
import { initialLink, linkFor } from '../../src/bridge/origins';
import type { ParentMessage } from '../../src/ports/types';
import { bridgeActions, selectBridge } from '../../src/state/bridge';
import { uiRequests, selectMenu } from '../../src/state/ui';
import { getConfig, getPorts } from '../lib/context';
import { runCommand } from './commands';
import { anyOf } from '../lib/anyOf';

/** Posts to the host page, to its origin only; nothing while that origin is unknown (but the player.js ready). */
function* postToHost(message: unknown) {
  const { target } = yield* select(selectBridge);
  if (target === null) return;
  const { parent } = yield* getPorts();
  yield* call([parent, parent.post], message, target);
}

/** A player.js message (the protocol sends JSON strings). */
const playerjsMessage = (event: string, value: unknown, listener: string | null) =>
  JSON.stringify({
    context: PLAYERJS_CONTEXT,
    version: PLAYERJS_VERSION,
    event,
    ...(value === undefined ? {} : { value }),
    ...(listener ? { listener } : {}),
  });

/**
 * The player.js ready. Its clients say nothing before they have it, so while the host origin is not
 * known it goes to whatever page holds the frame, as the protocol's own receiver does: it tells only
 * the frame's address and what the player supports.
 */
function* playerjsReady(listener: string | null) {
  const { parent } = yield* getPorts();
  const value = {
    src: yield* call([parent, parent.frameUrl]),
    ...READY_DATA.playerjs,
  };
  const { target } = yield* select(selectBridge);
  yield* call([parent, parent.post], playerjsMessage('ready', value, listener), target ?? '*');
}

/** Tells the host what happened: in our protocol, and to the player.js clients that listen. */
function* tell(action: UnknownAction, watchBuffering: ReturnType<typeof createBufferingWatch>) {
  const state = yield* select(selectPlayerState);
  const buffering = watchBuffering(action, state);
  // the end of buffering comes before the play that ends it
  if (buffering) yield* postToHost({ protocol: PROTOCOL, ...buffering });
  const event = describeForHost(action, state);
  if (!event) return;
  if (!FREQUENT_EVENTS.has(event.event) || state.bridge.hostListening)
    yield* postToHost({ protocol: PROTOCOL, ...event });
  if (event.event === 'ready') {
    // as a player.js receiver does: to its listeners, or to anyone on the page when none yet
    const listeners = state.bridge.playerjsListeners.ready ?? [null];
    for (const listener of listeners) yield* playerjsReady(listener || null);
    return;
  }
  const translated = toPlayerjs(event, state);
  if (!translated) return;
  for (const listener of state.bridge.playerjsListeners[translated.event] ?? [])
    yield* postToHost(playerjsMessage(translated.event, translated.data, listener || null));
}

function* respond(
  requestId: RequestId,
  command: string,
  answer: { data?: unknown; error?: unknown },
) {
  yield* postToHost({ protocol: PROTOCOL, event: 'response', requestId, command, ...answer });
}

/** One message from outside: checked (window, origin, shape), then carried out. */
function* hear({ data, origin, fromParent, dropped }: ParentMessage) {
  const ignore = (reason: string) => put(bridgeActions.messageIgnored({ reason }));
  if (dropped) yield* put(bridgeActions.messagesDropped({ count: dropped }));
  if (!fromParent) {
    yield* ignore('not from the parent window');
    return;
  }
  const bridge = yield* select(selectBridge);
  const link = linkFor(bridge, origin);
  if (link === 'reject') {
    yield* ignore('origin not allowed');
    return;
  }
  const inbound = parseInbound(data);
  if (inbound.kind === 'invalid') {
    yield* ignore(inbound.reason);
    return;
  }
  if (inbound.kind === 'refused') {
    // not carried out, and counted as before; a host already linked hears why, and a malformed
    // message never links an origin
    yield* ignore(inbound.error.message);
    if (bridge.target === origin)
      yield* respond(inbound.requestId, inbound.name, { error: inbound.error });
    return;
  }
  if (link.target !== bridge.target || link.allowed !== bridge.allowed)
    yield* put(bridgeActions.linked(link)); // the handshake: from now on, this origin only
  if (!bridge.hostListening) yield* put(bridgeActions.hostSpoke());

  switch (inbound.kind) {
    case 'click': {
      const menu = yield* select(selectMenu);
      if (menu !== null) yield* put(uiRequests.menuClosed());
      return;
    }
    case 'command': {
      const { command, requestId } = inbound;
      const answer = yield* runCommand(command, requestId);
      if (command.name !== 'exportLog') yield* respond(requestId, command.name, answer);
      if (command.name === 'loadContent' && !answer.error) {
        // answered first: the frame then loads the player again for the other content, for the
        // same host (whose origin the new frame is told)
        const { page } = yield* getPorts();
        yield* call([page, page.reloadFor], {
          movieId: command.movieId,
          episodeId: command.episodeId ?? null,
          origin: (yield* select(selectBridge)).target,
        });
        return 'reloading';
      }
      return;
    }
    case 'playerjs-listen': {
      if (!PLAYERJS_EVENTS.includes(inbound.event)) return;
      yield* put(bridgeActions.playerjsListenerChanged(inbound));
      const booted = yield* select(selectBooted);
      if (inbound.add && inbound.event === 'ready' && booted)
        yield* playerjsReady(inbound.listener);
      return;
    }
    case 'playerjs-command': {
      const { command, method, listener } = inbound;
      const answer = yield* runCommand(command, null);
      if (isGetter(command.name)) {
        // player.js volumes are 0..100
        const value =
          method === 'getVolume' ? Math.round((answer.data as number) * 100) : answer.data;
        yield* postToHost(playerjsMessage(method, value, listener));
      }
      return;
    }
  }
}

function* listen() {
  const { parent } = yield* getPorts();
  // buffered: a message that comes while a command waits on the browser (fullscreen) is kept
  const channel = eventChannel<ParentMessage>(
    (emit) => parent.subscribe(emit),
    buffers.expanding(64),
  );
  try {
    for (;;) {
      const message = yield* take(channel);
      // the frame is being replaced by the other content's player: what comes after is for it
      const outcome: unknown = yield* call(hear, message);
      if (outcome === 'reloading') return;
    }
  } finally {
    channel.close();
  }
}

/**
 * The parent-window bridge: tells the host page what happens in the player (our protocol and
 * player.js), and carries out what it asks, from its window and origin only.
 */
export function* bridgeActor() {
  const config = yield* getConfig();
  if (!config.embedded) return; // no parent window: nobody to tell, nobody to hear
  const { parent } = yield* getPorts();
  const known = yield* select(selectBridge);
  if (known.allowed === null) {
    const embedder = yield* call([parent, parent.embedderOrigin]);
    yield* put(bridgeActions.linked(initialLink(config.allowedOrigins, embedder)));
  }
  const watchBuffering = createBufferingWatch();
  yield* takeEvery(anyOf(HOST_ACTION_TYPES), (action: UnknownAction) =>
    tell(action, watchBuffering),
  );
  yield* fork(listen);
}
