// What the page's modules see of it: the run's state (the session, the views, the clock, what is
// selected) and the actions they may ask for. app.ts's App implements it and wires the modules
// (controls.ts, loop.ts, views.ts, files.ts, sharing.ts, adding.ts, testhook.ts) with itself;
// the modules import only this interface, never app.ts, so the page's imports run one way
// (scripts/check-modules.mjs fails the build on an import cycle).
import type { Acphys } from '../../wasm/acphys.mjs';
import type { Scenario } from '../../wasm/scenario.mjs';
import type { UserDat } from './dat';
import type { InspectRecord, Inspector } from './inspector';
import type { Keyboard } from './keyboard';
import type { RunFile } from './link';
import type { GotoPlace } from './location';
import type { MapView } from './map';
import type { Perf } from './perf';
import type { PreviewBlock } from './preview';
import type { QuantaPlot, SeriesPlots } from './plots';
import type { Session, SessionOptions } from './run';
import type { StatusLine } from './status';

/** Options of a rebuild (app.ts App.rebuild). */
export interface RebuildOptions { play?: boolean; compare?: boolean; source?: string; resume?: SessionOptions['resume'] }

/** A kind of file a panel opens itself (main.ts: a capture, a port's trace), asked before DATs. */
export interface FileHandler { claims: (f: File) => Promise<boolean>; open: (f: File) => Promise<void> }

export interface Page {
  readonly acp: Acphys;
  readonly msg: StatusLine;
  session: Session | null;
  map: MapView;
  quanta: QuantaPlot[];
  series: SeriesPlots | null;
  keyboard: Keyboard;
  perf: Perf;
  playing: boolean;
  busy: boolean;
  sceneUs: number;
  lastStepUs: number;
  prevTs: number | null;
  lastRaf: number | null;
  settling: boolean;
  readyAt: number;
  clockStart: { ts: number; readyAt: number } | null;
  statusDue: number;
  stallNext: number;
  stallSettle: number;
  replayPauseMs: number;
  speed: number;
  scrub: number | null;
  selected: number;
  follow: boolean;
  plotDue: number;
  plotsDirty: boolean;
  lastShown: number;
  plotJobs: (() => void)[];
  readonly dats: Map<string, UserDat>;
  /** The DAT bytes an opened conformance case brings (compare.ts through main.ts). */
  caseDats: Map<string, Uint8Array>;
  readonly fileHandlers: FileHandler[];
  lastExcerpts: Map<string, Uint8Array>;
  pendingRun: { run: RunFile; source: string } | null;
  verdict: { run: RunFile; text: string; identical: boolean } | null;
  readonly inspector: Inspector;
  cancelReplay: boolean;
  storyEnd: { session: Session; t: number; name: string } | null;
  story: { t: number; name: string; scenario: string | undefined } | null;
  place: GotoPlace | null;
  /** The Go to place's landblock read from a user's DAT for the map and the 3-D view, not in the
   *  run (web/src/preview.ts), or null. */
  preview: PreviewBlock | null;
  /** The 3-D view looks at the Go to place (gotoplace.ts placeInView) until an object is followed. */
  placeFocus: boolean;
  shownFrame: { idx: number; done: number; scrub: boolean };

  rebuild(s: Scenario, opts?: RebuildOptions): Promise<Session | null>;
  openScenario(s: Scenario, opts: { play?: boolean; source?: string }, what: string): Promise<Session | null>;
  snapshot(): Scenario;
  setPlaying(on: boolean): void;
  refit(): void;
  frameObjects(): void;
  /** Objects were added to the running session (adding.ts): its plots and object list again. */
  objectsAdded(): void;
  datsInUse(): string;
  restart(toDefault: boolean): Promise<void>;
  inspect(frame?: number): Promise<InspectRecord | null>;
  goto(text: string): Promise<GotoPlace | null>;
}
