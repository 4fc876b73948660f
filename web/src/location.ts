// Locations as players and server logs write them (issue 36, the page's "Go to" field): the
// client's /loc form `0xA9B4002A [132.0 12.0 94.0] 1.0 0.0 0.0 0.0` (cell id, the origin in the
// landblock's frame in metres, then optionally the quaternion w x y z), with any text around it
// (ACE prints "Your location is: ..."), or a landblock and cell alone (`0xA9B4002A`, `0xA9B4
// 0x002A`, `A9B4 2A`), which means the middle of that outdoor cell. Pure: no DOM, no app.

/** A parsed location: the cell id as written, the origin (m, the landblock's frame; null for a
 *  bare cell, then `middle` is the outdoor cell's centre), the quaternion (w, x, y, z) or null. */
export interface Place {
  cell: number;
  origin: [number, number, number] | null;
  middle: [number, number] | null;
  quaternion: [number, number, number, number] | null;
  /** The outdoor cell holding the origin (x, y) (the same as `cell` when they agree; indoor
   *  cells are kept as written). */
  holding: number;
  /** A remark about the location (the cell id disagrees with the origin), or ''. */
  note: string;
}

const hex = (v: number, digits = 8) => `0x${(v >>> 0).toString(16).toUpperCase().padStart(digits, '0')}`;

/** The outdoor cell (id) of landblock `cell` holding (x, y) m: 1 + 8 · floor(x / 24) + floor(y / 24). */
export function outdoorCellAt(cell: number, x: number, y: number): number {
  const cx = Math.min(7, Math.max(0, Math.floor(x / 24))), cy = Math.min(7, Math.max(0, Math.floor(y / 24)));
  return ((cell & 0xffff0000) | (1 + 8 * cx + cy)) >>> 0;
}

const NUM = '[-+]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?';

/** The largest |z| (m) a location may give: retail's land heights run from 0 to about 470 m
 *  (the Region's land height table) and dungeons lie below and above the land by some hundreds
 *  of metres; 2,000 m keeps every place the client can stand with room, and refuses a typo
 *  (1e30) or an overflow (1e400 reads as Infinity). Indoor cells' x and y are bounded the same
 *  way (a dungeon's cells may lie outside its landblock's 192 m square); the page then checks
 *  the EnvCell itself where it is loaded (App.goto). */
export const MAX_COORD_M = 2000;

