// Numbers and words for the page's messages: file sizes in bytes, KB or MB (10^3, 10^6 bytes,
// as BENCHMARKS.md counts MB) with the precision that reads, and counts with their noun.

/** "850 bytes", "12.3 KB", "148 KB", "1.5 MB", "812 MB". */
export function formatBytes(n: number): string {
  if (!Number.isFinite(n) || n < 1000) return `${Math.max(0, Math.round(n || 0))} bytes`;
  const [v, unit] = n < 1e6 ? [n / 1e3, 'KB'] : [n / 1e6, 'MB'];
  return `${v < 100 ? v.toFixed(1) : v.toFixed(0)} ${unit}`;
}

/** "1 record", "3 records", "1,000 objects": the count (grouped) and the noun, plural unless 1. */
export function plural(n: number, noun: string, nouns = `${noun}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? noun : nouns}`;
}

/** An object's id as the page shows it: a scenario's small ids (1, 2, ...) in decimal, a guid
 *  (above 0xFFFF, as a capture's 0x50000002) in hex as the server and the replay name it. */
export function idText(id: number): string {
  const u = id >>> 0;
  return u > 0xffff ? `0x${u.toString(16).toUpperCase().padStart(8, '0')}` : String(u);
}
