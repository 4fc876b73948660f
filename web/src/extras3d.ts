// Extra things the page's panels show in the 3-D view (web/src/view3d.ts draws them): the replay's
// client reports and acphys's path (replaypanel.ts), the first difference of a compared trace
// (compare.ts). Each panel gives a key and a builder; the layer rebuilds its group only when a
// key, the scene origin or the session changes, so nothing is built per frame.
import type * as Three from 'three';
import type { Session } from './run';

/** One panel's extras: rebuilt when `key` changes. */
export interface Extra3D {
  key: string;
  build: (three: typeof Three, origin: number, s: Session) => Three.Object3D;
}

export class Extras3DLayer {
  private key = '';
  private session: Session | null = null;
  private group: Three.Object3D | null = null;

  /** Show `list` in `scene` (origin: the scene's landblock cell); `host` gets data-extras, the
   *  number of objects shown (for the browser tests). */
  update(three: typeof Three, scene: Three.Scene, origin: number, s: Session, list: Extra3D[], host: HTMLElement): void {
    const key = `${origin}|${list.map((e) => e.key).join('|')}`;
    if (key === this.key && s === this.session) return;
    if (this.group) {
      scene.remove(this.group);
      this.group.traverse((o) => { (o as Three.Mesh).geometry?.dispose(); });
    }
    const g = new three.Group();
    for (const e of list) g.add(e.build(three, origin, s));
    scene.add(g);
    this.group = g;
    this.key = key;
    this.session = s;
    let n = 0;
    g.traverse((o) => { if (o !== g && o.type !== 'Group') n++; });
    host.dataset['extras'] = String(n);
    host.dataset['extrasNames'] = [...new Set(g.children.flatMap((c) => c.children.map((k) => k.name)))].join(',');
  }
}