/** Parse `text` (see the file comment): a Place, or { error } naming what is wrong. */
export function parseLocation(text: string): Place | { error: string } {
  const t = text.trim();
  if (!t) return { error: 'the location is empty: give one as /loc prints it, 0xA9B40029 [132.0 12.0 94.0] 1.0 0.0 0.0 0.0, or a landblock and cell, 0xA9B4 0x0029' };
  const bracket = t.indexOf('[');
  if (bracket < 0) return bareCell(t);
  const close = t.indexOf(']', bracket);
  if (close < 0) return { error: `"${t}": the position's "[" has no "]"` };
  const before = t.slice(0, bracket).trim().split(/\s+/).filter(Boolean).at(-1) ?? '';
  const cm = /^(?:0[xX])?([0-9a-fA-F]{8})$/.exec(before);
  if (!cm) return { error: before ? `"${before}" before the position is not a cell id (8 hex digits, e.g. 0xA9B4002A)` : 'no cell id before the position (e.g. 0xA9B4002A [132.0 12.0 94.0])' };
  const cell = parseInt(cm[1]!, 16) >>> 0;
  const inside = t.slice(bracket + 1, close).trim().split(/[\s,]+/).filter(Boolean);
  const isNum = (v: string) => new RegExp(`^${NUM}$`).test(v);
  const bad = inside.find((v) => !isNum(v));
  if (bad !== undefined) return { error: `the position [${inside.join(' ')}]: "${bad}" is not a number` };
  if (inside.length !== 3) return { error: `the position [${inside.join(' ')}] has ${inside.length} ${inside.length === 1 ? 'number' : 'numbers'}; it needs 3 (x y z, metres)` };
  const [x, y, z] = inside.map(Number) as [number, number, number];
  const huge = inside.find((v) => !Number.isFinite(Number(v)));
  if (huge !== undefined) return { error: `the position [${inside.join(' ')}]: ${huge} is not a finite number` };
  const rest = t.slice(close + 1).trim().split(/[\s,]+/).filter(Boolean);
  // The quaternion's numbers follow the position; words among them (or before them) are refused,
  // words after the last number are allowed (a log's trailing text).
  let lastNum = rest.length - 1;
  while (lastNum >= 0 && !isNum(rest[lastNum]!)) lastNum--;
  if (rest.some((v) => /[[\]]/.test(v))) return { error: `"${rest.join(' ')}" after the position: a location has one [x y z], then the quaternion w x y z without brackets` };
  const stray = rest.slice(0, lastNum + 1).filter((v) => !isNum(v));
  if (stray.length) return { error: `after the position, ${stray.map((v) => `"${v}"`).join(', ')} ${stray.length > 1 ? 'are' : 'is'} not ${stray.length > 1 ? 'numbers' : 'a number'} of the quaternion (w x y z)` };
  const qs = rest.slice(0, lastNum + 1);
  let quaternion: Place['quaternion'] = null;
  if (qs.length) {
    if (qs.length !== 4) return { error: `the rotation after the position has ${qs.length} ${qs.length === 1 ? 'number' : 'numbers'}; a quaternion needs 4 (w x y z), or leave it out` };
    const q = qs.map(Number) as [number, number, number, number];
    const len = Math.hypot(...q);
    if (!(Math.abs(len - 1) < 0.01)) return { error: `the quaternion ${qs.join(' ')} has length ${Number.isFinite(len) ? len.toFixed(4) : len}, not 1` };
    quaternion = q;
  }
  const low = cell & 0xffff;
  const notCell = cellIdError(cell);
  if (notCell) return { error: notCell };
  const indoor = low >= 0x100;
  if (Math.abs(z) > MAX_COORD_M) return { error: `the height z = ${z} m is out of range: a place's z is within ±${MAX_COORD_M.toLocaleString('en-US')} m (the land is 0 to about 470 m high)` };
  if (!indoor && !(x >= 0 && x < 192 && y >= 0 && y < 192))
    return { error: `the position (${x}, ${y}) is outside its landblock (x and y from 0 to 192 m in the landblock's frame)` };
  if (indoor && !(Math.abs(x) <= MAX_COORD_M && Math.abs(y) <= MAX_COORD_M))
    return { error: `the position (${x}, ${y}) is out of range for indoor cell ${hex(cell)}: x and y are within ±${MAX_COORD_M.toLocaleString('en-US')} m of its landblock's corner` };
  const holding = indoor ? cell : outdoorCellAt(cell, x, y);
  const note = holding !== cell ? `cell ${hex(cell)} does not hold (${x}, ${y}): that is ${hex(holding)}, used for the place` : '';
  return { cell, origin: [x, y, z], middle: null, quaternion, holding, note };
}

/** Why `cell` is no cell id ('' when it is one), by retail's LandDefs::inbound_valid_cellid
 *  (0x004979A0): its low word is an outdoor cell 0x0001-0x0040 or an indoor one 0x0100-0xFFFD,
 *  and its landblock's x and y bytes are below 0xFF (x·8 and y·8 < 2040). Retail also lets 0xFFFF
 *  through (the landblock itself), but no object stands in it: a place needs a cell. */
