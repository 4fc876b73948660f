// The source tree keeps its shape (src/physics/README.md): headers include only their own or
// lower folders, source files go upward only along the calls retail itself makes upward, no
// file grows past ~900 lines unless it is one retail class, and the physics never includes cglm.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { check, LAYERS, UPWARD_CALLS } from '../../scripts/layout.mjs';

describe('source layout (scripts/layout.mjs)', () => {
  it('has no include against the layering, no overlong file, no cglm in the physics', () => {
    const { problems, files } = check();
    assert.ok(files > 100, `${files} files read`);
    assert.deepEqual(problems, []);
  });

  it('every upward edge it allows is one the code uses (a stale allowance would hide nothing)', () => {
    const { edges } = check();
    for (const [from, to] of UPWARD_CALLS) assert.ok(edges.has(`${from}>${to}`), `${from} -> ${to} is allowed but unused`);
  });

  it('finds a header that includes upward, an unlisted upward source include, a long file and cglm', () => {
    const texts = {
      'src/physics/geometry/frame.h': '#include "physics/object/physobj.h"\n',
      'src/physics/shapes/sphere.c': '#include "physics/cell/landcell.h"\n',
      'src/physics/anim/sequence.c': '#include "physics/object/physobj.h"\n' + 'x\n'.repeat(901),
      'src/physics/world/physics.c': '#include <cglm/cglm.h>\n',
    };
    const { problems } = check({ files: Object.keys(texts), read: (f) => texts[f] });
    assert.equal(problems.length, 4, problems.join('\n'));
    assert.match(problems[0], /frame\.h:1: a header includes the higher folder physics\/object/);
    assert.match(problems[1], /sphere\.c:1: physics\/shapes includes the higher folder physics\/cell/);
    assert.match(problems[2], /sequence\.c: 902 lines/);
    assert.match(problems[3], /physics\.c:1: the physics must not include cglm/);
  });

  it('the physics folders are retail\'s, lowest first', () => {
    assert.deepEqual(LAYERS.filter((l) => l.startsWith('physics/')),
      ['physics/geometry', 'physics/anim', 'physics/position', 'physics/object', 'physics/world', 'physics/shapes', 'physics/cell']);
  });
});
