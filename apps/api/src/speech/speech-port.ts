/** Speech in and out of the product, behind one port: recognition of a recording and audio of a text. */
export interface SpeechPort {
  /**
   * What recordings the port takes: `browser`, any container the browser records (WebM, Ogg, MP4, WAV); `wav16k`,
   * 16 kHz 16-bit mono PCM in a WAV (the voice service converts any 16-bit PCM WAV to it; the web records WAV then).
   */
  readonly input: 'browser' | 'wav16k';
  /** The text spoken in a recording ('' when nothing was recognised). */
  transcribe(audio: { bytes: Buffer; mimeType: string; filename: string }): Promise<string>;
  /** Audio of a text, as the endpoint made it; undefined when this port has no voice model. */
  synthesize?(text: string): Promise<{ bytes: Buffer; contentType: string }>;
}

/** The endpoint failed or answered something unreadable; the cause says which. */
export class SpeechEndpointError extends Error {
  override name = 'SpeechEndpointError';
}
