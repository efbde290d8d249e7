import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect, it } from 'vitest';
import { GenerationHub } from './generation-hub.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** What a client's response is to the hub: the object whose 'close' handler aborts the generation. */
class Response {
  readonly body = new Uint8Array(1024 * 1024);
  constructor(private readonly hub: GenerationHub) {}
  onClose(): void {
    this.hub.abort('disconnected');
  }
}

it('keeps nothing of the client that went away in a stopped hub kept for retries', async () => {
  const hub = new GenerationHub('answer-1', 0);
  let response: Response | undefined = new Response(hub);
  const gone = new WeakRef(response);
  response.onClose();
  response = undefined;
  expect(hub.controller.signal.reason).toMatchObject({ name: 'AbortError' });
  // Collected once nothing else holds it: the abort reason's stack does not keep the frames' receivers. A collection
  // may leave it for the next one (a loaded machine, a job still holding the WeakRef's target): up to five, each
  // after the current job ends; a client kept by the hub would survive them all.
  for (let i = 0; i < 5 && (i === 0 || gone.deref() !== undefined); i++) {
    await new Promise((resolve) => setImmediate(resolve));
    gc();
  }
  expect(gone.deref()).toBeUndefined();
  expect(hub.abortReason).toBe('disconnected');
});
