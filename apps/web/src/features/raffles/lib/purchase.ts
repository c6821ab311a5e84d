/** "3f2a9c41d0e7…b2c4": enough of the hash to compare by eye, short enough for a phone. */
export function shortHash(hash: string, head = 12, tail = 4): string {
  return hash.length <= head + tail + 1 ? hash : `${hash.slice(0, head)}…${hash.slice(-tail)}`;
}
