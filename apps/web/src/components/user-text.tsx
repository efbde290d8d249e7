import { stripBidiControls } from '@bible-qa/contract';

/**
 * Text a user wrote (a title, a name, a question, a feedback), shown isolated from the text around it: `<bdi>` takes
 * its direction from its own first strong character and keeps it from reordering what follows, and bidirectional
 * controls are dropped, so `invoice\u202Egnp.exe` cannot pose as `invoiceexe.png` (rows stored before the server
 * stripped them included).
 */
export function UserText({ text }: { text: string }) {
  return <bdi>{stripBidiControls(text)}</bdi>;
}
