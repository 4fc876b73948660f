"""An independent model of retail acclient's physics arithmetic (build 11.4186), for test vectors.

Transcribed directly from the Hex-Rays decompilation (Mag-nus/acclient-AI-RE, 2013-09 11.4186,
acclient-src/src/PORTAL/...), not from acphys's C. Each function names its retail address.

Rules of the transcription (SPEC §3: the x87 runs at 53-bit precision):
  * Every expression is evaluated in double (Python floats are IEEE doubles).
  * Every Hex-Rays `float` local, `STxx_4` spill, float field or float parameter is a store:
    st(tag, x) rounds it to float32. `double`/`long double` locals and `STxx_8` spills are not.
  * Sums are written in the decompilation's operand order with add(tag, t0, t1, ...), a left fold
    ((t0 + t1) + t2) + ...; subtraction is the addition of a negated term (negation is exact).
    Products of more than two factors use mul(tag, ...), also a left fold.
    A float field that nothing later in the function reads back is fst(tag, x) (no mutation:
    the field's type rounds it whatever a port computes).
  * Comparisons go through cmp(tag, op, a, b).
  * Transcendental calls go through T (Python's math module, i.e. the platform libm): each call
    is logged with its arguments and result, and the vector records them; the tests check them
    against acphys's own libm (src/physics/geometry/mathx_*.c) and pin the arithmetic that follows.

Mutations (used by gen.py's self-check, never by the emitted vectors): with Mut.active set to
(tag, variant), st() with variant "double" skips the rounding, add()/mul() with variant "p<perm>"
fold the operands in another order, cmp() with "flip" moves the boundary (< and <=, > and >=),
xst(tag, x) ("extra store": a double retail keeps) rounds with variant "float", and alt(tag, ...)
picks a named alternative formulation. Mut.seen collects every tag reached, with its kind;
Mut.trace, every value stored at a tag (gen.py bisects on it).
"""
import itertools
import math
import struct


