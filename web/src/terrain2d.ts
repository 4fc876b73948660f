// The map's terrain images: each loaded landblock coloured by its terrain types (the LandBlock
// record's 81 terrain words: bits 2-6 the type, bits 0-1 the road, as retail's LandDefs reads
// them; the excerpts and a user's DATs carry them) or, when a landblock's words are not known,
// by its height; hill shading from the north-west over both, so slopes read at every zoom.
// A pixel takes the type of its nearest vertex (the client blends the four corners' textures;
// one flat colour per vertex keeps the types readable on a map). Roads are drawn over these
// images as retail's road regions (web/src/roads.ts), not per vertex.
import { DatSet, type Acphys } from '../../wasm/acphys.mjs';

export const LB = 192;
export const CELL = 24;
export const PX_PER_LB = 96; // terrain image resolution: 2 m per pixel

/** Retail's terrain types (LandDefs::TerrainType, 0-20; 21-31 unused in retail's data) and the
 *  colour the map gives each (sRGB, chosen to read as the client's textures do: grass greens,
 *  dirt browns, sand yellows, rock greys, water blues). */
export const TERRAIN_TYPES: readonly { name: string; rgb: [number, number, number] }[] = [
  { name: 'BarrenRock', rgb: [128, 116, 100] }, { name: 'Grassland', rgb: [100, 140, 60] }, { name: 'Ice', rgb: [200, 225, 235] },
  { name: 'LushGrass', rgb: [60, 135, 50] }, { name: 'MarshSparseSwamp', rgb: [90, 105, 60] }, { name: 'MudRichDirt', rgb: [105, 80, 50] },
  { name: 'ObsidianPlain', rgb: [50, 45, 55] }, { name: 'PackedDirt', rgb: [150, 120, 80] }, { name: 'PatchyDirt', rgb: [135, 125, 75] },
  { name: 'PatchyGrassland', rgb: [125, 145, 70] }, { name: 'SandYellow', rgb: [215, 195, 125] }, { name: 'SandGrey', rgb: [175, 170, 150] },
  { name: 'SandRockStrewn', rgb: [185, 165, 120] }, { name: 'SedimentaryRock', rgb: [155, 130, 105] }, { name: 'SemiBarrenRock', rgb: [140, 135, 110] },
  { name: 'Snow', rgb: [240, 242, 245] }, { name: 'WaterRunning', rgb: [60, 120, 180] }, { name: 'WaterStandingFresh', rgb: [50, 100, 160] },
  { name: 'WaterShallowSea', rgb: [60, 130, 170] }, { name: 'WaterShallowStillSea', rgb: [55, 120, 165] }, { name: 'WaterDeepSea', rgb: [25, 60, 120] },
  ...Array.from({ length: 11 }, (_, i) => ({ name: `Reserved${21 + i}`, rgb: [200, 0, 200] as [number, number, number] })),
];
/** The roads' colour (the regions of web/src/roads.ts, flat: not hill-shaded). */
export const ROAD_RGB: [number, number, number] = [176, 160, 130];

export const terrainType = (word: number): number => (word >> 2) & 0x1f;
export const isRoad = (word: number): boolean => (word & 3) !== 0;

/** Bilinear height (m) in a landblock at (x, y) metres from its 9 × 9 vertices (x·9 + y). */
export function heightAt(h: Float32Array, x: number, y: number): number {
  const fx = Math.min(Math.max(x / CELL, 0), 7.999), fy = Math.min(Math.max(y / CELL, 0), 7.999);
  const ix = Math.floor(fx), iy = Math.floor(fy), tx = fx - ix, ty = fy - iy;
  const a = h[ix * 9 + iy]!, b = h[(ix + 1) * 9 + iy]!, c = h[ix * 9 + iy + 1]!, d = h[(ix + 1) * 9 + iy + 1]!;
  return (a * (1 - tx) + b * tx) * (1 - ty) + (c * (1 - tx) + d * tx) * ty;
}