export function cellIdError(cell: number): string {
  const low = cell & 0xffff;
  if (low === 0xfffe || low === 0xffff)
    return `${hex(cell)} is not a cell id: ${hex(low, 4)} is the landblock's ${low === 0xffff ? 'LandBlock' : 'LandBlockInfo'} record, not a cell (outdoor cells are 0x0001 to 0x0040, indoor ones 0x0100 to 0xFFFD)`;
  if (low < 1 || (low > 64 && low < 0x100))
    return `cell ${hex(low, 4)} of ${hex(cell)} is neither an outdoor cell (0x0001 to 0x0040) nor an indoor one (0x0100 and up)`;
  if ((cell >>> 24) === 0xff || ((cell >>> 16) & 0xff) === 0xff)
    return `${hex(cell)} is not a cell id: landblock ${hex(cell >>> 16, 4)} is outside the world (its x and y bytes run from 0x00 to 0xFE)`;
  return '';
}

function bareCell(t: string): Place | { error: string } {
  const parts = t.split(/[\s,]+/).filter(Boolean).map((p) => p.replace(/^0[xX]/, ''));
  if (!parts.every((p) => /^[0-9a-fA-F]+$/.test(p)))
    return { error: `"${t}" is not a location: give one as /loc prints it, 0xA9B40029 [132.0 12.0 94.0] 1.0 0.0 0.0 0.0, or a landblock and cell, 0xA9B4 0x0029` };
  let cell: number;
  if (parts.length === 1 && parts[0]!.length === 8) cell = parseInt(parts[0]!, 16) >>> 0;
  else if (parts.length === 2 && parts[0]!.length <= 4 && parts[1]!.length <= 4) cell = ((parseInt(parts[0]!, 16) << 16) | parseInt(parts[1]!, 16)) >>> 0;
  else return { error: `"${t}": a landblock and cell is 8 hex digits (0xA9B4002A) or two of 4 (0xA9B4 0x002A)` };
  const low = cell & 0xffff;
  if (low < 1 || low > 64) return { error: `cell ${hex(low, 4)} is not an outdoor cell (0x0001 to 0x0040): give an indoor cell with its position in [x y z]` };
  const middle: [number, number] = [24 * Math.floor((low - 1) / 8) + 12, 24 * ((low - 1) % 8) + 12];
  return { cell, origin: null, middle, quaternion: null, holding: cell, note: '' };
}

/** The view that frames objects (the first 200 with a cell; world m: gx, gy): their box's middle
 *  and a span at least 24 m, 4 m around them; null when none has a cell. */
export function framing(s: { n: number; cell: ArrayLike<number>; gx: ArrayLike<number>; gy: ArrayLike<number> }): { x: number; y: number; span: number } | null {
  let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
  for (let i = 0; i < Math.min(s.n, 200); i++) {
    if (!s.cell[i]) continue;
    x0 = Math.min(x0, s.gx[i]!); x1 = Math.max(x1, s.gx[i]!); y0 = Math.min(y0, s.gy[i]!); y1 = Math.max(y1, s.gy[i]!);
  }
  if (!(x1 >= x0)) return null;
  return { x: (x0 + x1) / 2, y: (y0 + y1) / 2, span: Math.max(24, Math.max(x1 - x0, y1 - y0) + 8) };
}

/** A parsed place with its world position (m) and what the status line says of it. */
export type Located = Place & { world: [number, number]; text: string };

/** A place the Go to field accepted (web/src/gotoplace.ts): the text it was read from, and
 *  `pending`, the user's DAT that holds its landblock when the run has not loaded it (Add object
 *  then rebuilds the run: adding.ts). */
export type GotoPlace = Located & { input: string; pending: string | null };

/** `text` parsed (parseLocation) with its world position and status text, or { error }
 *  (malformed). Whether the run has the place loaded is web/src/gotoplace.ts's. */
export function locate(text: string): Located | { error: string } {
  const p = parseLocation(text);
  if ('error' in p) return p;
  const [x, y] = p.origin ?? p.middle!;
  const at = `${hex(p.holding)} [${x.toFixed(1)} ${y.toFixed(1)}${p.origin ? ` ${p.origin[2].toFixed(1)}` : ''}]`;
  return { ...p, world: [192 * (p.cell >>> 24) + x, 192 * ((p.cell >>> 16) & 0xff) + y], text: `Centred on ${at}${p.note ? ` (${p.note})` : ''}` };
}
