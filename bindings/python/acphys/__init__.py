"""acphys: the Asheron's Call retail client's physics (CPhysicsObj::update_object), bit-exact,
from Python, through the C API (include/acphys.h) of libacphys.so with ctypes.

    import acphys
    with acphys.World(profile='retail', max_objects=100) as world:
        world.load_default_records()
        human = world.create_object(id=0x50000001, setup=0x02000001,
                                    cell=0xA9B40017, origin=(84, 156, 60))
        human.apply_motion(forward_command=0x45000005)      # WalkForward
        for k in range(1, 31):
            world.step(k / 30)
        print(human.state().origin)

Units: metres, seconds, m/s, rad/s; a position is a cell id 0xXXYYCCCC and an origin in the
cell's landblock frame; quaternions (w, x, y, z). Every failure raises an AcphysError subclass
carrying the library's message (which names the argument); nothing crashes the interpreter.
A World may be used by one thread at a time.
"""
import collections
import ctypes as _C
import os

from . import _ffi

__all__ = ['World', 'Object', 'ObjectState', 'Reports', 'ScenarioResult', 'run_scenario', 'run_scenario_json',
           'api_version', 'library_version', 'build_digest', 'hook_name', 'AcphysError', 'ArgumentError',
           'WorldError', 'ObjectNotFoundError', 'ObjectExistsError', 'FullError', 'RecordsError',
           'StateError', 'NoMotionTableError', 'AcphysIOError', 'ScenarioError', 'PROFILES']

PROFILES = {'retail': 0, 'acdream-r6': 1, 'ace': 2, 'render-frame': 3}
PLACEMENTS = {'set_position': 0, 'frame': 1}
MOVE_TYPES = {'move_to_object': 6, 'move_to_position': 7, 'turn_to_object': 8, 'turn_to_heading': 9}


# ---- errors ----

# Comparison modes (acp_world_set_peer_rules): other programs' readings, not retail.
PEER_ACE_MAX_QUANTUM = 1
PEER_ACE_SLED_FRICTION = 2


class AcphysError(Exception):
    """A call the library refused. `status` is the acp_status number, `status_name` its name."""

    def __init__(self, status, message):
        super().__init__(message)
        self.status = status
        self.status_name = _ffi.lib().acp_status_name(status).decode()


class ArgumentError(AcphysError, ValueError):
    """ACP_ERR_NULL, ACP_ERR_ARGUMENT: an argument out of range, not finite, or missing."""


class WorldError(AcphysError):
    """ACP_ERR_WORLD: the world was destroyed."""


class ObjectNotFoundError(AcphysError, LookupError):
    """ACP_ERR_OBJECT: no object with that id in the world."""


class ObjectExistsError(AcphysError):
    """ACP_ERR_EXISTS: the id is taken."""


class FullError(AcphysError):
    """ACP_ERR_FULL: the world holds max_objects, or every world slot is taken."""


class RecordsError(AcphysError):
    """ACP_ERR_RECORDS: DAT bytes that do not read, or a record the world lacks."""


class StateError(AcphysError):
    """ACP_ERR_STATE: not now (records after the first object)."""


class NoMotionTableError(AcphysError):
    """ACP_ERR_NO_MOTION: the call needs an object with a motion table."""


class AcphysIOError(AcphysError, OSError):
    """ACP_ERR_IO: a file could not be read."""


class ScenarioError(AcphysError):
    """ACP_ERR_SCENARIO: a scenario that does not parse, validate or run."""


_ERRORS = {1: ArgumentError, 2: ArgumentError, 3: WorldError, 4: ObjectNotFoundError, 5: ObjectExistsError,
           6: FullError, 7: RecordsError, 8: StateError, 9: NoMotionTableError, 10: AcphysIOError,
           11: ScenarioError, 12: AcphysError}


def _check(status):
    if status != 0:
        message = _ffi.lib().acp_error_message().decode('utf-8', 'replace')
        raise _ERRORS.get(status, AcphysError)(status, message)


def _u32(name, value):
    if not isinstance(value, int) or not 0 <= value <= 0xFFFFFFFF:
        raise ArgumentError(2, f'{name}: expected an integer 0..0xFFFFFFFF, got {value!r}')
    return value


