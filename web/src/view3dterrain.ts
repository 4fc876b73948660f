// The 3-D view's ground (web/src/view3d.ts) as the map draws it: each loaded landblock's 128
// terrain triangles (acp_abi_draw_terrain_positions / _normals, retail's split of each cell)
// coloured per vertex by its terrain type (the terrain words' bits 2-6, the map's colours:
// web/src/terrain2d.ts), the roads laid over them as retail's on_road regions
// (web/src/roads.ts) clipped to each terrain triangle and lifted onto its plane, and the selected
// object's cell outlined: a land cell's square along its edges (which are terrain triangle edges),
// an indoor cell's CellStruct polygon edges (web/src/mapcell.ts). A Go to place's landblock read
// from a user's DAT (web/src/preview.ts), not in the run, is drawn the same way beside them.
// Scene frame: the landblock of the session's origin cell (+X east, +Y north, +Z up).
import type * as Three from 'three';

import { indoorCellShape, landCellBounds } from './mapcell';
import type { PreviewBlock } from './preview';
import { clipToTriangle, landblockRoads, type Polygon } from './roads';
import type { Session } from './run';
import { ROAD_RGB, TERRAIN_TYPES, terrainType } from './terrain2d';

const TERRAIN_FLOATS = 1152; // 384 vertices
const UNTYPED_RGB: [number, number, number] = [125, 154, 90]; // 0x7d9a5a: a landblock without words
/** How far (m) the roads and the cell outline stand above the terrain (with a polygon offset). */
const LIFT_M = 0.03;
const OUTLINE_COLOUR = 0xffeb5a;

export interface Ground3D {
  meshes: Three.Mesh[];
  roads: Three.Mesh | null;
  /** The terrain words it was coloured from (the map's: a new map each time they change). */
  words: ReadonlyMap<number, Uint16Array>;
  roadTriangles: number;
  typedBlocks: number;
  /** The preview landblock asked for (web/src/preview.ts), and its mesh when drawn (not when the
   *  run has that landblock), or null. */
  preview: PreviewBlock | null;
  previewMesh: Three.Mesh | null;
}

const srgb = (three: typeof Three, [r, g, b]: readonly number[]) => new three.Color().setRGB(r! / 255, g! / 255, b! / 255, three.SRGBColorSpace);

/** The session's terrain meshes, coloured from `words`, and its roads; with `preview` (a Go to
 *  place's landblock from a user's DAT, web/src/preview.ts) that landblock too, drawn the same
 *  way, unless the run has it. */
