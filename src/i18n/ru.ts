// Every string the viewer reads, in one dictionary (SPEC.md sections 2 and 8).

/** Russian plural forms: one (1, 21), few (2-4, 22-24), many (5-20, 25...). */
function plural(n: number, one: string, few: string, many: string) {
  const tens = n % 100;
  const units = n % 10;
  if (tens >= 11 && tens <= 14) return many;
  if (units === 1) return one;
  return units >= 2 && units <= 4 ? few : many;
}

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
  ad: 'Реклама',
  adOf: (n: number, total: number) => `Реклама ${n} из ${total}`,
  skipIn: (n: number) => `Пропустить ${n}`,
  skip: 'Пропустить',
  advertiserSite: 'Перейти на сайт рекламодателя',
  mute: 'Выключить звук',
  unmute: 'Включить звук',
  volume: 'Громкость',
  volumeValue: (percent: number) => `${percent}%`,
  seekBack: 'Назад на 10 секунд',
  seekForward: 'Вперёд на 10 секунд',
  progress: 'Перемотка',
  timeOf: (current: string, duration: string) => `${current} из ${duration}`,
  settings: 'Настройки',
  quality: 'Качество',
  speed: 'Скорость',
  subtitles: 'Субтитры',
  normalSpeed: 'Обычная',
  autoQuality: (height?: number) => (height ? `Auto (${height}p)` : 'Auto'),
  off: 'Выкл.',
  back: 'Назад',
  close: 'Закрыть',
  fullscreen: 'Во весь экран',
  exitFullscreen: 'Выйти из полноэкранного режима',
  pictureInPicture: 'Картинка в картинке',
  airplay: 'AirPlay',
  cast: 'Трансляция на устройство',
  buffering: 'Загрузка видео',
  seasonsAndEpisodes: 'Сезоны и эпизоды',
  episodeCount: (n: number) => `${n} ${plural(n, 'эпизод', 'эпизода', 'эпизодов')}`,
  nextEpisode: 'Следующий эпизод',
  audioTrack: 'Озвучка',
  share: 'Поделиться',
  shareWithTime: 'Поделиться с тайм кодом:',
  copyLink: 'Копировать ссылку',
  linkCopied: 'Ссылка скопирована',
  copyFailed: 'Не удалось скопировать ссылку',
  exitStretched: 'Свернуть плеер',
  shareOn: (network: string) => `Поделиться: ${network}`,
  skipIntro: 'Пропустить заставку',
  nextEpisodeIn: (seconds: number) => `Следующий эпизод через ${seconds}`,
  cancel: 'Отмена',
  /** the system's media controls (the lock screen, the notification): under the series' title */
  systemSeasonEpisode: (season: number, episode: number) => `Сезон ${season}, эпизод ${episode}`,
  subtitleStyle: 'Оформление',
  subtitleSize: 'Размер',
  subtitleColor: 'Цвет текста',
  subtitleBackground: 'Фон',
  subtitleSizes: { small: 'Маленький', medium: 'Средний', large: 'Большой' },
  subtitleColors: { white: 'Белый', yellow: 'Жёлтый', green: 'Зелёный', cyan: 'Голубой' },
  subtitleBackgroundValue: (percent: number) => (percent > 0 ? `${percent}%` : 'Нет'),
  adIn: (n: number) => `Реклама через ${n}`,
  cancelNextEpisode: 'Отменить переход к следующему эпизоду',
  /** said once by a screen reader as the countdown starts (the count itself is not re-read) */
  nextEpisodeSoon: (episode: string) => `Скоро следующий эпизод: ${episode}`,
  timeInChapter: (time: string, chapter: string) => `${time}, ${chapter}`,
} as const;
