import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';

/**
 * The built-in image captcha: six characters, each turned, sheared and sized at random, crossed by curves in the
 * characters' own colours, over speckle, then warped as a whole by a turbulence displacement and rasterised to a
 * PNG. The old four-character SVG carried each glyph as its own path, which solvers match directly; here only
 * pixels leave the server.
 */
const require = createRequire(import.meta.url);
const FONT_FILE = require.resolve('svg-captcha/fonts/Comismsh.ttf');
const FONT_FAMILY = 'Comicbook Smash';

/** Letters and digits that stay apart in this font (no 0/O, 1/I/l, 9/g, 2/Z, 5/S, u/v…); the answer is case-blind. */
const ALPHABET = '34678ABCDEFGHJKMNPQRTWXYabdefhmnqrt';
export const IMAGE_CAPTCHA_LENGTH = 6;
const WIDTH = 200;
const HEIGHT = 64;

const between = (min: number, max: number) => min + (randomInt(0, 10_001) / 10_000) * (max - min);
const pick = <T>(items: readonly T[]) => items[randomInt(0, items.length)]!;
const INKS = ['#1d3557', '#6a040f', '#283618', '#3c096c', '#7f4f24', '#023047', '#9d0208', '#374151'];

/** The answer as the user is asked to type it, and the comparison form (lower case, no spaces). */
export const normalizeCaptchaAnswer = (answer: string) => answer.normalize('NFKC').replace(/\s+/g, '').toLowerCase();

function curve(ink: string, width: number): string {
  const y = () => between(8, HEIGHT - 8).toFixed(1);
  const d = `M${between(-10, 20).toFixed(1)} ${y()} C${between(40, 80).toFixed(1)} ${y()} ${between(110, 160).toFixed(1)} ${y()} ${between(180, 215).toFixed(1)} ${y()}`;
  return `<path d="${d}" stroke="${ink}" stroke-width="${width.toFixed(2)}" fill="none" stroke-linecap="round"/>`;
}

/** Rendered in libuv's thread pool, so drawing never holds the event loop. */
export async function drawImageCaptcha(): Promise<{ answer: string; image: string }> {
  const chars = Array.from({ length: IMAGE_CAPTCHA_LENGTH }, () => pick([...ALPHABET]));
  const inks = chars.map(() => pick(INKS));
  const step = (WIDTH - 24) / chars.length;
  const glyphs = chars.map((char, i) => {
    const x = 14 + step * i + between(-3, 5);
    const y = HEIGHT / 2 + between(6, 16);
    const transform = `translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${between(-25, 25).toFixed(1)}) skewX(${between(-14, 14).toFixed(1)})`;
    return `<text transform="${transform}" font-family="${FONT_FAMILY}" font-size="${between(34, 44).toFixed(1)}" fill="${inks[i]}" stroke="${inks[i]}" stroke-width="1.4">${char}</text>`;
  });
  const speckle = Array.from(
    { length: 90 },
    () =>
      `<circle cx="${between(0, WIDTH).toFixed(1)}" cy="${between(0, HEIGHT).toFixed(1)}" r="${between(0.6, 1.8).toFixed(2)}" fill="${pick(INKS)}" opacity="${between(0.25, 0.7).toFixed(2)}"/>`,
  );
  const crossing = [
    ...inks.slice(0, 3).map((ink) => curve(ink, between(1.6, 2.8))),
    curve(pick(INKS), between(0.8, 1.4)),
  ];
  const background = Array.from(
    { length: 6 },
    () =>
      `<ellipse cx="${between(0, WIDTH).toFixed(0)}" cy="${between(0, HEIGHT).toFixed(0)}" rx="${between(10, 40).toFixed(0)}" ry="${between(6, 20).toFixed(0)}" fill="hsl(${randomInt(0, 360)} 60% 85%)" opacity="0.6"/>`,
  );
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<defs><filter id="warp" x="-5%" y="-10%" width="110%" height="120%">` +
    `<feTurbulence type="fractalNoise" baseFrequency="${between(0.012, 0.02).toFixed(3)} ${between(0.02, 0.035).toFixed(3)}" numOctaves="2" seed="${randomInt(1, 10_000)}" result="noise"/>` +
    `<feDisplacementMap in="SourceGraphic" in2="noise" scale="${between(10, 14).toFixed(1)}" xChannelSelector="R" yChannelSelector="G"/>` +
    `</filter></defs>` +
    `<rect width="100%" height="100%" fill="hsl(${randomInt(0, 360)} 40% 96%)"/>${background.join('')}` +
    `<g filter="url(#warp)">${glyphs.join('')}${crossing.join('')}</g>${speckle.join('')}</svg>`;
  // Drawn at twice its CSS size, for sharp pixels on dense screens.
  const { renderAsync } = await import('@resvg/resvg-js');
  const rendered = await renderAsync(svg, {
    fitTo: { mode: 'zoom', value: 2 },
    font: { fontFiles: [FONT_FILE], loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
  });
  const png = rendered.asPng();
  return { answer: chars.join(''), image: `data:image/png;base64,${png.toString('base64')}` };
}
