// The words the system's media controls show (sagas/systemMedia/rules.ts), apart from the dictionary
// (ru.ts takes them from here): the actor that sets them runs before the interface, which the
// dictionary comes with.

/** The episode line: '2 сезон, 5 серия'. */
export const seasonEpisode = (season: number, episode: number) =>
  `${season} сезон, ${episode} серия`;

/** An advert's title. */
export const ad = 'Реклама';