/** Low green through tan and brown to light grey, t in 0..1 (landblocks without terrain words). */
export const STOPS: [number, number, number, number][] = [[0, 74, 124, 72], [0.35, 138, 160, 92], [0.6, 190, 170, 120], [0.85, 150, 118, 90], [1, 225, 222, 215]];
function hypsometric(t: number): [number, number, number] {
  const x = Math.min(Math.max(t, 0), 1);
  for (let i = 1; i < STOPS.length; i++) {
    const a = STOPS[i - 1]!, b = STOPS[i]!;
    if (x <= b[0]) {
      const f = (x - a[0]) / (b[0] - a[0]);
      return [a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f, a[3] + (b[3] - a[3]) * f];
    }
  }
  return [225, 222, 215];
}

/** The hill shading at (x, y) of a landblock: light from the north-west, 45° up; 0.3-1.15. */
export function hillShade(h: Float32Array, x: number, y: number, m = LB / PX_PER_LB): number {
  const dzdx = (heightAt(h, x + m, y) - heightAt(h, x - m, y)) / (2 * m);
  const dzdy = (heightAt(h, x, y + m) - heightAt(h, x, y - m)) / (2 * m);
  const nx = -dzdx, ny = -dzdy, nz = 1, len = Math.hypot(nx, ny, nz);
  return Math.min(1.15, Math.max(0.3, 0.25 + 0.95 * (nx * -0.5 + ny * 0.5 + nz * 0.7071) / len));
}

/** The unshaded colour at (x, y) m of a landblock: its nearest vertex's terrain type (a road
 *  vertex's too: the road regions are drawn over it), or the height colour over [lo, hi] when
 *  `words` is null. */
export function baseColour(h: Float32Array, words: Uint16Array | null, x: number, y: number, lo: number, span: number): [number, number, number] {
  if (!words) return hypsometric((heightAt(h, x, y) - lo) / span);
  const vx = Math.min(8, Math.max(0, Math.round(x / CELL))), vy = Math.min(8, Math.max(0, Math.round(y / CELL)));
  const w = words[vx * 9 + vy]!;
  return TERRAIN_TYPES[terrainType(w)]!.rgb;
}

/** A landblock's map image (PX_PER_LB square, north up). */
export function terrainImage(h: Float32Array, words: Uint16Array | null, lo: number, hi: number): HTMLCanvasElement {
  const span = Math.max(hi - lo, 1);
  const image = document.createElement('canvas');
  image.width = PX_PER_LB;
  image.height = PX_PER_LB;
  const g = image.getContext('2d')!;
  const img = g.createImageData(PX_PER_LB, PX_PER_LB);
  const m = LB / PX_PER_LB;
  for (let py = 0; py < PX_PER_LB; py++) {
    for (let px = 0; px < PX_PER_LB; px++) {
      const x = (px + 0.5) * m, y = LB - (py + 0.5) * m;
      const shade = hillShade(h, x, y, m);
      const [r, gr, bl] = baseColour(h, words, x, y, lo, span);
      const k = (py * PX_PER_LB + px) * 4;
      img.data[k] = r * shade;
      img.data[k + 1] = gr * shade;
      img.data[k + 2] = bl * shade;
      img.data[k + 3] = 255;
    }
  }
  g.putImageData(img, 0, 0);
  return image;
}

/** The terrain words of landblocks `ids` (0xXXYYFFFF) from the DAT bytes `sources`, later ones
 *  replacing earlier ones as a scenario's excerpts do; a landblock none holds is left out. */
export function terrainWords(acp: Acphys, ids: readonly number[], sources: readonly Uint8Array[]): Map<number, Uint16Array> {
  const out = new Map<number, Uint16Array>();
  for (const bytes of sources) {
    const set = new DatSet(acp);
    try {
      set.addBytes(bytes);
      for (const id of ids) {
        const lb = set.landblock(id);
        if (lb) out.set(id, lb.terrain);
      }
    } catch {
      // A source that does not parse gave the run nothing either (the run refuses it first).
    } finally {
      set.free();
    }
  }
  return out;
}
