// Every string the viewer reads, in one dictionary (SPEC.md sections 2 and 8).
import { ad, seasonEpisode } from './ruMediaSession';

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
  /** a protected film that cannot be shown (src/stream/protection.ts), each with the error's id */
  protection: {
    noKeySystem: (id: string) =>
      `Этот фильм защищён, и ваш браузер не может его воспроизвести. Откройте его в другом браузере. Идентификатор ошибки: ${id}`,
    licenseRefused: (id: string) =>
      `Нет разрешения на просмотр этого фильма. Попробуйте перезагрузить страницу. Идентификатор ошибки: ${id}`,
    licenseUnavailable: (id: string) =>
      `Не удалось получить разрешение на просмотр: сервер не отвечает. Попробуйте перезагрузить страницу позже. Идентификатор ошибки: ${id}`,
    keyMissing: (id: string) =>
      `Не удалось расшифровать фильм. Попробуйте перезагрузить страницу. Идентификатор ошибки: ${id}`,
    outputRestricted: (id: string) =>
      `Этот фильм нельзя показать на вашем экране: он не поддерживает нужную защиту. Попробуйте другой экран или устройство. Идентификатор ошибки: ${id}`,
  },
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
  seasonEpisode,
  ad,
  adOf: (n: number, total: number) => `Реклама ${n} из ${total}`,
  skipIn: (n: number) => `Пропустить ${n}`,
  skip: 'Пропустить',
  advertiserSite: 'Перейти на сайт рекламодателя',
  /** an industry icon's name when its VAST gives no alt text (the AdChoices mark and the like) */
  adInfo: 'Информация о рекламе',
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
  noConnection: 'Нет соединения с интернетом. Продолжим, когда сеть вернётся',
  loadTrouble: 'Проблемы с загрузкой видео. Пробуем ещё раз…',
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
  subtitleStyle: 'Оформление',
  subtitleFont: 'Шрифт',
  subtitleSize: 'Размер',
  subtitleColor: 'Цвет текста',
  subtitleTextOpacity: 'Прозрачность текста',
  subtitleBackgroundColor: 'Цвет фона',
  subtitleBackground: 'Прозрачность фона',
  subtitleWindowColor: 'Цвет окна',
  subtitleWindow: 'Прозрачность окна',
  subtitleEdge: 'Контур символов',
  subtitleFonts: {
    sans: 'Без засечек',
    serif: 'С засечками',
    monoSans: 'Моноширинный без засечек',
    monoSerif: 'Моноширинный с засечками',
    casual: 'Неформальный',
    cursive: 'Рукописный',
    smallCaps: 'Капитель',
  },
  subtitleColors: {
    white: 'Белый',
    yellow: 'Жёлтый',
    green: 'Зелёный',
    cyan: 'Голубой',
    blue: 'Синий',
    magenta: 'Пурпурный',
    red: 'Красный',
    black: 'Чёрный',
  },
  subtitleEdges: {
    none: 'Нет',
    raised: 'Приподнятый',
    depressed: 'Утопленный',
    uniform: 'Обводка',
    dropShadow: 'Тень',
  },
  subtitleNone: 'Нет',
  subtitleStyleReset: 'Сбросить оформление',
  /** the preview's sample line on the 'Оформление' page */
  subtitlePreview: 'Так будут выглядеть субтитры',
  adIn: (n: number) => `Реклама через ${n}`,
  /** the card's 'Отмена' named in full; its visible word comes first (WCAG 2.5.3, label in name) */
  cancelNextEpisode: 'Отмена перехода к следующему эпизоду',
  /** said once by a screen reader as the countdown starts (the count itself is not re-read) */
  nextEpisodeSoon: (episode: string) => `Скоро следующий эпизод: ${episode}`,
  timeInChapter: (time: string, chapter: string) => `${time}, ${chapter}`,
  // the status region's words: what changed, as a screen reader says it
  saysPlaying: 'Воспроизведение',
  saysPaused: 'Пауза',
  saysPosition: (time: string) => `Позиция ${time}`,
  saysVolume: (percent: number) => `Громкость ${percent}%`,
  saysMuted: 'Звук выключен',
  saysSpeed: (label: string) => `Скорость: ${label}`,
  saysQuality: (label: string) => `Качество: ${label}`,
  saysSubtitles: (name: string) => `Субтитры: ${name}`,
  saysSubtitlesOff: 'Субтитры выключены',
  saysAudio: (name: string) => `Озвучка: ${name}`,
  saysConnectionBack: 'Соединение восстановлено',
  saysSubtitleStyle: (field: string, value: string) => `${field}: ${value}`,
  saysSubtitleStyleReset: 'Оформление субтитров по умолчанию',
  saysFullscreen: 'Полноэкранный режим',
  saysFullscreenOff: 'Обычный режим',
  saysPictureInPicture: 'Картинка в картинке',
  saysPictureInPictureOff: 'Картинка в картинке выключена',
  saysSkippable: 'Можно пропустить',
  saysFilmResumes: 'Фильм продолжается',
} as const;
