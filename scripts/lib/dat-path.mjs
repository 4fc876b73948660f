// Paths into DAT records, shared by the excerpt generator (which writes them into
// data/excerpts.manifest.json) and the tests (which resolve them in the records read back).
// A path is dot-separated segments: `name`, `name[index]`, or `name{key}` to pick the element of
// a keyed table whose key (field `key`, or `style` for style_defaults) equals the hex key.
// Keys and ids may be numbers or "0x%08X" strings on either side.

/** The value at `path` in `obj`, or undefined. */
export function resolvePath(obj, path) {
  let cur = obj;
  for (const seg of path.split('.')) {
    const m = /^([A-Za-z_0-9]+)(?:\[(\d+)\]|\{(0x[0-9A-Fa-f]+)\})?$/.exec(seg);
    if (!m || cur == null) return undefined;
    cur = cur[m[1]];
    if (m[2] !== undefined) cur = cur?.[Number(m[2])];
    if (m[3] !== undefined) {
      const want = Number(m[3]);
      cur = cur?.find((e) => Number(e.key ?? e.style) === want);
    }
  }
  return cur;
}

/** Compare a manifest value with a record value: hex strings and numbers by value, floats as
 *  float32, arrays and objects element by element. */
export function sameValue(a, b) {
  const norm = (v) => (typeof v === 'string' && /^0x[0-9A-Fa-f]+$/.test(v) ? Number(v) : v);
  a = norm(a); b = norm(b);
  if (typeof a === 'number' && typeof b === 'number') return Object.is(Math.fround(a), Math.fround(b));
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    return Object.keys(a).every((k) => sameValue(a[k], b[k]));
  }
  return a === b;
}
