"""The Python binding's tests (python3 -m unittest discover bindings/python/tests).

- conformance: six cases of six groups (conformance/v1/manifest.json) through run_scenario, each
  under its manifest profile, give the golden trace's frame count and closing digest;
- the object API: walk-then-stop driven object by object (World, Object.apply_motion, step), its
  trace digest computed here from Object.state() as docs/SCENARIOS.md's DIGEST says, equals the
  golden's: the ctypes structs and calls carry every bit;
- python3 -m acphys run and bindings/python/example print what `acphys run --quiet` prints;
- errors: each bad argument raises its AcphysError subclass with the library's message naming
  the argument, and the interpreter carries on.
"""
import json
import math
import os
import struct
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import acphys  # noqa: E402

REPO = os.path.abspath(os.path.join(HERE, '..', '..', '..'))
SUITE = os.path.join(REPO, 'conformance', 'v1')


def golden(rel):
    """(frames, digest) of a golden trace: its lines before the closing one, the closing digest."""
    with open(os.path.join(SUITE, rel)) as f:
        lines = f.read().splitlines()
    return len(lines) - 1, int(json.loads(lines[-1])['digest'], 16)


class Fnv:
    def __init__(self):
        self.h = 0xcbf29ce484222325

    def bytes(self, b):
        h = self.h
        for c in b:
            h = ((h ^ c) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
        self.h = h

    def u8(self, v):
        self.bytes(struct.pack('<B', v))

    def u32(self, v):
        self.bytes(struct.pack('<I', v))

    def f32(self, v):
        self.bytes(b'\x00\x00\xc0\x7f' if math.isnan(v) else struct.pack('<f', v))

    def f64(self, v):
        self.bytes(struct.pack('<Q', 0x7FF8000000000000) if math.isnan(v) else struct.pack('<d', v))

    def name(self, s):
        self.bytes(s.encode() + b'\x00')

    def frame(self, world, number, now, objects):
        self.u32(number)
        self.f64(now)
        self.u8(1 if world.info()['gate_passed'] else 0)
        self.u32(len(objects))
        for obj in objects:
            s = obj.state()
            self.u32(s.id)
            self.u8(1 if s.has_elapsed else 0)
            if s.has_elapsed:
                self.f64(s.elapsed)
            self.u32(len(s.quanta))
            for q in s.quanta:
                self.f32(q)
            self.f64(now - s.update_time)
            self.f64(s.update_time)
            self.u8(1 if s.active else 0)
            for v in (s.physics_state, s.transient_state, s.cell):
                self.u32(v)
            for v in list(s.origin) + list(s.orientation) + list(s.velocity):
                self.f32(v)
            self.u32(len(s.hooks))
            for h in s.hook_names:
                self.name(h)
            assert not (s.has_position_manager or s.has_move_to or s.has_fx or s.collisions or s.collision_ends)


class Conformance(unittest.TestCase):
    CASES = ['clock-profiles.ace', 'cadence-60hz', 'falling-creature', 'walk-then-stop', 'crossing-east',
             'two-runners', 'scripts-and-particles']

    def test_six_groups_match_their_goldens(self):
        with open(os.path.join(SUITE, 'manifest.json')) as f:
            cases = {c['trace']: c for c in json.load(f)['cases']}
        groups = set()
        for name in self.CASES:
            case = cases[name]
            groups.add(case['group'])
            result = acphys.run_scenario(os.path.join(SUITE, case['scenario']), case['profile'])
            self.assertEqual((result.frames, result.digest), golden(case['golden']), name)
        self.assertGreaterEqual(len(groups), 5)

    def test_walk_then_stop_object_by_object(self):
        with acphys.World('retail', max_objects=1) as world:
            world.load_records_file(os.path.join(REPO, 'data', 'portal-default.dat'))
            walker = world.create_object(id=1, setup=0x02000001, motion_table=0x09000001, physics_state=0x00400008,
                                         placement='frame', transient_state=3, cell=0xD59A0023,
                                         origin=(100, 60, 330), run_rate=1.0)  # the player's
            world.set_player(walker)
            events = [(0.0, 0x41000003), (0.1, 0x45000005), (1.0, 0x44000007), (2.0, 0x41000003)]
            digest = Fnv()
            for k in range(1, 181):
                now = 0.0 + k / 60.0
                world.set_time(now)
                while events and events[0][0] <= now:
                    walker.apply_motion(style=0x8000003D, forward_command=events.pop(0)[1])
                world.step(now)
                digest.frame(world, k, now, [walker])
        self.assertEqual((180, digest.h), golden('golden/walk-then-stop.jsonl'))

    def test_command_line(self):
        scenario = os.path.join(SUITE, 'scenarios', 'falling-creature.json')
        frames, digest = golden('golden/falling-creature.jsonl')
        want = f'{frames} frames, digest {digest:016x}\n'
        env = dict(os.environ, PYTHONPATH=os.path.dirname(HERE))
        m = subprocess.run([sys.executable, '-m', 'acphys', 'run', scenario], capture_output=True, text=True, env=env)
        self.assertEqual((m.returncode, m.stdout), (0, want), m.stderr)
        ex = subprocess.run([os.path.join(os.path.dirname(HERE), 'example'), scenario], capture_output=True, text=True)
        self.assertEqual((ex.returncode, ex.stdout), (0, want), ex.stderr)
        bad = subprocess.run([sys.executable, '-m', 'acphys', 'run', '/nonexistent.json'], capture_output=True,
                             text=True, env=env)
        self.assertEqual(bad.returncode, 1)
        self.assertIn('acphys: acp_run_scenario_file: path: cannot read the scenario "/nonexistent.json"', bad.stderr)


class Snapshots(unittest.TestCase):
    """World.snapshot / restore and export_object / import_object (API 1.1): walk-then-stop stopped
    after frame 60 and carried on in another world gives the golden trace's digest over all 180
    frames (frames 1-60 hashed from the first world, 61-180 from the second)."""
    EVENTS = [(0.0, 0x41000003), (0.1, 0x45000005), (1.0, 0x44000007), (2.0, 0x41000003)]

    def world(self):
        w = acphys.World('retail', max_objects=1)
        w.load_records_file(os.path.join(REPO, 'data', 'portal-default.dat'))
        return w

    def walker(self, world):
        return world.create_object(id=1, setup=0x02000001, motion_table=0x09000001, physics_state=0x00400008,
                                   placement='frame', transient_state=3, cell=0xD59A0023, origin=(100, 60, 330),
                                   run_rate=1.0)

    def frames(self, world, walker, events, digest, first, last, beside=None):
        for k in range(first, last + 1):
            now = k / 60.0
            world.set_time(now)
            while events and events[0][0] <= now:
                walker.apply_motion(style=0x8000003D, forward_command=events.pop(0)[1])
            world.step(now)
            if beside is not None:
                beside.set_time(now)
                beside.step(now)
            digest.frame(world, k, now, [walker])

    def test_restored_world_goes_on_as_the_golden(self):
        events, digest = list(self.EVENTS), Fnv()
        with self.world() as first, self.world() as second:
            walker = self.walker(first)
            first.set_player(walker)
            self.frames(first, walker, events, digest, 1, 60)
            data = first.snapshot()
            self.assertIsInstance(data, bytes)
            self.assertEqual(data[:8], b'ACPSNAP\x00')
            second.restore(data)
            self.assertEqual(second.snapshot(), data)  # the restored world's own snapshot: the same bytes
            self.frames(second, second.object(1), events, digest, 61, 180)
        self.assertEqual((180, digest.h), golden('golden/walk-then-stop.jsonl'))

    def test_exported_object_goes_on_in_the_other_world(self):
        events, digest = list(self.EVENTS), Fnv()
        with self.world() as west, self.world() as east:
            walker = self.walker(west)
            west.set_player(walker)
            east.finish_records()
            self.frames(west, walker, events, digest, 1, 60, beside=east)
            data = west.export_object(walker)
            self.assertFalse(walker.exists)
            moved = east.import_object(data)
            self.assertEqual(moved.id, 1)
            east.set_player(moved)  # the player slot does not travel
            self.frames(east, moved, events, digest, 61, 180)
        self.assertEqual((180, digest.h), golden('golden/walk-then-stop.jsonl'))

    def test_damaged_snapshots_raise_with_offset_and_field(self):
        with self.world() as first:
            walker = self.walker(first)
            self.frames(first, walker, list(self.EVENTS), Fnv(), 1, 10)
            data = first.snapshot()
            with self.world() as second:
                with self.assertRaises(acphys.ArgumentError) as e:
                    second.restore(data[:20])
                self.assertRegex(str(e.exception), r'^acp_world_restore: offset 16, records_digest: .*truncated$')
                flipped = bytearray(data)
                flipped[100] ^= 1
                with self.assertRaises(acphys.ArgumentError) as e:
                    second.restore(flipped)
                self.assertIn(f'offset {len(data) - 8}, checksum: ', str(e.exception))
                with self.assertRaises(acphys.ArgumentError) as e:
                    second.import_object(b'not a snapshot at all, not at all')
                self.assertRegex(str(e.exception), r'offset 0, ')
                second.restore(data)  # a refused restore left the world as it was
                with self.assertRaises(acphys.StateError):
                    second.restore(data)  # it has objects now
            with acphys.World('retail', max_objects=1) as other:
                other.load_default_records()
                with self.assertRaises(acphys.RecordsError):
                    other.restore(data)
            with self.assertRaises(acphys.ArgumentError):
                first.restore(None)


class Errors(unittest.TestCase):
    def test_version(self):
        self.assertEqual(acphys.api_version(), '1.1.0')
        self.assertRegex(acphys.build_digest(), '^[0-9a-f]{16}$')

    def test_bad_arguments_raise_with_the_message(self):
        with acphys.World() as world:
            world.load_default_records()
            with self.assertRaises(acphys.ArgumentError) as e:
                world.set_peer_rules(0x20)
            self.assertIn('acp_world_set_peer_rules: rules: 0x20 has bits that are no comparison mode', str(e.exception))
            world.set_peer_rules(acphys.PEER_ACE_MAX_QUANTUM | acphys.PEER_ACE_SLED_FRICTION)
            world.set_peer_rules(0)
            world.finish_records()
            with self.assertRaises(acphys.StateError):
                world.load_default_records()
            with self.assertRaises(acphys.ArgumentError) as e:
                world.create_object(id=1, cell=0xA9B40017, origin=(84, 156, 60), scale=-1)
            self.assertIn('def->scale: expected a positive finite number, got -1', str(e.exception))
            self.assertEqual(e.exception.status_name, 'ACP_ERR_ARGUMENT')
            with self.assertRaises(acphys.ArgumentError) as e:
                world.create_object(id=1, cell=0xA9B40017, origin=(84, 156, 60), orientation=(2, 0, 0, 0))
            self.assertIn('not a unit quaternion', str(e.exception))
            with self.assertRaises(acphys.ArgumentError):
                world.create_object(id=1, cell=0xA9B40017, origin=(84, 156))
            with self.assertRaises(acphys.RecordsError) as e:
                world.create_object(id=1, cell=0xA9B40017, origin=(84, 156, 60), setup=0x0200FFFF)
            self.assertIn('no Setup 0x0200FFFF', str(e.exception))
            rock = world.create_object(id=2, cell=0xA9B40017, origin=(84, 156, 60))
            with self.assertRaises(acphys.ObjectExistsError):
                world.create_object(id=2, cell=0xA9B40017, origin=(84, 156, 60))
            with self.assertRaises(acphys.NoMotionTableError):
                rock.apply_motion(forward_command=0x45000005)
            with self.assertRaises(acphys.ArgumentError) as e:
                world.step(float('nan'))
            self.assertIn('acp_world_step: now: nan', str(e.exception))
            with self.assertRaises(acphys.StateError):
                world.load_default_records()
            with self.assertRaises(acphys.StateError) as e:
                world.set_peer_rules(1)
            self.assertIn('the world has objects or has run', str(e.exception))
            with self.assertRaises(acphys.ObjectNotFoundError):
                world.object(99)
            rock.destroy()
            self.assertFalse(rock.exists)
            with self.assertRaises(acphys.ObjectNotFoundError) as e:
                rock.state()
            self.assertIn('no object 0x00000002', str(e.exception))
            with self.assertRaises(acphys.AcphysIOError):
                acphys.World().load_records_file('/nonexistent.dat')
        with self.assertRaises(acphys.WorldError):
            world.step(1.0)
        with self.assertRaises(acphys.ArgumentError):
            acphys.World(profile='nope')
        with self.assertRaises(acphys.ArgumentError):
            acphys.World(max_objects=0)
        with self.assertRaises(acphys.ScenarioError) as e:
            acphys.run_scenario_json('{"version": 1}')
        self.assertIn('json: ', str(e.exception))
        with self.assertRaises(OSError):
            acphys.run_scenario('/nonexistent.json')

    def test_none_and_wrong_types_raise_argument_errors_naming_the_argument(self):
        with acphys.World() as world:
            for call, name in ((lambda: world.load_records_file(None), 'path'),
                               (lambda: world.load_records(None), 'data'),
                               (lambda: world.step(None), 'now'),
                               (lambda: world.step('1.0'), 'now'),
                               (lambda: world.set_time(None), 'now'),
                               (lambda: acphys.run_scenario(None), 'path'),
                               (lambda: acphys.run_scenario_json(None), 'text'),
                               (lambda: acphys.run_scenario_json('{}', base_dir=1), 'base_dir'),
                               (lambda: acphys.World(max_objects=None), 'max_objects'),
                               (lambda: world.create_object(id=1, cell=0xA9B40017, origin=(84, 156, 60),
                                                            scale=None), 'scale')):
                with self.assertRaises(acphys.ArgumentError) as e:
                    call()
                self.assertTrue(str(e.exception).startswith(name + ': '), str(e.exception))
            world.load_default_records()
            rock = world.create_object(id=2, cell=0xA9B40017, origin=(84, 156, 60))
            for call, name in ((lambda: rock.jump(None), 'extent'),
                               (lambda: rock.play_script_type(1, mod=None), 'mod'),
                               (lambda: rock.constrain_to(0xA9B40017, (84, 156, 60), None, 1.0), 'start_distance'),
                               (lambda: rock.move_to(type=None), 'type'),
                               (lambda: rock.move_to(cell=0xA9B40017, origin=(84, 150, 60), speed=None), 'speed'),
                               (lambda: rock.apply_motion(forward_speed='fast'), 'forward_speed')):
                with self.assertRaises(acphys.ArgumentError) as e:
                    call()
                self.assertTrue(str(e.exception).startswith(name + ': '), str(e.exception))

    def test_reports_of_bounce_clamped_drudge(self):
        """tests/c/test_api.c test_env_reports through the binding: the drudge of bounce-clamped
        meets the ground at frames 12 and 31 of 60 Hz (its golden's env_collisions); no shadow drops."""
        with acphys.World('retail', 1) as world:
            world.load_default_records()
            drudge = world.create_object(id=1, setup=0x020007DD, motion_table=0x09000008, physics_state=0x408,
                                         friction=1.5, elasticity=0.5, placement='frame', transient_state=0,
                                         cell=0xC19A0032, origin=(148.3582, 26.67754, 38.5),
                                         orientation=(-0.996418, 0.0, 0.0, -0.084562), velocity=(1.5, 0.0, -7.366))
            world.set_time(0.0)
            drudge.apply_motion()
            landed, dropped_max = [], 0
            for k in range(41):
                world.step(k / 60.0)
                r = drudge.reports()
                self.assertIsInstance(r, acphys.Reports)
                if r.env_collisions:
                    landed.append(k)
                dropped_max = max(dropped_max, r.cells_dropped)
            self.assertEqual(landed, [12, 31])
            self.assertEqual(dropped_max, 0)
            with self.assertRaises(acphys.ObjectNotFoundError) as e:
                acphys.Object(world, 9).reports()
            self.assertIn('acp_object_get_reports: object_id', str(e.exception))
        with self.assertRaises(acphys.WorldError):
            drudge.reports()

    def test_events_and_state(self):
        with acphys.World('retail', 4) as world:
            world.load_default_records()
            human = world.create_object(id=0x50000001, setup=0x02000001, cell=0xA9B40017, origin=(84, 156, 60))
            drudge = world.create_object(id=0x50000002, cell=0xA9B40017, origin=(90, 156, 60))
            world.set_player(human)
            s = human.state()
            self.assertTrue(s.has_cell and s.contact and s.on_walkable and s.has_motion_table)
            self.assertEqual(s.physics_state, 0x00400C08)
            human.apply_motion(forward_command=0x45000005)
            human.apply_raw_motion(forward_command=0x45000005, hold_run=True)
            self.assertIsInstance(human.jump(0.5), int)
            human.move_to('move_to_position', cell=0xA9B40017, origin=(88, 150, 60), speed=1.0, run_rate=1.0)
            human.move_to('turn_to_object', target=0x7777, fallback_heading=90)  # unknown target, fallback
            with self.assertRaises(acphys.ArgumentError) as e:
                human.move_to('move_to_object', target=human.id)
            self.assertIn('an object cannot move to itself', str(e.exception))
            human.apply_motion(forward_command=0x45000005, sticky_object=drudge.id)
            human.unstick()
            with self.assertRaises(acphys.ArgumentError) as e:
                drudge.server_position(0xA9B40017, (91, 156, 60), keep_heading=True)
            self.assertIn('sp->keep_heading: the player only', str(e.exception))
            human.server_position(0xA9B40017, (84, 156, 60), position_timestamp=3, force_position_timestamp=0)
            drudge.set_velocity((100, 0, 0))
            self.assertEqual(drudge.state().velocity[0], 50.0)  # set_velocity clamps to 50 m/s
            drudge.set_omega((0, 0, 1.5))
            drudge.server_position(0xA9B40017, (91, 156, 60), velocity=(0, 1, 0), teleport_timestamp=1)
            drudge.stick_to(human.id)
            drudge.unstick()
            quarrel = world.create_object(id=0x50000003, setup=0x0200012A, cell=0xA9B40017, origin=(95, 156, 60))
            before = human.state().origin
            quarrel.set_parent(human.id, part=16, origin=(0.25, 0.1, 1.1))
            held = quarrel.state().origin
            f32 = lambda x: struct.unpack('<f', struct.pack('<f', x))[0]  # noqa: E731
            self.assertEqual(held[0], f32(before[0] + 0.25))  # identity rotation: the origins add, a float sum
            with self.assertRaises(acphys.ArgumentError) as e:
                human.set_parent(quarrel.id)
            self.assertIn('parent_id', str(e.exception))
            with self.assertRaises(acphys.ArgumentError) as e:
                quarrel.set_parent(human.id, location=1)
            self.assertIn('has no holding location 1', str(e.exception))
            quarrel.unset_parent()
            drudge.constrain_to(0xA9B40017, (91, 156, 60), 0.5, 1.0)
            drudge.unconstrain()
            drudge.play_script(0x3300FFFF)
            drudge.play_script_type(1, 1.0)
            for k in range(1, 31):
                world.step(k / 30)
            info = world.info()
            self.assertEqual(info['num_objects'], 3)
            self.assertTrue(info['has_terrain'])
            self.assertEqual(world.object(0x50000001).state().id, 0x50000001)


if __name__ == '__main__':
    unittest.main()
