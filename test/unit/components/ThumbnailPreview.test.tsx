import { configureStore } from '@reduxjs/toolkit';
import { render, screen } from '@testing-library/react';
import { PlayerProvider } from '../../../src/components/PlayerProvider';
import { previewCentre, ThumbnailPreview } from '../../../src/components/ThumbnailPreview';
import { rootReducer } from '../../../src/state';
import { streamActions } from '../../../src/state/stream';
import { readThumbnails } from '../../../src/stream/thumbnailsReader';

const VTT = 'https://cdn.example/thumbs/film.vtt';

/** The preview over a store whose stream has these thumbnail cues, the pointer at `time`. */
function renderPreview(vtt: string, time: number, room?: number, chapter?: string) {
  const store = configureStore({ reducer: rootReducer });
  store.dispatch(
    streamActions.loadStarted({
      url: 'https://cdn.example/a.m3u8',
      sources: [],
      sourceIndex: 0,
      thumbnails: VTT,
    }),
  );
  store.dispatch(streamActions.thumbnailsLoaded({ src: VTT, ...readThumbnails(vtt, VTT) }));
  render(
    <PlayerProvider store={store}>
      <ThumbnailPreview
        left={300}
        width={900}
        time={time}
        room={room}
        chapter={chapter}
        fallback={<span data-testid="plain-time">plain</span>}
      />
    </PlayerProvider>,
  );
}

describe('the thumbnail preview', () => {
  const SPRITE =
    'WEBVTT\n\n00:00.000 --> 00:02.000\ns.jpg#xywh=0,0,160,90\n\n00:02.000 --> 00:04.000\ns.jpg#xywh=160,90,160,90';

  it("crops the time's tile out of the sprite, with the time under it", () => {
    renderPreview(SPRITE, 3.7);
    const image = screen.getByTestId('thumbnail-image');
    expect(image.style.backgroundImage).toBe('url("https://cdn.example/thumbs/s.jpg")');
    expect(image.style.backgroundPosition).toBe('-160px -90px');
    expect(image.style.width).toBe('160px');
    expect(screen.getByTestId('hover-time')).toHaveTextContent('0:03');
    expect(screen.queryByTestId('plain-time')).toBeNull();
  });

  it('scales a wide tile down to 160 px', () => {
    renderPreview('WEBVTT\n\n00:00.000 --> 00:02.000\ns.jpg#xywh=320,0,320,180', 1);
    expect(screen.getByTestId('thumbnail-image').style.transform).toBe('scale(0.5)');
    expect(screen.getByTestId('thumbnail-image').parentElement!.style.width).toBe('160px');
  });

  it('scales a tile down to the room above the bar in a short player', () => {
    renderPreview('WEBVTT\n\n00:00.000 --> 00:02.000\ns.jpg#xywh=0,0,160,90', 1, 93);
    // 93 px above the bar: the time and margins take 48 of it, the picture 45 (half of 90)
    expect(screen.getByTestId('thumbnail-image').style.transform).toBe('scale(0.5)');
    expect(screen.getByTestId('thumbnail-image').parentElement!.style.height).toBe('45px');
  });

  it('scales a portrait tile down to 160 px high', () => {
    renderPreview('WEBVTT\n\n00:00.000 --> 00:02.000\ns.jpg#xywh=0,0,160,320', 1, 1000);
    expect(screen.getByTestId('thumbnail-image').style.transform).toBe('scale(0.5)');
    expect(screen.getByTestId('thumbnail-image').parentElement!.style.width).toBe('80px');
  });

  it('names the chapter over the picture, no wider than the preview', () => {
    renderPreview(SPRITE, 1, 1000, 'Очень длинное название главы, длиннее картинки');
    const name = screen.getByTestId('chapter-name');
    expect(name).toHaveTextContent('Очень длинное название главы');
    expect(name.style.maxWidth).toBe('164px');
    // above the picture's frame, in one column
    expect(name.nextElementSibling).toBe(screen.getByTestId('thumbnail-image').parentElement);
  });

  it('leaves the name out in a player too short for it and a picture', () => {
    renderPreview(SPRITE, 1, 100, 'Погоня');
    expect(screen.queryByTestId('chapter-name')).toBeNull();
    expect(screen.getByTestId('thumbnail-image').parentElement!.style.height).toBe('52px');
  });

  it('shows the plain time where no cue covers it, or when the file had none', () => {
    renderPreview(SPRITE, 10);
    expect(screen.getByTestId('plain-time')).toBeInTheDocument();
    expect(screen.queryByTestId('thumbnail-preview')).toBeNull();
  });
});

describe("the preview's place over the bar", () => {
  it('is centred on the pointer, but stops at the ends of the bar', () => {
    expect(previewCentre(300, 900, 164)).toBe(300);
    expect(previewCentre(5, 900, 164)).toBe(82);
    expect(previewCentre(898, 900, 164)).toBe(818);
    expect(previewCentre(50, 100, 164)).toBe(50); // a bar narrower than the preview centres it
  });
});