def f32(x):
    """Round a double to float32 (round to nearest even; overflow gives ±inf)."""
    try:
        return struct.unpack('<f', struct.pack('<f', x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


def fdiv(a, b):
    """IEEE division (Python raises on a zero divisor)."""
    try:
        return a / b
    except ZeroDivisionError:
        if math.isnan(a) or a == 0.0:
            return math.nan
        return math.copysign(math.inf, a) * math.copysign(1.0, b)


def fsqrt(x):
    return math.sqrt(x) if x >= 0.0 else math.nan


def f32_bits(x):
    return struct.unpack('<I', struct.pack('<f', x))[0]


def f64_bits(x):
    return struct.unpack('<Q', struct.pack('<d', x))[0]


def bits_f32(b):
    return struct.unpack('<f', struct.pack('<I', b))[0]


def bits_f64(b):
    return struct.unpack('<d', struct.pack('<Q', b))[0]


# Retail constants.
EPS = f32(0.0002)                 # F_EPSILON: the float 0.0002f (0x3951B717) promoted to double
DEG2RAD = 0.017453292519943295    # printed 0.0174532925199433 (16 digits); docs/DEVIATIONS.md #4
RAD2DEG = 57.29577951308232
GRAVITY = f32(-9.8000002)         # PhysicsGlobals::gravity, float
MAX_VELOCITY = 50.0               # float 50.0f

# Flags.
STATIC_PS, GRAVITY_PS, INELASTIC_PS, SLEDDING_PS, HIDDEN_PS = 0x1, 0x400, 0x20000, 0x800000, 0x4000
CONTACT_TS, ON_WALKABLE_TS, ACTIVE_TS = 0x1, 0x2, 0x80
STATIONARY_FALL_TS, STATIONARY_STOP_TS, STATIONARY_STUCK_TS = 0x10, 0x20, 0x40


# ---------------------------------------------------------------------------------------------
# Mutation framework

def fold_perms(n):
    """Distinct left-fold orders of n operands: permutations with p[0] < p[1] (the first two
    operands commute exactly), identity first."""
    if n < 3:
        return [tuple(range(n))]
    return [p for p in itertools.permutations(range(n)) if p[0] < p[1]]


class Mut:
    active = None      # (tag, variant) or None
    seen = None        # dict tag -> (kind, arity) while recording, else None
    trace = None       # dict tag -> [values stored] while tracing, else None

    @staticmethod
    def record(tag, x):
        if Mut.trace is not None:
            Mut.trace.setdefault(tag, []).append(x)
        return x

    @staticmethod
    def see(tag, kind, n=0):
        if Mut.seen is not None and tag not in Mut.seen:
            Mut.seen[tag] = (kind, n)

    @staticmethod
    def variant(tag):
        a = Mut.active
        return a[1] if a is not None and a[0] == tag else None


def variants_of(kind, n, extra=()):
    """The mutation variants of a tag of this kind."""
    if kind == 'store':
        return ['double']
    if kind == 'xstore':
        return ['float']
    if kind in ('add', 'mul'):
        return ['p' + ''.join(map(str, p)) for p in fold_perms(n)[1:]]
    if kind == 'cmp':
        return ['flip']
    if kind == 'alt':
        return list(extra)
    raise ValueError(kind)


def st(tag, x):
    """A float store retail makes."""
    Mut.see(tag, 'store')
    if Mut.variant(tag) == 'double':
        return Mut.record(tag, x)
    return Mut.record(tag, f32(x))


def fst(tag, x):
    """A float store into a field (or a float local copied straight into one) that nothing later
    in the modelled computation reads back: the rounding is the field's type, so there is no
    'double' mutation to make."""
    Mut.see(tag, 'field')
    return Mut.record(tag, f32(x))


def xst(tag, x):
    """A double retail keeps (register or 8-byte spill); the mutation stores it to float."""
    Mut.see(tag, 'xstore')
    if Mut.variant(tag) == 'float':
        return Mut.record(tag, f32(x))
    return Mut.record(tag, x)


def _fold(tag, kind, terms, op):
    n = len(terms)
    Mut.see(tag, kind, n)
    v = Mut.variant(tag)
    order = range(n) if v is None else [int(c) for c in v[1:]]
    it = iter(order)
    acc = terms[next(it)]
    for i in it:
        acc = op(acc, terms[i])
    return acc


def add(tag, *terms):
    return _fold(tag, 'add', terms, lambda a, b: a + b)


def mul(tag, *factors):
    return _fold(tag, 'mul', factors, lambda a, b: a * b)


_CMP = {
    '<': (lambda a, b: a < b, '<='), '<=': (lambda a, b: a <= b, '<'),
    '>': (lambda a, b: a > b, '>='), '>=': (lambda a, b: a >= b, '>'),
}


def cmp(tag, op, a, b):
    """A comparison retail makes; the mutation flips strictness (< ↔ <=, > ↔ >=)."""
    Mut.see(tag, 'cmp')
    if Mut.variant(tag) == 'flip':
        op = _CMP[op][1]
    return _CMP[op][0](a, b)


ALT_NAMES = {}


def alt(tag, primary, **alternatives):
    """A formulation retail uses (primary, a thunk) and named alternatives a port might write."""
    ALT_NAMES[tag] = tuple(sorted(alternatives))
    Mut.see(tag, 'alt')
    v = Mut.variant(tag)
    if v is not None and v in alternatives:
        return alternatives[v]()
    return primary()


# ---------------------------------------------------------------------------------------------
# libm, logged

def _ieee_special(name, *args):
    """C99 results where Python's math raises."""
    if name == 'pow':
        x, y = args
        if x == 0.0 and y < 0:
            odd = y == int(y) and int(y) % 2 == 1
            return math.copysign(math.inf, x) if odd else math.inf
        if x < 0 and y != int(y):
            return math.nan
        return math.copysign(math.inf, 1.0)
    return math.nan


class T:
    log = None   # list of (name, args, result) while a vector is evaluated

    @staticmethod
    def _call(name, fn, *args):
        try:
            r = fn(*args)
        except (ValueError, OverflowError, ZeroDivisionError):
            r = _ieee_special(name, *args)
        if T.log is not None:
            T.log.append((name, args, r))
        return r

    @staticmethod
    def sin(x): return T._call('sin', math.sin, x)

    @staticmethod
    def cos(x): return T._call('cos', math.cos, x)

    @staticmethod
    def atan2(y, x): return T._call('atan2', math.atan2, y, x)

    @staticmethod
    def asin(x): return T._call('asin', math.asin, x)

    @staticmethod
    def acos(x): return T._call('acos', math.acos, x)

    @staticmethod
    def pow(x, y): return T._call('pow', math.pow, x, y)

    @staticmethod
    def fmod(x, y): return T._call('fmod', math.fmod, x, y)


# ---------------------------------------------------------------------------------------------
# Frame (retail layout: qw qx qy qz, m_fl2gv[9], m_fOrigin)

class Frame:
    __slots__ = ('q', 'm', 'o')

    def __init__(self, q=(1.0, 0.0, 0.0, 0.0), m=None, o=(0.0, 0.0, 0.0)):
        self.q = list(q)
        self.m = list(m) if m is not None else [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0]
        self.o = list(o)

    def copy(self):
        return Frame(self.q, self.m, self.o)

    def values(self):
        return self.q + self.m + self.o


def frame_cache(f):
    """Frame::cache (0x00534DF0). Every product is of a float by twice a float: exact."""
    qw, qx, qy, qz = f.q
    b2 = qx + qx
    c2 = qy + qy
    v3 = qz + qz
    v4 = qw * b2
    v5 = qw * c2
    v6 = qw * v3
    v7 = qx * b2
    v8 = qx * c2
    bd2 = qx * v3
    cc2 = qy * c2
    v11 = qy * v3
    v12 = qz * v3
    m = f.m
    m[0] = fst('cache.m0', add('cache.m0+', 1.0, -cc2, -v12))
    m[1] = fst('cache.m1', v8 + v6)
    m[2] = fst('cache.m2', bd2 - v5)
    m[3] = fst('cache.m3', v8 - v6)
    v13 = xst('cache.v13', 1.0 - v7)          # ST18_8: an 8-byte spill, stays double
    m[4] = fst('cache.m4', alt('cache.m4+', lambda: v13 - v12,
                              reassoc=lambda: 1.0 - (v7 + v12), order=lambda: (1.0 - v12) - v7))
    m[5] = fst('cache.m5', v11 + v4)
    m[6] = fst('cache.m6', bd2 + v5)
    m[7] = fst('cache.m7', v11 - v4)
    m[8] = fst('cache.m8', alt('cache.m8+', lambda: v13 - cc2,
                              reassoc=lambda: 1.0 - (v7 + cc2), order=lambda: (1.0 - cc2) - v7))


def frame_is_valid(f):
    """Frame::IsValid (0x00534ED0; AFrame::IsValid 0x005A9E30 is the same): no NaN, and the float
    norm = qz² + qy² + qx² + qw² within 5 × EPSILON of 1."""
    if any(math.isnan(v) for v in f.o + f.q):
        v2 = False
    else:
        v2 = True
    qw, qx, qy, qz = f.q
    norm = st('is_valid.norm', add('is_valid.norm+', qz * qz, qy * qy, qx * qx, qw * qw))
    if math.isnan(norm) or cmp('is_valid.cmp', '<', EPS * 5.0, abs(norm - 1.0)):
        return False
    return v2


def frame_set_rotate(f, nw, nx, ny, nz):
    """Frame::set_rotate (0x00535080). nw..nz are float parameters (callers' stores)."""
    old = list(f.q)
    r = fsqrt(add('set_rotate.len2', nw * nw, nx * nx, ny * ny, nz * nz))
    v6 = xst('set_rotate.v6', fdiv(1.0, r))
    f.q = [st('set_rotate.qw', alt('set_rotate.div', lambda: nw * v6, div=lambda: fdiv(nw, r))),
           st('set_rotate.qx', alt('set_rotate.div', lambda: nx * v6, div=lambda: fdiv(nx, r))),
           st('set_rotate.qy', alt('set_rotate.div', lambda: ny * v6, div=lambda: fdiv(ny, r))),
           st('set_rotate.qz', alt('set_rotate.div', lambda: v6 * nz, div=lambda: fdiv(nz, r)))]
    if frame_is_valid(f):
        frame_cache(f)
    else:
        f.q = old


def _rot_origin(tag, m, o, p, i):
    """m[i+6]*p.z + m[i]*p.x + m[i+3]*p.y + o[i]: the order of Frame::combine and localtoglobal."""
    return add(tag, m[6 + i] * p[2], m[i] * p[0], m[3 + i] * p[1], o[i])


def frame_combine(out, f1, f2):
    """Frame::combine(Frame*, Frame*) (0x005122E0): out = f1 ∘ f2."""
    m, o, p = f1.m, f1.o, f2.o
    v6 = fst('combine.ox', _rot_origin('combine.ox+', m, o, p, 0))
    v7 = fst('combine.oy', _rot_origin('combine.oy+', m, o, p, 1))
    v8 = _rot_origin('combine.oz+', m, o, p, 2)
    out.o = [v6, v7, fst('combine.oz', v8)]
    w1, x1, y1, z1 = f1.q
    w2, x2, y2, z2 = f2.q
    nz = st('combine.qz', add('combine.qz+', y2 * x1, z2 * w1, -(y1 * x2), z1 * w2))
    ny = st('combine.qy', add('combine.qy+', y2 * w1, -(z2 * x1), z1 * x2, y1 * w2))
    nx = st('combine.qx', add('combine.qx+', w1 * x2, z2 * y1, w2 * x1, -(y2 * z1)))
    nw = st('combine.qw', add('combine.qw+', w1 * w2, -(x2 * x1), -(y2 * y1), -(z2 * z1)))
    frame_set_rotate(out, nw, nx, ny, nz)


def frame_combine_aframe(out, f1, a2):
    """Frame::combine(Frame*, AFrame*) (0x00525180). a2 = (origin, q) with no matrix."""
    m, o = f1.m, f1.o
    p, (w2, x2, y2, z2) = a2
    v6 = fst('combine_af.ox', _rot_origin('combine_af.ox+', m, o, p, 0))
    v7 = fst('combine_af.oy', _rot_origin('combine_af.oy+', m, o, p, 1))
    v8 = _rot_origin('combine_af.oz+', m, o, p, 2)
    out.o = [v6, v7, fst('combine_af.oz', v8)]
    w1, x1, y1, z1 = f1.q
    nz = st('combine_af.qz', add('combine_af.qz+', x1 * y2, z2 * w1, -(y1 * x2), z1 * w2))
    ny = st('combine_af.qy', add('combine_af.qy+', y2 * w1, -(x1 * z2), z1 * x2, y1 * w2))
    nx = st('combine_af.qx', add('combine_af.qx+', x1 * w2, w1 * x2, z2 * y1, -(y2 * z1)))
    nw = st('combine_af.qw', add('combine_af.qw+', w1 * w2, -(x1 * x2), -(y2 * y1), -(z2 * z1)))
    frame_set_rotate(out, nw, nx, ny, nz)


def frame_combine_scaled(out, f1, a2, scale):
    """Frame::combine(Frame*, AFrame*, Vector3* scale) (0x00518FD0)."""
    m, o = f1.m, f1.o
    p, (w2, x2, y2, z2) = a2
    v5 = p[0] * scale[0]
    v6 = p[1] * scale[1]
    v8 = p[2] * scale[2]

    def row(tag, i):
        return alt(tag + '.scalefirst',
                   lambda: add(tag + '+', v5 * m[i], v8 * m[6 + i], v6 * m[3 + i], o[i]),
                   rotfirst=lambda: add(tag + '+', m[i] * p[0] * scale[0], m[6 + i] * p[2] * scale[2],
                                        m[3 + i] * p[1] * scale[1], o[i]))
    v10 = fst('combine_sc.ox', row('combine_sc.ox', 0))
    v11 = fst('combine_sc.oy', row('combine_sc.oy', 1))
    v12 = row('combine_sc.oz', 2)
    out.o = [v10, v11, fst('combine_sc.oz', v12)]
    w1, x1, y1, z1 = f1.q
    nz = st('combine_sc.qz', add('combine_sc.qz+', w1 * z2, x1 * y2, -(x2 * y1), w2 * z1))
    ny = st('combine_sc.qy', add('combine_sc.qy+', w1 * y2, -(x1 * z2), x2 * z1, w2 * y1))
    nx = st('combine_sc.qx', add('combine_sc.qx+', x2 * w1, w2 * x1, z2 * y1, -(y2 * z1)))
    nw = st('combine_sc.qw', add('combine_sc.qw+', w2 * w1, -(x2 * x1), -(y2 * y1), -(z2 * z1)))
    frame_set_rotate(out, nw, nx, ny, nz)


def frame_subtract1(out, f1, a2):
    """Frame::subtract1(Frame*, AFrame*) (0x00535520): out = f1 ∘ a2⁻¹.
    Hex-Rays walks `this` as (Frame*)((char*)this + 52) for the tail; with retail's layout
    (q @0, m_fl2gv @16, m_fOrigin @52, sizeof 64), v3[-1].m_fl2gv[7] is m[4],
    v3[-1].m_fOrigin.z is m[8], v3[-1].m_fl2gv[5] is m[2], v3[-1].m_fl2gv[8] is m[5], and
    v3->qw/qx/qy are m_fOrigin.x/y/z."""
    p, (w2, x2, y2, z2) = a2
    w1, x1, y1, z1 = f1.q
    nz = st('sub1.qz', alt('sub1.qz.paren',
                           lambda: add('sub1.qz+', z1 * w2, -(w1 * z2 + y2 * x1), y1 * x2),
                           flat=lambda: z1 * w2 - w1 * z2 - y2 * x1 + y1 * x2))
    ny = st('sub1.qy', add('sub1.qy+', y1 * w2, -(w1 * y2), z2 * x1, -(x2 * z1)))
    nx = st('sub1.qx', add('sub1.qx+', x1 * w2, -(x2 * w1), -(y1 * z2), z1 * y2))
    nw = st('sub1.qw', add('sub1.qw+', y1 * y2, x2 * x1, w1 * w2, z2 * z1))
    frame_set_rotate(out, nw, nx, ny, nz)
    m = out.m
    v8, v9, v10 = -p[0], -p[1], -p[2]
    v11 = st('sub1.v11', add('sub1.v11+', v10 * m[6], v8 * m[0], v9 * m[3]))
    v13 = st('sub1.v13', add('sub1.v13+', v10 * m[7], v8 * m[1], v9 * m[4]))
    v14 = add('sub1.v14+', v10 * m[8], v8 * m[2], v9 * m[5], f1.o[2])
    v15 = v13 + f1.o[1]
    v16 = fst('sub1.oz', v14)
    v17 = fst('sub1.ox', v11 + f1.o[0])
    out.o = [v17, fst('sub1.oy', v15), v16]


def frame_globaltolocal(f, p):
    """Frame::globaltolocal (0x00452680). The z difference is spilled to a float (v7) that the
    x and y rows read, while the z row reads the double still on the x87 stack (v6)."""
    m, o = f.m, f.o
    v3 = st('g2l.dx', p[0] - o[0])
    v4 = st('g2l.dy', p[1] - o[1])
    v6 = p[2] - o[2]
    v7 = st('g2l.dz', v6)
    v6z = alt('g2l.z_reads_double', lambda: v6, float=lambda: v7)
    v8 = add('g2l.z+', v6z * m[8], v3 * m[6], v4 * m[7])
    v9 = add('g2l.y+', v7 * m[5], v3 * m[3], v4 * m[4])
    x = fst('g2l.x', add('g2l.x+', v7 * m[2], v3 * m[0], v4 * m[1]))
    return [x, fst('g2l.y', v9), fst('g2l.z', v8)]


def frame_localtoglobal(f, p):
    """Frame::localtoglobal (0x00452620)."""
    m, o = f.m, f.o
    z = add('l2g.z+', m[8] * p[2], m[2] * p[0], m[5] * p[1], o[2])
    y = add('l2g.y+', m[7] * p[2], m[1] * p[0], m[4] * p[1], o[1])
    x = add('l2g.x+', m[6] * p[2], m[0] * p[0], m[3] * p[1], o[0])
    return [fst('l2g.x', x), fst('l2g.y', y), fst('l2g.z', z)]


def frame_subtract2(out, f1, f2):
    """Frame::subtract2 (0x00535650): out = f2⁻¹ ∘ f1."""
    out.o = frame_globaltolocal(f2, f1.o)
    w1, x1, y1, z1 = f1.q
    w2, x2, y2, z2 = f2.q
    nz = st('sub2.qz', add('sub2.qz+', z1 * w2, -(y1 * x2), x1 * y2, -(w1 * z2)))
    ny = st('sub2.qy', add('sub2.qy+', z1 * x2, w2 * y1, -(y2 * w1), -(x1 * z2)))
    nx = st('sub2.qx', add('sub2.qx+', x1 * w2, -(w1 * x2), -(y2 * z1), y1 * z2))
    nw = st('sub2.qw', add('sub2.qw+', w1 * w2, y2 * y1, x1 * x2, z1 * z2))
    frame_set_rotate(out, nw, nx, ny, nz)


def grotate_coefficients(w):
    """The first half of Frame::grotate: None when |w|² < EPSILON², else (wa, f, g, v10), the
    rotation's quaternion scaled by |w| (wa = cos(|w|/2) and f, g float, v10 double)."""
    v3 = add('grotate.len2', w[0] * w[0], w[1] * w[1], w[2] * w[2])
    if not cmp('grotate.cmp', '>=', v3, EPS * EPS):
        return None
    v4 = math.sqrt(v3)
    thetainv = st('grotate.thetainv', fdiv(1.0, v4))
    v6 = v4 * 0.5
    v7 = xst('grotate.sin', T.sin(v6))
    wa = st('grotate.cos', T.cos(v6))
    fx = st('grotate.f', mul('grotate.f*', v7, w[0], thetainv))
    gy = st('grotate.g', mul('grotate.g*', thetainv, v7, w[1]))
    v10 = xst('grotate.v10', mul('grotate.v10*', v7, thetainv, w[2]))
    return wa, fx, gy, v10


def frame_grotate(f, w):
    """Frame::grotate (0x005357A0). w is a float Vector3."""
    k = grotate_coefficients(w)
    if k is None:
        return
    wa, fx, gy, v10 = k
    qw, qx, qy, qz = f.q
    nz = st('grotate.qz', add('grotate.qz+', fx * qy, wa * qz, -(gy * qx), v10 * qw))
    ny = st('grotate.qy', add('grotate.qy+', wa * qy, -(fx * qz), v10 * qx, gy * qw))
    nx = st('grotate.qx', add('grotate.qx+', wa * qx, gy * qz, fx * qw, -(v10 * qy)))
    nw = st('grotate.qw', add('grotate.qw+', wa * qw, -(fx * qx), -(gy * qy), -(v10 * qz)))
    frame_set_rotate(f, nw, nx, ny, nz)


def frame_rotate(f, w):
    """Frame::rotate (0x004525B0): w in local axes, lifted by m, then grotate."""
    m = f.m
    v2 = [st('rotate.x', add('rotate.x+', m[6] * w[2], m[0] * w[0], m[3] * w[1])),
          st('rotate.y', add('rotate.y+', m[7] * w[2], m[1] * w[0], m[4] * w[1])),
          st('rotate.z', add('rotate.z+', m[8] * w[2], m[2] * w[0], m[5] * w[1]))]
    frame_grotate(f, v2)


def frame_euler_set_rotate(f, x, y, z):
    """Frame::euler_set_rotate (0x00535BF0) with _order 0: EulGetOrd(0) gives i=0 j=1 k=2,
    parity n=0, repetition s=0, frame f=0, so v6 = z, y is not negated and a[] is not negated.
    x, y, z are float parameters. wa (z * 0.5, stored in a float slot) is exact for a float z
    (barring subnormals)."""
    v6 = z
    v8 = x * 0.5
    v10 = v6
    v11 = y * 0.5
    wa = st('euler.wa', v10 * 0.5)
    tha = st('euler.tha', T.cos(v8))
    xa = st('euler.xa', T.cos(v11))
    ch = st('euler.ch', T.cos(wa))
    sn = st('euler.sn', T.sin(v8))
    v12 = xst('euler.v12', T.sin(v11))
    v13 = xst('euler.v13', T.sin(wa))
    h = st('euler.h', ch * tha)
    w = st('euler.w', tha * v13)
    th = st('euler.th', sn * ch)
    ss = st('euler.ss', v13 * sn)
    v14 = th
    a0 = st('euler.a0', v14 * xa - w * v12)
    a1 = st('euler.a1', h * v12 + ss * xa)
    a2 = st('euler.a2', w * xa - th * v12)
    xb = st('euler.xb', ss * v12 + h * xa)
    frame_set_rotate(f, xb, a0, a1, a2)


def vec3_normalize_check_small(v):
    """AC1Legacy::Vector3::normalize_check_small (0x00452460). Returns (small, v')."""
    v1 = fsqrt(add('ncs.len2', v[0] * v[0], v[1] * v[1], v[2] * v[2]))
    if cmp('ncs.cmp', '>=', v1, EPS):
        r = [st('ncs.x', alt('ncs.div', lambda: fdiv(1.0, v1) * v[0], div=lambda: fdiv(v[0], v1))),
             st('ncs.y', alt('ncs.div', lambda: fdiv(1.0, v1) * v[1], div=lambda: fdiv(v[1], v1))),
             st('ncs.z', alt('ncs.div', lambda: fdiv(1.0, v1) * v[2], div=lambda: fdiv(v[2], v1)))]
        return False, r
    return True, list(v)


def vec3_normalize(v):
    """AC1Legacy::Vector3::normalize (0x00452400): stores the normalized float vector."""
    v3 = fsqrt(add('norm.len2', v[0] * v[0], v[1] * v[1], v[2] * v[2]))
    return [st('norm.x', alt('norm.div', lambda: fdiv(1.0, v3) * v[0], div=lambda: fdiv(v[0], v3))),
            st('norm.y', alt('norm.div', lambda: fdiv(1.0, v3) * v[1], div=lambda: fdiv(v[1], v3))),
            st('norm.z', alt('norm.div', lambda: fdiv(1.0, v3) * v[2], div=lambda: fdiv(v[2], v3)))]


def frame_set_vector_heading(f, h):
    """Frame::set_vector_heading (0x00535DB0)."""
    small, n = vec3_normalize_check_small(h)
    if small:
        return
    # Printed `atan2(normalized.x, normalized.y)`: the _CIatan2 intrinsic's stack operands, i.e.
    # C's atan2(y = normalized.y, x = normalized.x) (docs/DEVIATIONS.md #5: only that order makes
    # heading 0 north, the inverse of set_heading's (sin h, cos h)). Same in get_heading.
    z = st('svh.z', -T.fmod(450.0 - T.atan2(n[1], n[0]) * RAD2DEG, 360.0) * DEG2RAD)
    x = st('svh.x', mul('svh.x*', T.asin(n[2]), RAD2DEG, DEG2RAD))
    frame_euler_set_rotate(f, x, 0.0, z)


def frame_set_heading(f, degrees):
    """Frame::set_heading (0x00535E40). direction.z = (m8 + m2)·0 + m5 is m5 exactly for finite m."""
    m = f.m
    dz = st('set_heading.dz', (m[8] + m[2]) * 0.0 + m[5])
    v2 = xst('set_heading.rad', degrees * DEG2RAD)
    dx = st('set_heading.dx', T.sin(v2))
    dy = st('set_heading.dy', T.cos(v2))
    frame_set_vector_heading(f, [dx, dy, dz])


def frame_get_heading(f):
    """Frame::get_heading (0x00535760): a double."""
    m = f.m
    a = (m[6] + m[0]) * 0.0 + m[3]      # printed first operand
    b = (m[7] + m[1]) * 0.0 + m[4]      # printed second operand
    return T.fmod(450.0 - T.atan2(b, a) * RAD2DEG, 360.0)


def frame_interpolate_rotation(out, fr, to, t):
    """Frame::interpolate_rotation (0x00535390). `if (v6 | v7)` is C0|C2 of comparing cosom with
    0.0: cosom < 0 (or unordered) takes the other hemisphere."""
    v4 = add('interp.cosom+', fr.q[2] * to.q[2], fr.q[0] * to.q[0], fr.q[1] * to.q[1], fr.q[3] * to.q[3])
    v4 = xst('interp.cosom', v4)
    if cmp('interp.neg', '<', v4, 0.0) or math.isnan(v4):
        v4 = -v4
        to1 = [-to.q[0], -to.q[1], -to.q[2], -to.q[3]]
    else:
        to1 = list(to.q)
    if cmp('interp.lin', '<=', 1.0 - v4, EPS):
        v11 = 1.0 - t
        v12 = t
    else:
        v8 = T.acos(v4)
        omega = v8
        cosoma = 1.0 - t
        v10 = xst('interp.v10', fdiv(1.0, T.sin(v8)))
        v11 = xst('interp.v11', v10 * T.sin(v8 * cosoma))
        v12 = xst('interp.v12', T.sin(t * omega) * v10)
        if v11 < 0.0 or v11 > 1.0 or v12 < 0.0 or v12 > 1.0:
            v11 = cosoma
            v12 = t
    nz = st('interp.qz', to1[3] * v12 + fr.q[3] * v11)
    ny = st('interp.qy', fr.q[2] * v11 + to1[2] * v12)
    nx = st('interp.qx', fr.q[1] * v11 + to1[1] * v12)
    nw = st('interp.qw', v11 * fr.q[0] + to1[0] * v12)
    frame_set_rotate(out, nw, nx, ny, nz)


# ---------------------------------------------------------------------------------------------
# Position, Vector3

def _u32(x):
    return x & 0xFFFFFFFF


def _s32(x):
    x &= 0xFFFFFFFF
    return x - (1 << 32) if x & 0x80000000 else x


def landdefs_get_block_offset(cell_from, cell_to):
    """LandDefs::get_block_offset (0x0043E630). Its cell_to == 0 branch prints v8 = v7 = cell_from
    (the whole id, not its landblock coordinates); acphys returns a zero offset there instead, a
    documented deviation (docs/DEVIATIONS.md #3), which this model follows."""
    if (cell_from >> 16) == (cell_to >> 16) or cell_to == 0:
        return [0.0, 0.0, 0.0]
    if cell_from:
        v5 = (cell_from >> 21) & 0x7F8
        v6 = 8 * ((cell_from >> 16) & 0xFF)
    else:
        v5 = v6 = 0
    if cell_to:
        v7 = (cell_to >> 21) & 0x7F8
        v8 = 8 * ((cell_to >> 16) & 0xFF)
    else:
        v8 = v7 = cell_from
    v9 = float(_s32(_u32(v7 - v5)))
    return [f32(v9 * 24.0), f32(float(_s32(_u32(v8 - v6))) * 24.0), 0.0]


def position_get_offset(cell_a, oa, cell_b, ob):
    """Position::get_offset(Position *p) (0x00509F60): from this (a) to p (b)."""
    bo = landdefs_get_block_offset(cell_a, cell_b)
    v4 = xst('get_offset.bx', bo[0] + ob[0])
    v10 = st('get_offset.by', bo[1] + ob[1])
    v11 = st('get_offset.bz', bo[2] + ob[2])
    v6 = v10 - oa[1]
    v7 = v4 - oa[0]
    v8 = v11 - oa[2]
    return [fst('get_offset.x', v7), fst('get_offset.y', v6), fst('get_offset.z', v8)]


def vector3_div(v, rhs):
    """Vector3::operator/(float) (0x00455DE0): x uses the double reciprocal, y and z the float
    copy of it (_rhsa)."""
    v4 = fdiv(1.0, rhs)
    r = st('vdiv.recip', v4)
    v5 = r * v[1]
    v6 = alt('vdiv.x_double_recip', lambda: v4 * v[0], float=lambda: r * v[0], div=lambda: fdiv(v[0], rhs))
    v7 = r * v[2]
    return [fst('vdiv.x', v6), fst('vdiv.y', v5), fst('vdiv.z', v7)]


# ---------------------------------------------------------------------------------------------
# CPhysicsObj

class Obj:
    """The CPhysicsObj fields the update reads and writes (floats hold float32 values)."""

    def __init__(self, **kw):
        self.state = 0
        self.transient = 0
        self.frame = Frame()
        self.vel = [0.0, 0.0, 0.0]
        self.acc = [0.0, 0.0, 0.0]
        self.omega = [0.0, 0.0, 0.0]
        self.contact_n = [0.0, 0.0, 1.0]
        self.friction = f32(0.95)
        self.elasticity = f32(0.05)
        self.scale = 1.0
        self.has_movement_manager = False
        for k, v in kw.items():
            setattr(self, k, v)


def calc_friction(obj, quantum, velocity_mag2):
    """CPhysicsObj::calc_friction (0x0050EE70). The string-address mask of the decompilation
    is SLEDDING_PS (0x800000)."""
    if not (obj.transient & ON_WALKABLE_TS):
        return
    v, n = obj.vel, obj.contact_n
    if obj.state & SLEDDING_PS:
        v3 = add('friction.sled.dot+', v[2] * n[2], v[1] * n[1], v[0] * n[0])
        if cmp('friction.sled.away', '>=', v3, 0.25):
            return
        frict = st('friction.frict', 0.2)
        v4 = v3 * n[0]
        v6 = v3 * n[1]
        v7 = st('friction.sled.v7', v3 * n[2])
        v[0] = st('friction.sled.vx', v[0] - v4)
        v[1] = st('friction.sled.vy', v[1] - v6)
        v[2] = st('friction.sled.vz', v[2] - v7)
        if cmp('friction.sled.slow', '>=', velocity_mag2, 1.5625):
            if cmp('friction.sled.fast', '<', velocity_mag2, 6.25) or \
                    cmp('friction.sled.cos10', '<=', T.cos(0.1745329251994329), n[2]):
                frict = obj.friction
            v8 = frict
        else:
            v8 = 1.0
    else:
        v9 = add('friction.dot+', n[2] * v[2], n[1] * v[1], n[0] * v[0])
        if cmp('friction.away', '>=', v9, 0.25):
            return
        v10 = v9 * n[0]
        v12 = v9 * n[1]
        v13 = st('friction.v13', v9 * n[2])
        v[0] = st('friction.vx', v[0] - v10)
        v[1] = st('friction.vy', v[1] - v12)
        v[2] = st('friction.vz', v[2] - v13)
        v8 = obj.friction
    v14 = xst('friction.pow', T.pow(1.0 - v8, quantum))
    v[0] = st('friction.vx2', v14 * v[0])
    v[1] = st('friction.vy2', v14 * v[1])
    v[2] = st('friction.vz2', v14 * v[2])


def calc_acceleration(obj):
    """CPhysicsObj::calc_acceleration (0x00510950)."""
    t = obj.transient
    if t & CONTACT_TS and t & ON_WALKABLE_TS and not (obj.state & SLEDDING_PS):
        obj.acc = [0.0, 0.0, 0.0]
        obj.omega = [0.0, 0.0, 0.0]
    elif obj.state & GRAVITY_PS:
        obj.acc = [0.0, 0.0, GRAVITY]
    else:
        obj.acc = [0.0, 0.0, 0.0]


def update_physics_internal(obj, quantum, frame):
    """CPhysicsObj::UpdatePhysicsInternal (0x00510700). quantum is a float parameter."""
    v = obj.vel
    velocity_mag2 = st('upi.mag2', add('upi.mag2+', v[0] * v[0], v[1] * v[1], v[2] * v[2]))
    if cmp('upi.still', '<=', velocity_mag2, 0.0):
        if not obj.has_movement_manager and obj.transient & ON_WALKABLE_TS:
            obj.transient &= ~ACTIVE_TS & 0xFFFFFFFF
    else:
        if cmp('upi.clamp', '>', velocity_mag2, 50.0 * 50.0):
            obj.vel = v = vec3_normalize(v)
            velocity_mag2 = 50.0 * 50.0
            v[0] = st('upi.clamp.x', 50.0 * v[0])
            v[1] = st('upi.clamp.y', 50.0 * v[1])
            v[2] = st('upi.clamp.z', 50.0 * v[2])
        calc_friction(obj, quantum, velocity_mag2)
        v = obj.vel
        if cmp('upi.small', '<', velocity_mag2 - 0.25 * 0.25, EPS):
            obj.vel = v = [0.0, 0.0, 0.0]
        a = obj.acc
        v6 = a[0] * 0.5
        v7 = a[1] * 0.5
        wz = a[2] * 0.5                                   # float w.z; a float times 0.5: exact
        v8 = st('upi.ax_q', v6 * quantum)
        v9 = st('upi.ax_qq', v8 * quantum)
        v10 = st('upi.ay_qq', mul('upi.ay_qq*', v7, quantum, quantum))
        v11 = quantum * v[0]
        v12 = quantum * v[1]
        rz = st('upi.vz_q', quantum * v[2])
        wx = st('upi.dx', v11 + v9)
        wz = st('upi.dz', rz + mul('upi.az_qq*', wz, quantum, quantum))
        o = frame.o
        o[0] = fst('upi.ox', wx + o[0])
        o[1] = fst('upi.oy', add('upi.oy+', v12, v10, o[1]))
        o[2] = fst('upi.oz', wz + o[2])
    a = obj.acc
    v = obj.vel
    v14 = quantum * a[0]
    v15 = quantum * a[1]
    rz = st('upi.az_q', quantum * a[2])
    v[0] = fst('upi.vx', v14 + v[0])
    v[1] = fst('upi.vy', v15 + v[1])
    v[2] = fst('upi.vz', rz + v[2])
    om = obj.omega
    w = [st('upi.wx', quantum * om[0]), st('upi.wy', quantum * om[1]), st('upi.wz', quantum * om[2])]
    frame_grotate(frame, w)


def update_position_internal(obj, quantum):
    """CPhysicsObj::UpdatePositionInternal (0x00512C30) for an object with no part array and no
    position manager, followed by no hooks: returns the new frame."""
    off = Frame()
    frame_cache(off)
    if not (obj.state & HIDDEN_PS):
        if obj.transient & ON_WALKABLE_TS:
            v6 = obj.scale
            off.o = [f32(off.o[0] * v6), f32(off.o[1] * v6), f32(off.o[2] * v6)]
        else:
            off.o = [f32(off.o[0] * 0.0), f32(off.o[1] * 0.0), f32(off.o[2] * 0.0)]
    out = Frame()
    frame_combine(out, obj.frame, off)
    if not (obj.state & HIDDEN_PS):
        update_physics_internal(obj, quantum, out)
    return out


def handle_all_collisions_impulse(obj, normal, normal_valid, frames_stationary_fall, prev_on_walkable):
    """The velocity and transient-state part of CPhysicsObj::handle_all_collisions (0x00514780)
    when there are no collided objects and no environment collision to report."""
    apply_bounce = (not prev_on_walkable) or not (obj.transient & ON_WALKABLE_TS) or bool(obj.state & SLEDDING_PS)
    v10 = frames_stationary_fall
    v = obj.vel
    if v10 <= 1:
        if apply_bounce and normal_valid:
            if obj.state & INELASTIC_PS:
                obj.vel = [0.0, 0.0, 0.0]
            else:
                v13 = add('hac.dot+', v[2] * normal[2], v[1] * normal[1], normal[0] * v[0])
                if cmp('hac.into', '<', v13, 0.0):
                    v14 = -(v13 * xst('hac.e1', obj.elasticity + 1.0))
                    v15 = st('hac.v15', v14 * normal[1])
                    v16 = st('hac.v16', v14 * normal[2])
                    v[0] = fst('hac.vx', v14 * normal[0] + v[0])
                    v[1] = fst('hac.vy', v15 + v[1])
                    v[2] = fst('hac.vz', v16 + v[2])
    else:
        obj.vel = [0.0, 0.0, 0.0]
        if v10 == 3:
            obj.transient &= 0xFFFFFF8F
            return
    if not v10:
        obj.transient &= 0xFFFFFF8F
        return
    if v10 == 1:
        obj.transient |= 0x10
    elif v10 == 2:
        obj.transient |= 0x20
    else:
        obj.transient |= 0x40


def sequence_apply_physics(frame, quantum, sign, velocity, omega):
    """CSequence::apply_physics (0x00524AB0). quantum and sign are doubles; C0 of comparing sign
    with 0.0 (sign < 0) negates |quantum|."""
    v5 = abs(quantum)
    if sign < 0.0:
        v5 = -v5
    v8 = v5 * velocity[0]
    wy = st('ap.dy', v5 * velocity[1])
    wz = st('ap.dz', v5 * velocity[2])
    o = frame.o
    o[0] = fst('ap.ox', v8 + o[0])
    o[1] = fst('ap.oy', wy + o[1])
    o[2] = fst('ap.oz', wz + o[2])
    v9 = v5 * omega[0]
    v11 = v5 * omega[1]
    v13 = st('ap.wz', v5 * omega[2])
    frame_rotate(frame, [st('ap.wx', v9), st('ap.wy', v11), v13])


def fphook_execute(curr_time, time_created, interpolation_time, start, end):
    """FPHook::Execute (0x0051BAA0): returns (curr_value float, done)."""
    v2 = curr_time - time_created
    if cmp('fph.started', '>', v2, 0.0):
        if cmp('fph.running', '<', v2, interpolation_time):
            v5 = st('fph.t', fdiv(v2, interpolation_time))
        else:
            v5 = 1.0
    else:
        v5 = 0.0
    cv = fst('fph.value', alt('fph.lerp', lambda: (end - start) * v5 + start,
                             weights=lambda: start * (1.0 - v5) + end * v5))
    return cv, v5 == 1.0


def set_velocity(obj, new):
    """CPhysicsObj::set_velocity (0x005113F0). The change test is Vector3::operator!= (0x0045F9F0):
    some axis differs by more than EPSILON. The clamp's comparison is lost in the decompilation
    (`v5 = z; if (v7 | v8)`: only the last load and C0|C2 survive); this model takes
    |v|² > 50² in double, and the generator keeps |v|² away from 2500 by more than any float
    rounding of it, so the vectors pin the normalize-then-scale arithmetic, not that guess.
    Returns jumped_this_frame."""
    old = obj.vel
    changed = (cmp('setvel.ne', '>', abs(new[0] - old[0]), EPS) or cmp('setvel.ne', '>', abs(new[1] - old[1]), EPS)
               or cmp('setvel.ne', '>', abs(new[2] - old[2]), EPS))
    jumped = False
    if changed:
        v = list(new)
        if v[0] * v[0] + v[1] * v[1] + v[2] * v[2] > 50.0 * 50.0:
            v = vec3_normalize(v)
            v = [fst('setvel.x', 50.0 * v[0]), fst('setvel.y', 50.0 * v[1]), fst('setvel.z', 50.0 * v[2])]
        obj.vel = v
        jumped = True
    if not (obj.state & STATIC_PS):
        obj.transient |= ACTIVE_TS
    return jumped