def _profile(profile):
    if isinstance(profile, str):
        if profile not in PROFILES:
            raise ArgumentError(2, f'profile: unknown profile {profile!r} (known: {", ".join(PROFILES)})')
        return PROFILES[profile]
    return profile


def _float(name, value):
    if isinstance(value, (str, bytes, bool)) or value is None:
        raise ArgumentError(2, f'{name}: expected a number, got {value!r}')
    try:
        return float(value)
    except (TypeError, ValueError):
        raise ArgumentError(2, f'{name}: expected a number, got {value!r}') from None


def _bytes(name, value):
    if not isinstance(value, (bytes, bytearray, memoryview)):
        raise ArgumentError(2, f'{name}: expected bytes, got {type(value).__name__}')
    return bytes(value)


def _path(name, value):
    if isinstance(value, bytes):
        return value
    if not isinstance(value, (str, os.PathLike)):
        raise ArgumentError(2, f'{name}: expected a path (str or os.PathLike), got {value!r}')
    return os.fsencode(value)


def _floats(name, values, n):
    try:
        values = [float(v) for v in values]
    except (TypeError, ValueError):
        raise ArgumentError(2, f'{name}: expected {n} numbers, got {values!r}') from None
    if len(values) != n:
        raise ArgumentError(2, f'{name}: expected {n} numbers, got {len(values)}')
    return (_C.c_float * n)(*values)


def _pose(cell, origin, orientation=(1, 0, 0, 0)):
    p = _ffi.Pose()
    p.cell = _u32('cell', cell)
    p.origin = _floats('origin', origin, 3)
    p.orientation = _floats('orientation', orientation, 4)
    return p


# ---- versions ----

def api_version():
    """The loaded library's API version ("1.1.0")."""
    return _ffi.lib().acp_api_version().decode()


def library_version():
    return _ffi.lib().acp_library_version().decode()


def build_digest():
    """16 hex digits naming the library's sources and flags."""
    return _ffi.lib().acp_build_digest().decode()


def hook_name(hook_type):
    return _ffi.lib().acp_hook_name(hook_type).decode()


# ---- objects ----

class ObjectState:
    """An object after the last step (acp_object_state): plain Python values."""

    __slots__ = [name for name, _ in _ffi.ObjectState._fields_]

    def __init__(self, raw):
        for name, _ in _ffi.ObjectState._fields_:
            value = getattr(raw, name)
            if isinstance(value, _C.Array):
                value = list(value)
            setattr(self, name, value)
        self.quanta = self.quanta[:self.num_quanta]
        self.hooks = self.hooks[:self.num_hooks]
        self.collisions = self.collisions[:self.num_collisions]
        self.collision_ends = self.collision_ends[:self.num_collision_ends]
        self.scripts = self.scripts[:self.num_scripts]

    @property
    def hook_names(self):
        return [hook_name(h) for h in self.hooks]

    def __repr__(self):
        return (f'ObjectState(id=0x{self.id:08X}, cell=0x{self.cell:08X}, origin={self.origin}, '
                f'velocity={self.velocity}, contact={self.contact})')


Reports = collections.namedtuple('Reports', 'env_collisions cells_dropped')
Reports.__doc__ = 'An object\'s last-step environment reports and shadow drops (Object.reports()).'


