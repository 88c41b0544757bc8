// Every string the viewer reads, in one dictionary (SPEC.md sections 2 and 8).
export const ru = {
  loading: 'Loading...',
  missingMovieId: 'Пропущен movie_id в запросе',
  noEpisodes: 'Отсутсвуют эпизоды для проигрывания',
  notFound: 'Контент не доступен',
  blocked:
    'Извините, данный контент недоступен в вашей стране. Если вы используете VPN, мы рекомендуем отключить его или сменить страну.',
  unexpected: (id: string) =>
    `К сожалению, произошла ошибка, попробуйте перезагрузите страницу. Идентификатор ошибки: ${id}`,
  reload: 'Перезагрузить страницу',
  masterLoadFailed: (address: string) => `Ошибка в загрузке: ${address}`,
  stoppedAt: (time: string) => `Вы остановились на ${time}`,
  continueWatching: 'Продолжить просмотр',
  startOver: 'Начать сначала',
  play: 'Смотреть',
  pause: 'Пауза',
  resume: 'Продолжить',
  season: (n: number) => `Сезон ${n}`,
  episode: (n: number) => `Эпизод ${n}`,
  seasonEpisode: (season: number, episode: number) => `${season} сезон, ${episode} серия`,
} as const;
