/**
 * Bidirectional formatting controls (embeddings, overrides, isolates, marks). In a title or a name they only serve
 * to disguise it: `photo\u202Egnp.exe` reads as `photoexe.png`. Stripped wherever such text is accepted.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

export const stripBidiControls = (text: string): string => text.replace(BIDI_CONTROLS, '');
