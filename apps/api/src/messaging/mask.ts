/** A phone number or e-mail address as logs and screens may show it: +86138****8000, r***@example.org. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at > 0) return `${address[0]}***${address.slice(at)}`;
  if (address.length <= 7) return `${address.slice(0, 2)}****`;
  return `${address.slice(0, address.length - 8)}****${address.slice(-4)}`;
}
