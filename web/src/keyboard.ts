// Driving the selected object with the keyboard, as retail's raw input: W/S forward and back,
// A/D turn, Z/C sidestep, Shift to run (HoldKey_Run), Space to jump (charged while held, released
// to jump, extent = seconds held, at most 1). Each change of the held keys becomes a "raw_motion"
// event (through adjust_motion and apply_run_to_command in the core) and each release of Space a
// "jump" event, at the next frame's time, so the scenario replays them.
import type { MotionState, ScenarioEvent } from '../../wasm/scenario.mjs';

/** Retail motion commands (MotionCommand ids). */
export const CMD = {
  Ready: '0x41000003',
  WalkForward: '0x45000005',
  WalkBackwards: '0x45000006',
  TurnRight: '0x6500000D',
  TurnLeft: '0x6500000E',
  SideStepRight: '0x6500000F',
  SideStepLeft: '0x65000010',
} as const;

const DRIVE_CODES = new Set(['KeyW', 'KeyS', 'KeyA', 'KeyD', 'KeyZ', 'KeyC', 'ShiftLeft', 'ShiftRight', 'Space']);
/** Input types that take typed text: the keys type there and do not drive. */
const TEXT_INPUTS = new Set(['text', 'number', 'search', 'url', 'email', 'password', 'tel', 'date', 'time', 'datetime-local', 'month', 'week']);

/** True when `t` is a text field (a text input, a textarea, an editable element): the only place
 *  where the driving keys are not taken (a select, a button, a slider or a checkbox with focus
 *  does not stop them). */
export function isTextField(t: EventTarget | null): boolean {
  if (!(t instanceof HTMLElement)) return false;
  if (t.isContentEditable || t.tagName === 'TEXTAREA') return true;
  return t instanceof HTMLInputElement && TEXT_INPUTS.has(t.type);
}

/** Seconds of holding Space for a full jump. */
export const JUMP_CHARGE_S = 1;

export class Keyboard {
  private readonly held = new Set<string>();
  private changed = false;
  private jumpStart: number | null = null;
  private jumpExtent: number | null = null;
  enabled = true;

  constructor(target: Window) {
    target.addEventListener('keydown', (e) => this.key(e, true));
    target.addEventListener('keyup', (e) => this.key(e, false));
    target.addEventListener('blur', () => {
      if (this.held.size) { this.held.clear(); this.changed = true; }
      this.jumpStart = null;
    });
  }

  private key(e: KeyboardEvent, down: boolean): void {
    if (!this.enabled || !DRIVE_CODES.has(e.code)) return;
    if (isTextField(e.target)) return;
    // Everywhere else the keys drive, a focused select included: its default action (A picking
    // the next option starting with "a") is prevented, so the choice made stays.
    e.preventDefault();
    if (e.code === 'Space') {
      if (down && this.jumpStart === null) this.jumpStart = performance.now();
      if (!down && this.jumpStart !== null) {
        this.jumpExtent = Math.min(1, Math.max(0.05, (performance.now() - this.jumpStart) / 1000 / JUMP_CHARGE_S));
        this.jumpStart = null;
      }
      return;
    }
    const code = e.code.startsWith('Shift') ? 'Shift' : e.code;
    if (down === this.held.has(code)) return; // auto-repeat
    if (down) this.held.add(code); else this.held.delete(code);
    this.changed = true;
  }

  /** The raw motion state of the held keys. */
  rawMotion(): MotionState {
    const h = this.held;
    const fwd = h.has('KeyW') && !h.has('KeyS') ? CMD.WalkForward : h.has('KeyS') && !h.has('KeyW') ? CMD.WalkBackwards : CMD.Ready;
    const m: MotionState = { forward_command: fwd, forward_speed: 1 };
    if (h.has('KeyZ') !== h.has('KeyC')) { m.sidestep_command = h.has('KeyC') ? CMD.SideStepRight : CMD.SideStepLeft; m.sidestep_speed = 1; }
    if (h.has('KeyA') !== h.has('KeyD')) { m.turn_command = h.has('KeyD') ? CMD.TurnRight : CMD.TurnLeft; m.turn_speed = 1; }
    m.hold_run = h.has('Shift');
    return m;
  }

  /** True when something is waiting to become an event. */
  get pending(): boolean { return this.changed || this.jumpExtent !== null; }

  /** The events of what changed since the last call, at time t for object `id`. */
  take(t: number, id: number): ScenarioEvent[] {
    const out: ScenarioEvent[] = [];
    if (this.changed) out.push({ t, object: id, raw_motion: this.rawMotion() });
    if (this.jumpExtent !== null) out.push({ t, object: id, jump: { extent: Math.round(this.jumpExtent * 1000) / 1000 } });
    this.changed = false;
    this.jumpExtent = null;
    return out;
  }

  /** Forget what is held (a new run). */
  reset(): void { this.held.clear(); this.changed = false; this.jumpStart = null; this.jumpExtent = null; }

  /** What is held, for the page ("W Shift"). */
  describe(): string {
    const names: Record<string, string> = { KeyW: 'W', KeyS: 'S', KeyA: 'A', KeyD: 'D', KeyZ: 'Z', KeyC: 'C', Shift: 'Shift' };
    const s = [...this.held].map((k) => names[k] ?? k);
    if (this.jumpStart !== null) s.push('Space (charging)');
    return s.join(' ');
  }
}