export function buildGround(three: typeof Three, scene: Three.Scene, s: Session, origin: number,
  words: ReadonlyMap<number, Uint16Array>, scratch: (floats: number) => number, preview: PreviewBlock | null = null): Ground3D {
  const X = s.acp.exports;
  const terrain = X.acp_abi_world_terrain(s.primary.world);
  const count = terrain ? X.acp_abi_terrain_count(terrain) : 0;
  const material = new three.MeshLambertMaterial({ vertexColors: true });
  const out: Ground3D = { meshes: [], roads: null, words, roadTriangles: 0, typedBlocks: 0, preview, previewMesh: null };
  const road: number[] = [];
  const buf = scratch(TERRAIN_FLOATS);
  const ox = origin >>> 24, oy = (origin >>> 16) & 0xff;
  const blocks: { id: number; pos: Float32Array; normals: Float32Array; words: Uint16Array | null }[] = [];
  for (let i = 0; i < count; i++) {
    const id = X.acp_abi_terrain_block_id(terrain, i) >>> 0;
    X.acp_abi_draw_terrain_positions(terrain, i, origin, buf, TERRAIN_FLOATS);
    const pos = s.acp.f32().slice(buf >> 2, (buf >> 2) + TERRAIN_FLOATS);
    X.acp_abi_draw_terrain_normals(terrain, i, buf, TERRAIN_FLOATS);
    blocks.push({ id, pos, normals: s.acp.f32().slice(buf >> 2, (buf >> 2) + TERRAIN_FLOATS), words: words.get((id | 0xffff) >>> 0) ?? null });
  }
  const previewed = preview && !blocks.some((b) => b.id >>> 16 === preview.id >>> 16) ? preview : null;
  if (previewed) {
    // Its triangles are in its own frame: moved into the scene's (the origin landblock's).
    const pos = previewed.positions.slice(), dx = 192 * (((previewed.id >>> 24) & 0xff) - ox), dy = 192 * (((previewed.id >>> 16) & 0xff) - oy);
    for (let k = 0; k < pos.length; k += 3) { pos[k] += dx; pos[k + 1] += dy; }
    blocks.push({ id: previewed.id, pos, normals: previewed.normals, words: previewed.words });
  }
  for (const { id, pos, normals, words: w } of blocks) {
    const g = new three.BufferGeometry();
    g.setAttribute('position', new three.BufferAttribute(pos, 3));
    g.setAttribute('normal', new three.BufferAttribute(normals, 3));
    const bx = 192 * (((id >>> 24) & 0xff) - ox), by = 192 * (((id >>> 16) & 0xff) - oy);
    const colours = new Float32Array(TERRAIN_FLOATS);
    const untyped = srgb(three, UNTYPED_RGB), types = TERRAIN_TYPES.map((t) => srgb(three, t.rgb));
    for (let v = 0; v < TERRAIN_FLOATS / 3; v++) {
      const vx = Math.round((pos[3 * v]! - bx) / 24), vy = Math.round((pos[3 * v + 1]! - by) / 24);
      const c = w ? types[terrainType(w[Math.min(8, Math.max(0, vx)) * 9 + Math.min(8, Math.max(0, vy))]!)]! : untyped;
      colours[3 * v] = c.r; colours[3 * v + 1] = c.g; colours[3 * v + 2] = c.b;
    }
    g.setAttribute('color', new three.BufferAttribute(colours, 3));
    const mesh = new three.Mesh(g, material);
    out.meshes.push(mesh);
    scene.add(mesh);
    if (w) { out.typedBlocks++; drapeRoads(landblockRoads(w), pos, bx, by, road); }
  }
  if (previewed) out.previewMesh = out.meshes[out.meshes.length - 1]!;
  if (road.length) {
    const g = new three.BufferGeometry();
    g.setAttribute('position', new three.BufferAttribute(new Float32Array(road), 3));
    g.computeVertexNormals();
    out.roads = new three.Mesh(g, new three.MeshLambertMaterial({ color: srgb(three, ROAD_RGB), polygonOffset: true, polygonOffsetFactor: -2, polygonOffsetUnits: -2 }));
    scene.add(out.roads);
    out.roadTriangles = road.length / 9;
  }
  return out;
}

/** Lay a landblock's road polygons (its frame, m) on its terrain triangles (`pos`, scene frame;
 *  the landblock's corner at bx, by): each polygon clipped to the two triangles of its cell, each
 *  piece on its triangle's plane, LIFT_M above it, as a triangle fan appended to `out`. */
