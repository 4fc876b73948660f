// Small helpers of the 3-D view (web/src/view3d.ts): its state (Scene3D), WebGL present, a cell
// id's kind and text, a material tint.
import type * as Three from 'three';

import type { Session } from './run';
import type { Extras3DLayer } from './extras3d';
import type { Extras, View3DOptions } from './view3dextra';
import type { CellOutline3D, Ground3D } from './view3dterrain';

/** Whether this browser gives a WebGL context at all (checked before loading three.js). */
export function hasWebGL(): boolean {
  try {
    const c = document.createElement('canvas');
    return !!(c.getContext('webgl2') ?? c.getContext('webgl'));
  } catch {
    return false;
  }
}

/** The colour that, multiplied with `base`, gives `want` (per channel, in linear light). */
export function tint(three: typeof Three, want: number, base: number): Three.Color {
  const a = new three.Color(want), b = new three.Color(base);
  return new three.Color(b.r ? a.r / b.r : 0, b.g ? a.g / b.g : 0, b.b ? a.b / b.b : 0);
}

/** Whether a cell id is an indoor cell (an EnvCell: low word 0x0100 and up; the land cells
 *  are 0x0001-0x0040). */
export function isIndoorCell(cell: number): boolean { return (cell & 0xffff) >= 0x100; }

export const hex = (c: number): string => `0x${(c >>> 0).toString(16).toUpperCase().padStart(8, '0')}`;

/** The running 3-D view's state (web/src/view3d.ts). */
export interface Scene3D {
  three: typeof Three;
  renderer: Three.WebGLRenderer;
  scene: Three.Scene;
  camera: Three.PerspectiveCamera;
  session: Session | null;
  /** The session's objects when built ("n/waiting": an object added or entering rebuilds). */
  built: string;
  frame: number;
  origin: number;
  parts: Three.InstancedMesh | null;
  spheres: Three.InstancedMesh | null;
  particles: Three.Points | null;
  terrain: Three.Mesh[];
  /** The buildings' and the indoor cells' meshes (the records do not change within a session). */
  structures: Three.Mesh[];
  structureVertices: { buildings: number; cells: number };
  scratch: number;
  scratchFloats: number;
  /** The page's selected object (an index into the session's objects). */
  selected: () => number;
  /** Per object, its first instance and instance count in `parts` and `spheres` this frame. */
  ranges: { partStart: Int32Array; partCount: Int32Array; sphereStart: Int32Array; sphereCount: Int32Array };
  /** The camera target (scene frame, m), which object it follows, whether it is set. */
  target: Three.Vector3;
  following: number;
  aimed: boolean;
  zoom: number;
  lastTs: number | null;
  /** The buildings' mesh (for the occlusion ray) and their and the cells' materials. */
  building: Three.Mesh | null;
  buildingMaterial: Three.MeshLambertMaterial;
  cellMaterial: Three.MeshBasicMaterial;
  /** Keeps z <= constant: the cut-away above the target (far away when not cutting). */
  cut: Three.Plane;
  cutaway: boolean;
  raycaster: Three.Raycaster;
  caption: HTMLElement;
  host: HTMLElement;
  coloured: { frame: number; selected: number };
  /** The instance colour that turns the spheres' cream into SELECTED_SPHERE_COLOUR (both are
   *  multiplied in linear light). */
  selectedTint: Three.Color;
  /** Scratch vectors for the camera (no allocation per frame). */
  look: Three.Vector3;
  ray: Three.Vector3;
  /** The scenery's collision shapes, the parts drawn from their GfxObjs' polygons, the
   *  inspector's sweep (web/src/view3dextra.ts); what the page tells the view. */
  extras: Extras | null;
  options: View3DOptions;
  /** The panels' extras (web/src/extras3d.ts: the replay's reports, a compared trace's first
   *  difference), from options.panels. */
  panels: Extras3DLayer;
  /** The ground: terrain coloured by type, its roads (web/src/view3dterrain.ts); and the
   *  selected object's cell outline. */
  ground: Ground3D | null;
  outline: CellOutline3D;
}

