// The controls: play, one frame, the frame slider, speed, clock profile, plot window, the selected
// object, adding an object or copies, restart, share and download, files (inputs and dropping).
import type { ProfileName } from '../../wasm/scenario.mjs';
import type { Page } from './page';
import { $ } from './dom';
import { addFiles } from './files';
import { advance } from './loop';
import { addObject, spawn } from './adding';
import { saveState } from './savestate';
import { copyNodeTest, download, share } from './sharing';
import { BUNDLED_SCENARIOS, RETAIL_STATES } from './states';

export function wire(app: Page): void {
  $('message-close').addEventListener('click', () => { $('message').hidden = true; });
  $('play').addEventListener('click', () => { app.setPlaying(!app.playing); if (app.playing) app.scrub = null; $('continue').hidden = true; });
  $('continue').addEventListener('click', () => {
    const name = app.story?.name ?? app.storyEnd?.name;
    app.story = app.storyEnd = null;
    $('continue').hidden = true;
    app.setPlaying(true);
    app.msg.status(name ? `Past the end of ${name}.json's story: recording on.` : '');
  });
  $('step').addEventListener('click', () => {
    if (!app.session || app.busy) return;
    app.setPlaying(false);
    advance(app, app.lastStepUs);
    app.plotsDirty = true;
  });
  $<HTMLInputElement>('scrub').addEventListener('input', (e) => {
    const s = app.session;
    if (!s || !s.framesDone) return;
    app.setPlaying(false);
    const v = Number((e.target as HTMLInputElement).value) - 1;
    app.scrub = v >= s.framesDone - 1 ? null : v;
    app.plotsDirty = true;
  });
  $<HTMLSelectElement>('speed').addEventListener('change', (e) => { app.speed = Number((e.target as HTMLSelectElement).value); });
  $<HTMLSelectElement>('window').addEventListener('change', () => { app.plotsDirty = true; app.lastShown = -1; });
  $<HTMLSelectElement>('profile').addEventListener('change', (e) => {
    const s = app.session;
    if (!s) return;
    const p = (e.target as HTMLSelectElement).value as ProfileName;
    void app.rebuild({ ...app.snapshot(), profile: p });
  });
  $<HTMLSelectElement>('selected').addEventListener('change', (e) => {
    const v = (e.target as HTMLSelectElement).value;
    if (v === '') return;
    app.selected = Number(v);
    for (const q of app.quanta) q.setSelected(app.selected);
    app.refit();
    app.plotsDirty = true;
    app.lastShown = -1;
  });
  $<HTMLInputElement>('follow').addEventListener('change', (e) => { app.follow = (e.target as HTMLInputElement).checked; });
  const states = $<HTMLSelectElement>('state');
  RETAIL_STATES.forEach((st, i) => states.add(new Option(`${st.name} (${st.setup ?? 'no setup'}, cell ${st.position.cell})`, String(i))));
  $('add-object').addEventListener('click', () => void addObject(app, Number(states.value), $<HTMLSelectElement>('state-place').value));
  $('goto-go').addEventListener('click', () => { app.goto($<HTMLInputElement>('goto').value); });
  $<HTMLInputElement>('goto').addEventListener('keydown', (e) => { if (e.key === 'Enter') app.goto((e.target as HTMLInputElement).value); });
  $('spawn').addEventListener('click', () => void spawn(app, $<HTMLInputElement>('copies').value));
  $('restart').addEventListener('click', () => void app.restart(false));
  $('default').addEventListener('click', () => void app.restart(true));
  const bundled = $<HTMLSelectElement>('bundled');
  BUNDLED_SCENARIOS.forEach((b, i) => bundled.add(new Option(b.name, String(i))));
  $('open-bundled').addEventListener('click', () => {
    const b = BUNDLED_SCENARIOS[Number(bundled.value)];
    if (!b) return;
    const s = b.scenario();
    void app.openScenario(s, { play: true, source: `${b.name}.json` }, `The bundled scenario ${b.name}.json`).then((r) => {
      if (!r) return;
      app.story = { t: b.end, name: b.name, scenario: r.scenario.name };
      app.storyEnd = { session: r, t: b.end, name: b.name };
      app.frameObjects();
      app.msg.status(`Opened the bundled scenario ${b.name}.json.${app.datsInUse()}`);
    });
  });
  $('share').addEventListener('click', () => void share(app));
  $('download').addEventListener('click', () => void download(app));
  $('copy-test').addEventListener('click', () => void copyNodeTest(app));
  $('save-state').addEventListener('click', () => void saveState(app));
  $<HTMLInputElement>('dat-input').addEventListener('change', (e) => {
    const input = e.target as HTMLInputElement;
    void addFiles(app, [...(input.files ?? [])]).finally(() => { input.value = ''; });
  });
  $<HTMLInputElement>('run-input').addEventListener('change', (e) => {
    const input = e.target as HTMLInputElement;
    void addFiles(app, [...(input.files ?? [])]).finally(() => { input.value = ''; });
  });
  let depth = 0;
  document.addEventListener('dragenter', (e) => { if (e.dataTransfer?.types.includes('Files')) { depth++; $('drop').hidden = false; } });
  document.addEventListener('dragleave', () => { depth = Math.max(0, depth - 1); if (!depth) $('drop').hidden = true; });
  document.addEventListener('dragover', (e) => { e.preventDefault(); });
  document.addEventListener('drop', (e) => {
    e.preventDefault();
    depth = 0;
    $('drop').hidden = true;
    void addFiles(app, [...(e.dataTransfer?.files ?? [])]);
  });
}