function drapeRoads(polys: Polygon[], pos: Float32Array, bx: number, by: number, out: number[]): void {
  const byCell = new Map<number, number[]>(); // cell x·8 + y → its triangles' first vertex
  for (let v = 0; v < pos.length / 3; v += 3) {
    const cx = (pos[3 * v]! + pos[3 * v + 3]! + pos[3 * v + 6]!) / 3 - bx, cy = (pos[3 * v + 1]! + pos[3 * v + 4]! + pos[3 * v + 7]!) / 3 - by;
    const key = Math.floor(cx / 24) * 8 + Math.floor(cy / 24);
    byCell.set(key, [...(byCell.get(key) ?? []), v]);
  }
  for (const p of polys) {
    let mx = 0, my = 0;
    for (let i = 0; i < p.length; i += 2) { mx += p[i]!; my += p[i + 1]!; }
    const key = Math.floor(mx / (p.length / 2) / 24) * 8 + Math.floor(my / (p.length / 2) / 24);
    for (const v of byCell.get(key) ?? []) {
      const t = [0, 1, 2].flatMap((k) => [pos[3 * (v + k)]! - bx, pos[3 * (v + k) + 1]! - by]);
      const piece = clipToTriangle(p, t);
      if (!piece.length) continue;
      // The triangle's plane: z = a + b·x + c·y through its three vertices.
      const [x0, y0, z0] = [t[0]!, t[1]!, pos[3 * v + 2]!], [x1, y1, z1] = [t[2]!, t[3]!, pos[3 * v + 5]!], [x2, y2, z2] = [t[4]!, t[5]!, pos[3 * v + 8]!];
      const det = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
      const b = ((z1 - z0) * (y2 - y0) - (z2 - z0) * (y1 - y0)) / det, c = ((x1 - x0) * (z2 - z0) - (x2 - x0) * (z1 - z0)) / det;
      const z = (x: number, y: number) => z0 + b * (x - x0) + c * (y - y0) + LIFT_M;
      for (let k = 2; k + 3 < piece.length; k += 2) {
        for (const j of [0, k, k + 2]) out.push(bx + piece[j]!, by + piece[j + 1]!, z(piece[j]!, piece[j + 1]!));
      }
    }
  }
}

/** Remove the ground from the scene and free its geometry. */
export function disposeGround(scene: Three.Scene, g: Ground3D | null): void {
  for (const m of [...(g?.meshes ?? []), g?.roads]) { if (!m) continue; scene.remove(m); m.geometry.dispose(); }
}

/** The selected object's cell outlined in the scene (see the file comment). */
export class CellOutline3D {
  private line: Three.LineSegments | null = null;
  private key = '';
  cell = 0;
  segments = 0;

  /** Outline `cell` (redrawn only when the cell or the session changes). */
  update(three: typeof Three, scene: Three.Scene, s: Session, origin: number, cell: number): void {
    const key = `${s.primary.world}/${cell >>> 0}`;
    if (key === this.key) return;
    this.key = key;
    this.dispose(scene);
    this.cell = 0;
    this.segments = 0;
    let g: Three.BufferGeometry | null = null;
    const land = landCellBounds(cell);
    const indoor = land ? null : indoorCellShape(s, cell);
    if (land) {
      const b = s.landblocks().find((l) => l.id >>> 16 === cell >>> 16);
      if (b) {
        const ox = (origin >>> 24) * 192, oy = ((origin >>> 16) & 0xff) * 192, lx = ((cell >>> 24) & 0xff) * 192, ly = ((cell >>> 16) & 0xff) * 192;
        const corner = (x: number, y: number) => new three.Vector3(x - ox, y - oy,
          b.heights[Math.round((x - lx) / 24) * 9 + Math.round((y - ly) / 24)]! + LIFT_M);
        const [x0, y0, x1, y1] = land;
        const c = [corner(x0, y0), corner(x1, y0), corner(x1, y1), corner(x0, y1)];
        g = new three.BufferGeometry().setFromPoints([c[0]!, c[1]!, c[1]!, c[2]!, c[2]!, c[3]!, c[3]!, c[0]!]);
      }
    } else if (indoor) {
      const cellGeometry = new three.BufferGeometry();
      cellGeometry.setAttribute('position', new three.BufferAttribute(indoor.triangles, 3));
      g = new three.EdgesGeometry(cellGeometry, 20);
      cellGeometry.dispose();
    }
    if (!g) return;
    this.line = new three.LineSegments(g, new three.LineBasicMaterial({ color: OUTLINE_COLOUR, depthTest: false, transparent: true }));
    this.line.renderOrder = 10;
    this.line.frustumCulled = false;
    scene.add(this.line);
    this.cell = cell >>> 0;
    this.segments = g.getAttribute('position').count / 2;
  }

  dispose(scene: Three.Scene): void {
    if (!this.line) return;
    scene.remove(this.line);
    this.line.geometry.dispose();
    this.line = null;
  }

  /** Forget the cell (a new session). */
  reset(scene: Three.Scene): void { this.dispose(scene); this.key = ''; }
}