class Object:
    """An object of a World, named by its AC object id. Methods are the server's messages."""

    def __init__(self, world, object_id):
        self.world = world
        self.id = object_id

    def __repr__(self):
        return f'Object(0x{self.id:08X})'

    @property
    def exists(self):
        return self.world.alive and bool(_ffi.lib().acp_object_exists(self.world._id, self.id))

    def _motion(self, style, forward_command, forward_speed, sidestep_command, sidestep_speed, turn_command,
                turn_speed, hold_run, sticky_object=0, standing_longjump=False):
        m = _ffi.lib().acp_default_motion()
        m.sticky_object = _u32('sticky_object', sticky_object)
        m.standing_longjump = bool(standing_longjump)
        for name, value in (('style', style), ('forward_command', forward_command),
                            ('sidestep_command', sidestep_command), ('turn_command', turn_command)):
            if value is not None:
                setattr(m, name, _u32(name, value))
        for name, value in (('forward_speed', forward_speed), ('sidestep_speed', sidestep_speed),
                            ('turn_speed', turn_speed)):
            if value is not None:
                setattr(m, name, _float(name, value))
        m.hold_run = bool(hold_run)
        return m

    def apply_motion(self, style=None, forward_command=None, forward_speed=None, sidestep_command=None,
                     sidestep_speed=None, turn_command=None, turn_speed=None, sticky_object=0,
                     standing_longjump=False):
        """An interpreted motion state (as the server sends it); absent fields take retail's defaults."""
        m = self._motion(style, forward_command, forward_speed, sidestep_command, sidestep_speed, turn_command,
                         turn_speed, False, sticky_object, standing_longjump)
        _check(_ffi.lib().acp_object_apply_motion(self.world._id, self.id, _C.byref(m)))

    def apply_raw_motion(self, forward_command=None, forward_speed=None, sidestep_command=None,
                         sidestep_speed=None, turn_command=None, turn_speed=None, hold_run=False):
        """A raw motion state (as the keyboard makes it)."""
        m = self._motion(None, forward_command, forward_speed, sidestep_command, sidestep_speed, turn_command,
                         turn_speed, hold_run)
        _check(_ffi.lib().acp_object_apply_raw_motion(self.world._id, self.id, _C.byref(m)))

    def jump(self, extent):
        """Jump (extent 0..1); returns retail's WeenieError (0: it jumped)."""
        err = _C.c_uint32(0)
        _check(_ffi.lib().acp_object_jump(self.world._id, self.id, _float('extent', extent), _C.byref(err)))
        return err.value

    def set_velocity(self, velocity):
        _check(_ffi.lib().acp_object_set_velocity(self.world._id, self.id, _floats('velocity', velocity, 3)))

    def set_omega(self, omega):
        _check(_ffi.lib().acp_object_set_omega(self.world._id, self.id, _floats('omega', omega, 3)))

    def server_position(self, cell, origin, orientation=(1, 0, 0, 0), contact=True, velocity=None,
                        teleport_timestamp=None, position_timestamp=None, force_position_timestamp=None,
                        use_position_from_server=False, keep_heading=False):
        """An UpdatePosition (SmartBox::HandleReceivedPosition). Absent stamps: the position stamp
        one newer than the object's, the others its own; the last three are the player's only."""
        sp = _ffi.ServerPosition()
        sp.pose = _pose(cell, origin, orientation)
        sp.contact = bool(contact)
        if velocity is not None:
            sp.has_velocity = True
            sp.velocity = _floats('velocity', velocity, 3)
        if teleport_timestamp is not None:
            if not isinstance(teleport_timestamp, int) or not 0 <= teleport_timestamp <= 0xFFFF:
                raise ArgumentError(2, f'teleport_timestamp: expected 0..65535, got {teleport_timestamp!r}')
            sp.has_teleport_timestamp = True
            sp.teleport_timestamp = teleport_timestamp
        for name, value in (('position_timestamp', position_timestamp),
                            ('force_position_timestamp', force_position_timestamp)):
            if value is not None:
                if not isinstance(value, int) or not 0 <= value <= 0xFFFF:
                    raise ArgumentError(2, f'{name}: expected 0..65535, got {value!r}')
                setattr(sp, 'has_' + name, True)
                setattr(sp, name, value)
        sp.use_position_from_server = bool(use_position_from_server)
        sp.keep_heading = bool(keep_heading)
        _check(_ffi.lib().acp_object_server_position(self.world._id, self.id, _C.byref(sp)))

    def stick_to(self, target_id):
        _check(_ffi.lib().acp_object_stick_to(self.world._id, self.id, _u32('target_id', target_id)))

    def unstick(self):
        _check(_ffi.lib().acp_object_unstick(self.world._id, self.id))

    def set_state(self, state):
        _check(_ffi.lib().acp_object_set_state(self.world._id, self.id, _u32('state', state)))

    def set_parent(self, parent_id, part=-1, origin=(0, 0, 0), orientation=None, location=None):
        """Held by object parent_id (a ParentEvent): at `part` of its Setup (-1: its own frame) with
        the holding frame origin / orientation (w, x, y, z), or at holding `location` of its Setup."""
        parent = _u32('parent_id', parent_id)
        if location is not None:
            _check(_ffi.lib().acp_object_set_parent_location(self.world._id, self.id, parent,
                                                             _u32('location', location)))
            return
        if not isinstance(part, int) or not -1 <= part <= 0x7FFFFFFF:
            raise ArgumentError(2, f'part: expected -1 or a part index, got {part!r}')
        q = _floats('orientation', orientation, 4) if orientation is not None else None
        _check(_ffi.lib().acp_object_set_parent(self.world._id, self.id, parent, part,
                                                _floats('origin', origin, 3), q))

    def unset_parent(self):
        _check(_ffi.lib().acp_object_unset_parent(self.world._id, self.id))

    def constrain_to(self, cell, origin, start_distance, max_distance, orientation=(1, 0, 0, 0)):
        p = _pose(cell, origin, orientation)
        _check(_ffi.lib().acp_object_constrain_to(self.world._id, self.id, _C.byref(p), _float('start_distance', start_distance),
                                                  _float('max_distance', max_distance)))

    def unconstrain(self):
        _check(_ffi.lib().acp_object_unconstrain(self.world._id, self.id))

    def move_to(self, type='move_to_position', target=0, cell=None, origin=None, orientation=(1, 0, 0, 0),
                fallback_heading=None, **params):
        """A move-to message (MovementManager::unpack_movement): type one of MOVE_TYPES (or 6..9);
        cell/origin the destination (move_to_position) or an unknown target's fallback
        (move_to_object); fallback_heading turn_to_object's; params are MovementParameters fields
        (speed, distance_to_object, min_distance, fail_distance, desired_heading,
        walk_run_threshold, bitfield, hold_key_to_apply, context_id, action_stamp) and run_rate."""
        mt = _ffi.lib().acp_default_move_to()
        if isinstance(type, str) and type not in MOVE_TYPES:
            raise ArgumentError(2, f'type: unknown move-to type {type!r} (known: {", ".join(MOVE_TYPES)})')
        mt.type = MOVE_TYPES[type] if isinstance(type, str) else _u32('type', type)
        mt.target = _u32('target', target)
        if cell is not None:
            mt.pose = _pose(cell, origin if origin is not None else (0, 0, 0), orientation)
            mt.has_pose = True
        if fallback_heading is not None:
            mt.has_fallback_heading = True
            mt.fallback_heading = _float('fallback_heading', fallback_heading)
        fields = {name for name, _ in _ffi.MoveTo._fields_} - {'type', 'target', 'pose', 'has_pose',
                                                                 'has_fallback_heading', 'fallback_heading'}
        for name, value in params.items():
            if name not in fields:
                raise ArgumentError(2, f'{name}: not a MovementParameters field')
            try:
                setattr(mt, name, value)
            except TypeError:
                raise ArgumentError(2, f'{name}: expected a number, got {value!r}') from None
        _check(_ffi.lib().acp_object_move_to(self.world._id, self.id, _C.byref(mt)))

    def play_script(self, script_id):
        _check(_ffi.lib().acp_object_play_script(self.world._id, self.id, _u32('script_id', script_id)))

    def play_script_type(self, script_type, mod=1.0):
        _check(_ffi.lib().acp_object_play_script_type(self.world._id, self.id, _u32('script_type', script_type),
                                                      _float('mod', mod)))

    def state(self):
        raw = _ffi.ObjectState()
        _check(_ffi.lib().acp_object_get_state(self.world._id, self.id, _C.byref(raw)))
        return ObjectState(raw)

    def reports(self):
        """The last step's environment reports and shadow drops (acp_object_get_reports): a
        Reports(env_collisions, cells_dropped) named tuple. env_collisions counts the weenie's
        EnvCollisionProfile calls of the last step (CPhysicsObj::report_environment_collision,
        0x00512FC0); cells_dropped the cells its shadow lists could not hold so far
        (docs/DEVIATIONS.md T3). Raises WorldError / ObjectNotFoundError."""
        env, dropped = _C.c_uint32(0), _C.c_uint32(0)
        _check(_ffi.lib().acp_object_get_reports(self.world._id, self.id, _C.byref(env), _C.byref(dropped)))
        return Reports(env.value, dropped.value)

    def destroy(self):
        _check(_ffi.lib().acp_destroy_object(self.world._id, self.id))


# ---- worlds ----

class World:
    """A world (retail CPhysics): records, objects, the clock. Use as a context manager, or call
    close(); a garbage-collected World is destroyed too."""

    def __init__(self, profile='retail', max_objects=1024):
        d = _ffi.lib().acp_default_world_def()
        d.profile = _profile(profile)
        d.max_objects = _u32('max_objects', max_objects)
        self._id = _ffi.WorldId()
        _check(_ffi.lib().acp_create_world(_C.byref(d), _C.byref(self._id)))
        self._open = True

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    @property
    def alive(self):
        return self._open and bool(_ffi.lib().acp_world_is_valid(self._id))

    def close(self):
        """Destroy the world and its objects (again: nothing)."""
        if getattr(self, '_open', False):
            self._open = False
            _check(_ffi.lib().acp_destroy_world(self._id))

    def load_records(self, data):
        """Records of one DAT file's bytes (before the first object)."""
        buf = _bytes('data', data)
        _check(_ffi.lib().acp_world_load_records(self._id, buf, len(buf)))

    def load_default_records(self):
        _check(_ffi.lib().acp_world_load_default_records(self._id))

    def load_records_file(self, path):
        _check(_ffi.lib().acp_world_load_records_file(self._id, _path('path', path)))

    def set_player(self, obj):
        """The player object (an Object, an id, or None)."""
        oid = 0 if obj is None else obj.id if isinstance(obj, Object) else obj
        _check(_ffi.lib().acp_world_set_player_object(self._id, _u32('object_id', oid)))

    def set_time(self, now):
        _check(_ffi.lib().acp_world_set_time(self._id, _float('now', now)))

    def step(self, now):
        """CPhysics::UseTime(now): one render frame."""
        _check(_ffi.lib().acp_world_step(self._id, _float('now', now)))

    def finish_records(self):
        """Build the terrain from the records now and seal them (the first object or step does it
        otherwise): a records problem raises here, before any object."""
        _check(_ffi.lib().acp_world_finish_records(self._id))

    def set_peer_rules(self, rules):
        """Comparison modes (not retail), before the first object or step: a bit set of
        PEER_ACE_MAX_QUANTUM and PEER_ACE_SLED_FRICTION (0: retail)."""
        _check(_ffi.lib().acp_world_set_peer_rules(self._id, _u32('rules', rules)))

    def info(self):
        raw = _ffi.WorldInfo()
        _check(_ffi.lib().acp_world_get_info(self._id, _C.byref(raw)))
        return {name: getattr(raw, name) for name, _ in _ffi.WorldInfo._fields_}

    def create_object(self, id, cell, origin, orientation=(1, 0, 0, 0), setup=0, motion_table=0,
                      physics_state=None, velocity=(0, 0, 0), omega=(0, 0, 0), scale=1.0, friction=None,
                      elasticity=None, run_rate=None, enter_at=0.0, placement='set_position', transient_state=0):
        """Make an object (acp_object_def's fields; omitted ones take the scenario defaults).
        run_rate: what its weenie answers InqRunRate with; give it for the player (1.0 unless
        the server said otherwise) and for objects whose run rate the server sent; None: no
        answer (CMotionInterp's own my_run_rate)."""
        d = _ffi.lib().acp_default_object_def()
        d.id = _u32('id', id)
        d.setup = _u32('setup', setup)
        d.motion_table = _u32('motion_table', motion_table)
        if physics_state is not None:
            d.physics_state = _u32('physics_state', physics_state)
        d.pose = _pose(cell, origin, orientation)
        d.velocity = _floats('velocity', velocity, 3)
        d.omega = _floats('omega', omega, 3)
        d.scale = _float('scale', scale)
        if friction is not None:
            d.friction = _float('friction', friction)
        if elasticity is not None:
            d.elasticity = _float('elasticity', elasticity)
        if run_rate is not None:
            d.run_rate = _float('run_rate', run_rate)
            d.has_run_rate = True
        d.enter_at = _float('enter_at', enter_at)
        if isinstance(placement, str):
            if placement not in PLACEMENTS:
                raise ArgumentError(2, f'placement: unknown placement {placement!r} (known: set_position, frame)')
            placement = PLACEMENTS[placement]
        d.placement = placement
        d.transient_state = _u32('transient_state', transient_state)
        _check(_ffi.lib().acp_create_object(self._id, _C.byref(d)))
        return Object(self, id)

    def snapshot(self):
        """The world's whole mutable state as bytes (acp_world_snapshot, API 1.1), between steps:
        every object, its managers, hooks, scripts, particles, shadows, the clock and the
        generator, not the records (it names their digest). The same bytes natively and in
        WebAssembly. Raises StateError / WorldError."""
        lib = _ffi.lib()
        size = _C.c_size_t(0)
        _check(lib.acp_world_snapshot(self._id, None, 0, _C.byref(size)))
        buf = _C.create_string_buffer(max(size.value, 1))
        _check(lib.acp_world_snapshot(self._id, buf, size.value, _C.byref(size)))
        return buf.raw[:size.value]

    def restore(self, data):
        """Take a snapshot's state (acp_world_restore): this world must hold the same records (the
        same DAT bytes in the same order), run the same profile and max_objects and have no
        objects. Raises ArgumentError for damaged, truncated or other-version bytes (the message
        names the byte offset and the field), RecordsError for other records, StateError when
        the world has objects; a refused restore leaves the world as it was."""
        buf = _bytes('data', data)
        _check(_ffi.lib().acp_world_restore(self._id, buf, len(buf)))

    def export_object(self, obj):
        """Hand an object (an Object or an id) to another world (acp_object_export): its state as
        bytes, and it leaves this world (what names objects of this world is cleared first, as
        retail's teleport_hook clears it; its scripts, emitters and their particle objects travel,
        and what they held here goes back to this world's pools). Raises ObjectNotFoundError,
        StateError (an object that holds others or is held)."""
        oid = _u32('object_id', obj.id if isinstance(obj, Object) else obj)
        lib = _ffi.lib()
        size = _C.c_size_t(0)
        _check(lib.acp_object_export(self._id, oid, None, 0, _C.byref(size)))
        buf = _C.create_string_buffer(max(size.value, 1))
        _check(lib.acp_object_export(self._id, oid, buf, size.value, _C.byref(size)))
        return buf.raw[:size.value]

    def import_object(self, data):
        """Take in an object export_object wrote (acp_object_import): it carries on from the state
        it left with and enters the cell of its position here. Returns its Object. Raises
        ObjectExistsError, FullError, RecordsError, ArgumentError (damaged bytes: offset and
        field named)."""
        buf = _bytes('data', data)
        oid = _C.c_uint32(0)
        _check(_ffi.lib().acp_object_import(self._id, buf, len(buf), _C.byref(oid)))
        return Object(self, oid.value)

    def object(self, object_id):
        """The Object with this id (ObjectNotFoundError when absent)."""
        if not _ffi.lib().acp_object_exists(self._id, _u32('object_id', object_id)):
            raise ObjectNotFoundError(4, f'object_id: no object 0x{object_id:08X} in the world')
        return Object(self, object_id)


# ---- scenarios ----

class ScenarioResult:
    __slots__ = ('frames', 'digest', 'warnings')

    def __init__(self, raw):
        self.frames, self.digest, self.warnings = raw.frames, raw.digest, raw.warnings

    def __str__(self):
        """What `acphys run --quiet` prints last."""
        return f'{self.frames} frames, digest {self.digest:016x}'


def run_scenario(path, profile=None):
    """Run a scenario file as `acphys run` does (profile: None for the scenario's, or a name)."""
    out = _ffi.ScenarioResult()
    p = -1 if profile is None else _profile(profile)
    _check(_ffi.lib().acp_run_scenario_file(_path('path', path), p, _C.byref(out)))
    return ScenarioResult(out)


def run_scenario_json(text, base_dir=None, profile=None):
    """Run scenario JSON text; excerpt names relative to base_dir."""
    data = text.encode() if isinstance(text, str) else _bytes('text', text)
    out = _ffi.ScenarioResult()
    p = -1 if profile is None else _profile(profile)
    base = None if base_dir is None else _path('base_dir', base_dir)
    _check(_ffi.lib().acp_run_scenario_json(data, len(data), base, p, _C.byref(out)))
    return ScenarioResult(out)
