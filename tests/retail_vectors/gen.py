#!/usr/bin/env python3
"""Generate tests/data/retail_vectors.json from the independent retail model (retail_model.py).

    python3 tests/retail_vectors/gen.py            # regenerate the vectors and mutations.txt (~40 s)
    python3 tests/retail_vectors/gen.py --check    # only verify the checked-in files are current

Python 3 from Debian, standard library only. Deterministic: fixed seeds, no clock; Python's math
module is the only libm, and every call the model makes is recorded in the vector.

What it does:
  1. Builds inputs for each modelled retail function: random values (fixed seed), values of
     mixed magnitudes, and crafted ones at every comparison boundary. For each sum whose operands
     are products of inputs, cancel() makes two terms cancel exactly at a large magnitude next to
     a small term with low bits (so the result shows when the small term was added); refine()
     grades inputs by size and bisects each onto an edge where the result changes, placing a sum
     of squares within far less than an ulp of a rounding boundary.
  2. Self-check, the mutation table: for every mutation of the model (a float store kept in
     double, every other left-fold order of a sum or a product, a flipped comparison boundary,
     a plausible alternative formulation) it counts the vectors whose expected output changes.
     A mutation no vector catches is searched for with more candidates (a seed per mutation);
     one still uncaught must be listed in CANNOT_MATTER or NOT_FOUND with the reason, or the
     generator fails. The table goes to stdout and to tests/retail_vectors/mutations.txt.
  3. Writes the vectors: per function a schema line (field names and types) and one line per
     vector with hex bit patterns (f32 and u32: 8 digits, f64: 16) for inputs and outputs, and
     the libm calls the model made ("sin <arg> <result>", hex float64).

The tests (tests/c/test_retail_vectors.c, tests/node/retail_vectors.test.mjs) compare every
output bit for bit. acphys's libm (src/physics/geometry/mathx_*.c, fdlibm) and Python's may differ in the last
bit of a transcendental: the C test checks each recorded call against mathx (within 1 ulp) and
then replays the recorded results through mathx.h's test-build seam, so the arithmetic after
them is pinned exactly; the Node test, over the production .wasm, runs the vectors whose calls
mathx reproduces exactly (over 90 %) and checks the others' calls within 1 ulp.
"""
import json
import math
import os
import random
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True
import retail_model as R  # noqa: E402
from retail_model import Frame, Mut, T, f32  # noqa: E402

ROOT = os.path.normpath(os.path.join(HERE, '..', '..'))
OUT = os.path.join(ROOT, 'tests', 'data', 'retail_vectors.json')
TABLE = os.path.join(HERE, 'mutations.txt')
FORMAT = 'acphys-retail-vectors/1'
EPS_F = R.EPS
SEED = 114186

# ---------------------------------------------------------------------------------------------
# Schemas

FRAME_FIELDS = ['qw', 'qx', 'qy', 'qz'] + ['m%d' % i for i in range(9)] + ['ox', 'oy', 'oz']


def FR(p):
    return [(p + '.' + n, 'f32') for n in FRAME_FIELDS]


def AF(p):
    return [(p + '.' + n, 'f32') for n in ('ox', 'oy', 'oz', 'qw', 'qx', 'qy', 'qz')]


def V3(p):
    return [(p + '.' + n, 'f32') for n in 'xyz']


def F(n):
    return [(n, 'f32')]


def D(n):
    return [(n, 'f64')]


def U(n):
    return [(n, 'u32')]


class Rd:
    def __init__(self, vals):
        self.v, self.i = vals, 0

    def take(self, n):
        r = self.v[self.i:self.i + n]
        self.i += n
        return list(r)

    def one(self):
        return self.take(1)[0]

    def frame(self):
        x = self.take(16)
        return Frame(x[0:4], x[4:13], x[13:16])

    def aframe(self):
        x = self.take(7)
        return (x[0:3], x[3:7])

    def vec(self):
        return self.take(3)


def obj_of(r, fields):
    o = R.Obj()
    for name in fields:
        if name in ('vel', 'acc', 'omega', 'contact_n'):
            setattr(o, name, r.vec())
        elif name == 'frame':
            o.frame = r.frame()
        else:
            setattr(o, name, r.one())
    return o


# ---------------------------------------------------------------------------------------------
# Random inputs

def rval(rng):
    k = rng.randrange(7)
    if k == 0:
        x = rng.uniform(-1, 1)
    elif k == 1:
        x = rng.uniform(-200, 200)
    elif k == 2:
        x = math.ldexp(rng.uniform(1, 2), rng.randint(-30, 14)) * rng.choice((-1, 1))
    elif k == 3:
        x = rng.uniform(0, 192)
    elif k == 4:
        x = rng.choice([0.0, 1.0, -1.0, 0.5, 0.25, 2.0, 0.1, 1 / 3, 100.1, 1e-3])
    elif k == 5:
        x = rng.uniform(-1, 1) * 10 ** rng.randint(-6, 4)
    else:
        x = rng.gauss(0, 10)
    return f32(x)


def rpos(rng):
    """A landblock-relative coordinate: [0, 192) with all its float bits, or anything."""
    k = rng.randrange(4)
    if k == 0:
        return f32(rng.uniform(0, 192))
    if k == 1:
        return f32(rng.uniform(-20, 20))
    if k == 2:
        return f32(rng.uniform(-4000, 4000))
    return rval(rng)


def rquat(rng):
    k = rng.randrange(5)
    if k == 0:
        q = [rng.gauss(0, 1) for _ in range(4)]
    elif k == 1:  # small rotation
        a = math.ldexp(rng.uniform(1, 2), rng.randint(-14, -2))
        ax = [rng.gauss(0, 1) for _ in range(3)]
        n = math.sqrt(sum(c * c for c in ax)) or 1.0
        q = [math.cos(a / 2)] + [math.sin(a / 2) * c / n for c in ax]
    elif k == 2:  # heading only, as most AC objects
        h = rng.uniform(-math.pi, math.pi)
        q = [math.cos(h / 2), 0.0, 0.0, math.sin(h / 2)]
    elif k == 3:  # heading and pitch
        h, p = rng.uniform(-math.pi, math.pi), rng.uniform(-0.5, 0.5)
        q = [math.cos(h / 2) * math.cos(p / 2), math.cos(h / 2) * math.sin(p / 2),
             math.sin(h / 2) * math.sin(p / 2), math.sin(h / 2) * math.cos(p / 2)]
    else:
        q = [rng.gauss(0, 1) for _ in range(4)]
        q[rng.randrange(4)] *= 1e-4
    n = math.sqrt(sum(c * c for c in q)) or 1.0
    return [f32(c / n) for c in q]


def rframe(rng, origin=True):
    f = Frame()
    R.frame_cache(f)
    R.frame_set_rotate(f, *rquat(rng))
    if origin:
        f.o = [rpos(rng) for _ in range(3)]
    return f


def ident():
    f = Frame()
    R.frame_cache(f)
    return f


def rvec(rng, lo=-1.0, hi=1.0):
    k = rng.randrange(4)
    if k == 0:
        return [f32(rng.uniform(lo, hi)) for _ in range(3)]
    if k == 1:
        return [rval(rng) for _ in range(3)]
    if k == 2:
        s = math.ldexp(1.0, rng.randint(-20, 6))
        return [f32(rng.uniform(-s, s)) for _ in range(3)]
    return [f32(rng.gauss(0, (hi - lo) / 4)) for _ in range(3)]


def runit(rng, zmin=-1.0):
    while True:
        v = [rng.gauss(0, 1) for _ in range(3)]
        n = math.sqrt(sum(c * c for c in v))
        if n > 1e-6 and v[2] / n >= zmin:
            return [f32(c / n) for c in v]


def rnormal(rng):
    """A contact-plane normal: flat, walkable or steep."""
    k = rng.randrange(4)
    if k == 0:
        return [0.0, 0.0, 1.0]
    if k == 1:
        return runit(rng, 0.9)
    if k == 2:
        return runit(rng, 0.6)
    return runit(rng)


def rquantum(rng):
    k = rng.randrange(5)
    if k == 0:
        return f32(1 / 30)
    if k == 1:
        return f32(rng.uniform(0.0002, 0.2))
    if k == 2:
        return f32(rng.choice([0.1, 0.2, 1 / 60, 1 / 45, 0.05, 0.0333, 1.0]))
    if k == 3:
        return f32(rng.uniform(0.001, 0.04))
    return f32(math.ldexp(rng.uniform(1, 2), rng.randint(-12, -3)))


def rvel(rng):
    k = rng.randrange(6)
    if k == 0:
        return [0.0, 0.0, 0.0]
    if k == 1:  # beyond the 50 m/s clamp
        u = runit(rng)
        s = rng.uniform(50.01, 400)
        return [f32(c * s) for c in u]
    if k == 2:  # near the small-velocity cut
        u = runit(rng)
        s = rng.uniform(0.2, 0.3)
        return [f32(c * s) for c in u]
    if k == 3:
        return [f32(rng.uniform(-5, 5)), f32(rng.uniform(-5, 5)), f32(rng.uniform(-10, 10))]
    return rvec(rng, -40, 40)


def racc(rng):
    k = rng.randrange(4)
    if k == 0:
        return [0.0, 0.0, R.GRAVITY]
    if k == 1:
        return [0.0, 0.0, 0.0]
    return rvec(rng, -20, 20)


def romega(rng):
    k = rng.randrange(4)
    if k == 0:
        return [0.0, 0.0, 0.0]
    if k == 1:
        return [0.0, 0.0, f32(rng.uniform(-3, 3))]
    return rvec(rng, -4, 4)


def rbits(rng, *choices):
    v = 0
    for c in choices:
        if rng.random() < 0.5:
            v |= c
    return v


# ---------------------------------------------------------------------------------------------
# Cases: the retail functions, their schemas, runners, random and crafted inputs

class Case:
    def __init__(self, fn, ins, outs, run, gen, crafted=(), count=40, accept=None):
        self.fn, self.ins, self.outs, self.run, self.gen = fn, ins, outs, run, gen
        self.crafted, self.count = list(crafted), count
        self.accept = accept or (lambda v: True)   # inputs the model may not be sure of: False


CASES = []


def flat(*parts):
    out = []
    for p in parts:
        if isinstance(p, Frame):
            out += p.values()
        elif isinstance(p, tuple):  # aframe
            out += list(p[0]) + list(p[1])
        elif isinstance(p, list):
            out += p
        else:
            out.append(p)
    return out


# -- Frame --------------------------------------------------------------------------------------

def run_cache(v):
    f = Frame(q=v[0:4])
    R.frame_cache(f)
    return f.m


def gen_cache(rng):
    return rquat(rng) if rng.random() < 0.7 else [rval(rng) for _ in range(4)]


def crafted_cache():
    """1 − 2qy² − 2qz² with 2qy² as close to 1 as a float qy allows (qy = k·2^-24, k² next to 2^47):
    1 − 2qy² is then small and exact, and 2qz² (qz small, with low bits) loses them when it is
    added to 1 before 2qy² is taken off. The same for m4 and m8 with qx."""
    rng = random.Random('%d:crafted_cache' % SEED)
    out = [[1.0, 0.0, 0.0, 0.0], [f32(0.5 ** 0.5), 0.0, 0.0, f32(0.5 ** 0.5)], [0.0, 0.0, 0.0, 0.0]]
    k = math.isqrt(2 ** 47)
    near = k * 2.0 ** -24
    r = 1.0 - 2.0 * near * near                                     # exact, > 0
    qz = f32(math.sqrt(r / 2))
    for d in range(-3, 4):                                          # 2qz² ≈ r: m0 cancels to ~0
        z = R.bits_f32(R.f32_bits(qz) + d)
        small = f32(rng.uniform(-1, 1) * 1e-3)
        out.append([f32(rng.uniform(-1, 1)), small, near, z])       # m0
        out.append([f32(rng.uniform(-1, 1)), near, small, z])       # m4
        out.append([f32(rng.uniform(-1, 1)), near, z, small])       # m8
    for kk in (k, k + 1):
        near = kk * 2.0 ** -24
        for _ in range(4):
            t1 = f32(math.ldexp(rng.uniform(1, 2), -rng.randint(12, 20)))
            t2 = f32(math.ldexp(rng.uniform(1, 2), -rng.randint(12, 20)))
            out.append([f32(rng.uniform(-1, 1)), t1, near, t2])      # m0: qy near, qz small
            out.append([f32(rng.uniform(-1, 1)), near, t1, t2])      # m4, m8: qx near
    return out


CASES.append(Case('frame_cache', [(n, 'f32') for n in ('q.qw', 'q.qx', 'q.qy', 'q.qz')],
                  [('m%d' % i, 'f32') for i in range(9)], run_cache, gen_cache, crafted_cache()))


def run_set_rotate(v):
    r = Rd(v)
    f = r.frame()
    R.frame_set_rotate(f, *r.take(4))
    return f.values()


def gen_set_rotate(rng):
    f = rframe(rng)
    k = rng.randrange(3)
    if k == 0:
        q = rquat(rng)
    elif k == 1:
        s = rng.choice([3.0, 0.01, 250.0, 1.0 + 1e-3])
        q = [f32(c * s) for c in rquat(rng)]
    else:
        q = [rval(rng) for _ in range(4)]
    return flat(f, q)


def crafted_set_rotate():
    nanf = ident()
    nanf.o = [math.nan, 0.0, 0.0]
    return [flat(ident(), [0.0, 0.0, 0.0, 0.0]),          # zero: invalid, keeps the old rotation
            flat(ident(), [math.inf, 0.0, 0.0, 0.0]),     # infinite: invalid
            flat(nanf, [0.0, 1.0, 0.0, 0.0])]             # NaN origin: invalid whatever q is


CASES.append(Case('frame_set_rotate', FR('f') + [('qw', 'f32'), ('qx', 'f32'), ('qy', 'f32'), ('qz', 'f32')],
                  FR('out'), run_set_rotate, gen_set_rotate, crafted_set_rotate()))


def run_is_valid(v):
    return [1 if R.frame_is_valid(Rd(v).frame()) else 0]


def gen_is_valid(rng):
    f = rframe(rng)
    k = rng.randrange(3)
    if k == 0:   # a quaternion scaled to |q|² within a few ulps of 1 ± 0.001
        q = rquat(rng)
        s = math.sqrt(rng.choice([1.001, 0.999]) + rng.uniform(-3e-7, 3e-7))
        f.q = [f32(c * s) for c in q]
    elif k == 1:
        f.q = [rval(rng) for _ in range(4)]
    return flat(f)


def crafted_is_valid():
    out = []
    for q, o in (([1.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0]), ([math.nan, 0, 0, 0], [0.0, 0.0, 0.0]),
                 ([1.0, 0.0, 0.0, 0.0], [0.0, math.nan, 0.0]), ([f32(1.0005), 0, 0, 0], [0.0, 0.0, 0.0]),
                 ([f32(1.0004), 0, 0, 0], [1.0, 2.0, 3.0])):
        f = ident()
        f.q, f.o = list(q), list(o)
        out.append(flat(f))
    return out


CASES.append(Case('frame_is_valid', FR('f'), U('valid'), run_is_valid, gen_is_valid, crafted_is_valid()))


def frame_op(model_fn, second, extra=0):
    """The runner of a retail Frame operation out = op(a, b[, extra vec3]) on an identity out."""
    def run(v):
        r = Rd(v)
        a = r.frame()
        b = r.frame() if second == 'frame' else r.aframe()
        args = [r.vec()] if extra else []
        out = ident()
        model_fn(out, a, b, *args)
        return out.values()
    return run


run_combine = frame_op(R.frame_combine, 'frame')
run_combine_af = frame_op(R.frame_combine_aframe, 'aframe')
run_combine_sc = frame_op(R.frame_combine_scaled, 'aframe', extra=1)
run_sub1 = frame_op(R.frame_subtract1, 'aframe')
run_sub2 = frame_op(R.frame_subtract2, 'frame')


def gen_combine(rng):
    a = rframe(rng)
    b = rframe(rng)
    if rng.random() < 0.3:
        b.o = [f32(rng.uniform(-2, 2) * 10 ** rng.randint(-4, 0)) for _ in range(3)]
    if rng.random() < 0.2:
        b = ident()
    return flat(a, b)


CASES.append(Case('frame_combine', FR('a') + FR('b'), FR('out'), run_combine, gen_combine, count=30))


def gen_aframe(rng):
    q = rquat(rng)
    if rng.random() < 0.3:
        return ([f32(rng.uniform(-0.2, 0.2)) for _ in range(3)], q)
    return ([rval(rng) for _ in range(3)], q)


def gen_combine_af(rng):
    return flat(rframe(rng), gen_aframe(rng))


CASES.append(Case('frame_combine_aframe', FR('a') + AF('b'), FR('out'), run_combine_af, gen_combine_af,
                  [flat(ident(), ([0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]))], count=30))


def gen_combine_sc(rng):
    k = rng.randrange(3)
    s = [f32(rng.uniform(0.1, 3))] * 3 if k == 0 else ([1.0, 1.0, 1.0] if k == 1 else [rval(rng) for _ in range(3)])
    return flat(rframe(rng), gen_aframe(rng), s)


CASES.append(Case('frame_combine_scaled', FR('a') + AF('b') + V3('scale'), FR('out'), run_combine_sc,
                  gen_combine_sc, count=30))


CASES.append(Case('frame_subtract1', FR('a') + AF('b'), FR('out'), run_sub1, gen_combine_af, count=30))


CASES.append(Case('frame_subtract2', FR('a') + FR('b'), FR('out'), run_sub2, gen_combine, count=30))


def run_g2l(v):
    r = Rd(v)
    f, p = r.frame(), r.vec()
    return R.frame_globaltolocal(f, p)


def gen_g2l(rng):
    f = rframe(rng)
    p = [rpos(rng) for _ in range(3)] if rng.random() < 0.5 else [
        f32(c + rng.uniform(-1, 1) * 10 ** rng.randint(-6, 2)) for c in f.o]
    return flat(f, p)


CASES.append(Case('frame_globaltolocal', FR('f') + V3('p'), V3('out'), run_g2l, gen_g2l, count=30))


def run_l2g(v):
    r = Rd(v)
    f, p = r.frame(), r.vec()
    return R.frame_localtoglobal(f, p)


def gen_l2g(rng):
    return flat(rframe(rng), rvec(rng, -3, 3) if rng.random() < 0.5 else [rpos(rng) for _ in range(3)])


CASES.append(Case('frame_localtoglobal', FR('f') + V3('p'), V3('out'), run_l2g, gen_l2g, count=30))


def run_grotate(v):
    r = Rd(v)
    f, w = r.frame(), r.vec()
    R.frame_grotate(f, w)
    return f.values()


def gen_grotate(rng):
    f = rframe(rng)
    k = rng.randrange(3)
    if k == 0:
        w = [f32(c * rquantum(rng)) for c in romega(rng)]
    elif k == 1:
        w = rvec(rng, -0.2, 0.2)
    else:
        w = rvec(rng, -3, 3)
    return flat(f, w)


def crafted_grotate():
    return [flat(ident(), [EPS_F, 0.0, 0.0]),                  # |w|² == EPSILON² exactly
            flat(ident(), [0.0, f32(EPS_F * 0.999), 0.0]),     # just below: no rotation
            flat(ident(), [0.0, 0.0, f32(math.pi)])]


CASES.append(Case('frame_grotate', FR('f') + V3('w'), FR('out'), run_grotate, gen_grotate, crafted_grotate(),
                  count=30))


def run_rotate(v):
    r = Rd(v)
    f, w = r.frame(), r.vec()
    R.frame_rotate(f, w)
    return f.values()


CASES.append(Case('frame_rotate', FR('f') + V3('w'), FR('out'), run_rotate, gen_grotate, count=30))


def run_euler(v):
    r = Rd(v)
    f = r.frame()
    R.frame_euler_set_rotate(f, *r.take(3))
    return f.values()


def gen_euler(rng):
    f = rframe(rng)
    k = rng.randrange(3)
    if k == 0:
        e = [f32(rng.uniform(-1.5, 1.5)), 0.0, f32(rng.uniform(-6.3, 0))]
    elif k == 1:
        e = [f32(rng.uniform(-math.pi, math.pi)) for _ in range(3)]
    else:
        e = [f32(rng.uniform(-20, 20)) for _ in range(3)]
    return flat(f, e)


CASES.append(Case('frame_euler_set_rotate', FR('f') + F('x') + F('y') + F('z'), FR('out'), run_euler, gen_euler,
                  count=30))


def run_svh(v):
    r = Rd(v)
    f = r.frame()
    R.frame_set_vector_heading(f, r.vec())
    return f.values()


def gen_svh(rng):
    f = rframe(rng)
    k = rng.randrange(3)
    if k == 0:
        d = [f32(rng.uniform(-5, 5)), f32(rng.uniform(-5, 5)), 0.0]
    elif k == 1:
        d = rvec(rng, -30, 30)
    else:
        d = [f32(c * 1e-3) for c in runit(rng)]
    return flat(f, d)


def crafted_svh():
    return [flat(ident(), [EPS_F, 0.0, 0.0]),                 # |d| == EPSILON: normalized
            flat(ident(), [0.0, f32(EPS_F * 0.99), 0.0]),     # too small: unchanged
            flat(ident(), [0.0, 0.0, 1.0]),                   # vertical
            flat(ident(), [-1.0, 0.0, 0.0]), flat(ident(), [0.0, -1.0, 0.0])]


CASES.append(Case('frame_set_vector_heading', FR('f') + V3('dir'), FR('out'), run_svh, gen_svh, crafted_svh(),
                  count=30))


def run_set_heading(v):
    r = Rd(v)
    f = r.frame()
    R.frame_set_heading(f, r.one())
    return f.values()


def gen_set_heading(rng):
    return flat(rframe(rng), f32(rng.choice([rng.uniform(0, 360), rng.uniform(-720, 720), rng.randint(0, 8) * 45.0])))


CASES.append(Case('frame_set_heading', FR('f') + F('degrees'), FR('out'), run_set_heading, gen_set_heading, count=30))


def run_get_heading(v):
    return [R.frame_get_heading(Rd(v).frame())]


def gen_get_heading(rng):
    return flat(rframe(rng))


CASES.append(Case('frame_get_heading', FR('f'), D('heading'), run_get_heading, gen_get_heading, count=30))


def run_interp(v):
    r = Rd(v)
    a, b, t = r.frame(), r.frame(), r.one()
    out = ident()
    R.frame_interpolate_rotation(out, a, b, t)
    return out.values()


def gen_interp(rng):
    a = rframe(rng)
    b = rframe(rng)
    if rng.random() < 0.3:   # close rotations: the linear branch and its boundary
        b = a.copy()
        R.frame_grotate(b, [f32(c * 10 ** rng.randint(-4, -1)) for c in runit(rng)])
    t = f32(rng.choice([rng.random(), rng.uniform(-0.5, 1.5), 0.5, 1 / 3]))
    return flat(a, b, t)


def crafted_interp():
    out = []
    a, b = ident(), ident()
    b.q = [0.0, 1.0, 0.0, 0.0]                                  # cos = 0 exactly: no flip
    out.append(flat(a, b, f32(0.25)))
    c = f32(1.0 - EPS_F)
    if c > 1.0 - EPS_F:
        c = f32(c - 2 ** -24)
    d = (1.0 - EPS_F) - c
    assert f32(d) == d
    a2, b2 = ident(), ident()
    a2.q = [1.0, d, 0.0, 0.0]
    b2.q = [c, 1.0, 0.0, 0.0]                                   # cos = 1 − EPSILON exactly
    out.append(flat(a2, b2, f32(0.3)))
    return out


CASES.append(Case('frame_interpolate_rotation', FR('from') + FR('to') + F('t'), FR('out'), run_interp, gen_interp,
                  crafted_interp(), count=30))


# -- Vector3, Position --------------------------------------------------------------------------

def run_ncs(v):
    small, r = R.vec3_normalize_check_small(v[0:3])
    return [1 if small else 0] + r


def gen_ncs(rng):
    return rvec(rng, -10, 10)


CASES.append(Case('vec3_normalize_check_small', V3('v'), U('small') + V3('out'), run_ncs, gen_ncs,
                  [[EPS_F, 0.0, 0.0], [0.0, 0.0, f32(EPS_F * 0.999)], [0.0, 0.0, 0.0]]))


def run_vdiv(v):
    return R.vector3_div(v[0:3], v[3])


def gen_vdiv(rng):
    return rvec(rng, -5, 5) + [rquantum(rng) if rng.random() < 0.7 else rval(rng) or 1.0]


CASES.append(Case('vector3_div', V3('v') + F('d'), V3('out'), run_vdiv, gen_vdiv))


def run_get_offset(v):
    r = Rd(v)
    ca, oa, cb, ob = r.one(), r.vec(), r.one(), r.vec()
    return R.position_get_offset(ca, oa, cb, ob)


def rcell(rng):
    return (rng.randrange(0x00, 0xFF) << 24) | (rng.randrange(0x00, 0xFF) << 16) | rng.choice(
        [0x0001, 0x0019, 0x0040, 0x0100, 0x0123])


def gen_get_offset(rng):
    ca = rcell(rng)
    k = rng.randrange(3)
    if k == 0:
        cb = ca
    elif k == 1:
        cb = (ca & 0xFFFF) | ((((ca >> 24) + rng.randint(-1, 1)) & 0xFF) << 24) | (
            (((ca >> 16) + rng.randint(-1, 1)) & 0xFF) << 16)
    else:
        cb = rcell(rng)
    return flat(ca, [rpos(rng) for _ in range(3)], cb, [rpos(rng) for _ in range(3)])


CASES.append(Case('position_get_offset', U('a.cell') + V3('a.origin') + U('b.cell') + V3('b.origin'), V3('out'),
                  run_get_offset, gen_get_offset,
                  [flat(0xA9B40019, [1.5, 2.5, 3.5], 0, [f32(10.1), f32(20.2), f32(30.3)])]))


# -- CPhysicsObj --------------------------------------------------------------------------------

def run_set_velocity(v):
    r = Rd(v)
    o = obj_of(r, ['state', 'transient', 'vel'])
    jumped = R.set_velocity(o, r.vec())
    return o.vel + [o.transient, 1 if jumped else 0]


def gen_set_velocity(rng):
    old = rvel(rng)
    if rng.random() < 0.5:
        new = rvel(rng)
        m2 = sum(c * c for c in new)
        if 2400 < m2 < 2600:
            new = [0.0, 0.0, 1.0]
    else:
        new = [f32(c + rng.choice([0.0, EPS_F, -EPS_F, 3e-4, 1e-4])) for c in old]
    return flat(rbits(rng, R.STATIC_PS, R.GRAVITY_PS), rbits(rng, R.ACTIVE_TS, R.ON_WALKABLE_TS), old, new)


def crafted_set_velocity():
    return [flat(0, 0, [0.0, 0.0, 0.0], [EPS_F, 0.0, 0.0]),          # |Δ| == EPSILON: unchanged
            flat(0, 0, [0.0, 0.0, 0.0], [0.0, 0.0, f32(EPS_F * 1.001)]),
            flat(0, 0, [1.0, 2.0, 3.0], [f32(30.0), f32(60.0), f32(-40.0)])]


def clamp_is_certain(v):
    """set_velocity's clamp test is lost in the decompilation (model docstring): keep |new|²
    away from (2500, 2500 + ulp], where a float and a double |v|² would disagree."""
    x, y, z = v[5:8]
    m2 = x * x + y * y + z * z
    return not (2499.99 < m2 < 2500.01)


CASES.append(Case('set_velocity', U('state') + U('transient') + V3('vel') + V3('new'),
                  V3('vel') + U('transient') + U('jumped'), run_set_velocity, gen_set_velocity,
                  crafted_set_velocity(), accept=clamp_is_certain))


FRICTION_OBJ = ['state', 'transient', 'vel', 'contact_n', 'friction']
FRICTION_IN = U('state') + U('transient') + V3('vel') + V3('contact_n') + F('friction')


def run_friction(v):
    r = Rd(v)
    o = obj_of(r, FRICTION_OBJ)
    q, m2 = r.one(), r.one()
    R.calc_friction(o, q, m2)
    return o.vel


def rfriction(rng):
    return f32(rng.choice([0.95, 0.5, 1.0, 0.0, rng.random()]))


def gen_friction(rng):
    vel = rvel(rng)
    n = rnormal(rng)
    m2 = f32(vel[0] * vel[0] + vel[1] * vel[1] + vel[2] * vel[2])
    k = rng.randrange(4)
    if k == 0:
        m2 = f32(rng.choice([1.5625, 6.25, rng.uniform(0, 10)]))
    elif k == 1:   # slide along the plane (v·n small or negative)
        d = vel[0] * n[0] + vel[1] * n[1] + vel[2] * n[2]
        vel = [f32(vel[i] - d * n[i] - rng.uniform(0, 0.5) * n[i]) for i in range(3)]
    state = rng.choice([0, R.SLEDDING_PS, R.SLEDDING_PS | R.GRAVITY_PS, R.GRAVITY_PS])
    trans = rng.choice([R.ON_WALKABLE_TS, R.ON_WALKABLE_TS | R.CONTACT_TS, R.CONTACT_TS, 0]) | R.ACTIVE_TS
    return flat(state, trans, vel, n, rfriction(rng), rquantum(rng), m2)


def crafted_friction():
    out = []
    cos10 = math.cos(0.1745329251994329)
    above = f32(cos10)
    if above < cos10:
        above = R.bits_f32(R.f32_bits(above) + 1)
    below = R.bits_f32(R.f32_bits(above) - 1)
    for state in (0, R.SLEDDING_PS):
        # v·n exactly 0.25: moving away, no friction at all
        out.append(flat(state, R.ON_WALKABLE_TS, [1.0, 0.0, 0.25], [0.0, 0.0, 1.0], f32(0.95), f32(1 / 30), f32(1.0625)))
    # quantum 1/30, and 1.0, for which pow(1 − friction, quantum) is exact in every libm
    for m2 in (1.5625, R.bits_f32(R.f32_bits(1.5625) - 1), 6.25, R.bits_f32(R.f32_bits(6.25) - 1), 9.0):
        for nz in (above, below):
            nx = f32(math.sqrt(1 - nz * nz))
            for q in (f32(1 / 30), 1.0):
                out.append(flat(R.SLEDDING_PS, R.ON_WALKABLE_TS, [f32(2.0), f32(-1.5), f32(-0.5)], [nx, 0.0, nz],
                                f32(0.95), q, m2))
    return out


CASES.append(Case('calc_friction', FRICTION_IN + F('quantum') + F('velocity_mag2'), V3('vel'), run_friction,
                  gen_friction, crafted_friction(), count=50))


def run_calc_acc(v):
    r = Rd(v)
    o = obj_of(r, ['state', 'transient', 'acc', 'omega'])
    R.calc_acceleration(o)
    return o.acc + o.omega


def gen_calc_acc(rng):
    return flat(rbits(rng, R.GRAVITY_PS, R.SLEDDING_PS), rbits(rng, R.CONTACT_TS, R.ON_WALKABLE_TS, R.ACTIVE_TS),
                rvec(rng, -5, 5), rvec(rng, -2, 2))


def crafted_calc_acc():
    out = []
    for state in (0, R.GRAVITY_PS, R.SLEDDING_PS, R.GRAVITY_PS | R.SLEDDING_PS):
        for trans in (0, R.CONTACT_TS, R.ON_WALKABLE_TS, R.CONTACT_TS | R.ON_WALKABLE_TS):
            out.append(flat(state, trans, [1.0, 2.0, 3.0], [0.5, 0.25, 0.125]))
    return out


CASES.append(Case('calc_acceleration', U('state') + U('transient') + V3('acc') + V3('omega'),
                  V3('acc') + V3('omega'), run_calc_acc, gen_calc_acc, crafted_calc_acc(), count=8))


UPI_OBJ = ['state', 'transient', 'vel', 'acc', 'omega', 'contact_n', 'friction']
UPI_IN = U('state') + U('transient') + V3('vel') + V3('acc') + V3('omega') + V3('contact_n') + F('friction')


def run_upi(v):
    r = Rd(v)
    o = obj_of(r, UPI_OBJ)
    f = r.frame()
    q = r.one()
    R.update_physics_internal(o, q, f)
    return f.values() + o.vel + [o.transient]


def gen_upi_obj(rng):
    state = rng.choice([0, R.GRAVITY_PS, R.GRAVITY_PS, R.SLEDDING_PS | R.GRAVITY_PS, R.SLEDDING_PS])
    trans = rng.choice([0, R.ON_WALKABLE_TS | R.CONTACT_TS, R.ON_WALKABLE_TS, R.CONTACT_TS]) | R.ACTIVE_TS
    return flat(state, trans, rvel(rng), racc(rng), romega(rng), rnormal(rng), rfriction(rng))


def gen_upi(rng):
    return gen_upi_obj(rng) + flat(rframe(rng), rquantum(rng))


def crafted_upi():
    f = ident()
    f.o = [f32(100.3), f32(50.7), f32(12.1)]
    g = [0.0, 0.0, R.GRAVITY]
    return [
        # still with gravity: no ½at² displacement, v += a·dt
        flat(R.GRAVITY_PS, R.ACTIVE_TS, [0.0, 0.0, 0.0], g, [0.0, 0.0, 0.0], [0.0, 0.0, 1.0], f32(0.95), f, f32(1 / 30)),
        # still on walkable without a movement manager: deactivates
        flat(0, R.ACTIVE_TS | R.ON_WALKABLE_TS, [0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.5], [0.0, 0.0, 1.0],
             f32(0.95), f, f32(1 / 30)),
        # |v|² == 2500 exactly: not clamped
        flat(R.GRAVITY_PS, R.ACTIVE_TS, [30.0, 40.0, 0.0], g, [0.0, 0.0, 0.0], [0.0, 0.0, 1.0], f32(0.95), f,
             f32(1 / 30)),
        flat(R.GRAVITY_PS, R.ACTIVE_TS, [30.0, 40.0, f32(0.01)], g, [0.0, 0.0, 0.0], [0.0, 0.0, 1.0], f32(0.95), f,
             f32(1 / 30)),
    ]


CASES.append(Case('update_physics_internal', UPI_IN + FR('frame') + F('quantum'),
                  FR('frame') + V3('vel') + U('transient'), run_upi, gen_upi, crafted_upi(), count=80))


def run_upos(v):
    r = Rd(v)
    o = obj_of(r, ['state', 'transient', 'scale'] + UPI_OBJ[2:])
    o.frame = r.frame()
    q = r.one()
    out = R.update_position_internal(o, q)
    return out.values() + o.vel + [o.transient]


def gen_upos(rng):
    g = gen_upi_obj(rng)
    if rng.random() < 0.2:
        g[0] |= R.HIDDEN_PS
    return g[0:2] + [f32(rng.choice([1.0, 0.5, 2.0, rng.uniform(0.1, 3)]))] + g[2:] + flat(rframe(rng), rquantum(rng))


CASES.append(Case('update_position_internal', U('state') + U('transient') + F('scale') + UPI_IN[2:] + FR('pos')
                  + F('quantum'), FR('out') + V3('vel') + U('transient'), run_upos, gen_upos, count=50))


def run_hac(v):
    r = Rd(v)
    o = obj_of(r, ['state', 'transient', 'vel', 'elasticity'])
    n = r.vec()
    valid, fsf, pow_ = r.take(3)
    R.handle_all_collisions_impulse(o, n, bool(valid), fsf, bool(pow_))
    return o.vel + [o.transient]


def gen_hac(rng):
    state = rbits(rng, R.SLEDDING_PS, R.INELASTIC_PS if rng.random() < 0.3 else 0)
    trans = rbits(rng, R.ON_WALKABLE_TS, R.CONTACT_TS, R.STATIONARY_FALL_TS, R.STATIONARY_STOP_TS) | R.ACTIVE_TS
    fsf = rng.choice([0, 0, 0, 1, 1, 2, 3, 4])
    return flat(state, trans, rvel(rng), f32(rng.choice([0.05, 0.0, 0.5, rng.random()])), runit(rng),
                1 if rng.random() < 0.85 else 0, fsf, rng.choice([0, 0, 1]))


def crafted_hac():
    # v·n == 0 with v.x == −0 and n.x < 0: a `<=` would add −0·n.x = +0 to −0
    return [flat(0, R.ACTIVE_TS, [-0.0, 0.0, 0.0], f32(0.05), [f32(-0.6), 0.0, f32(0.8)], 1, 0, 0)]


CASES.append(Case('handle_all_collisions', U('state') + U('transient') + V3('vel') + F('elasticity')
                  + V3('normal') + U('normal_valid') + U('frames_stationary_fall') + U('prev_on_walkable'),
                  V3('vel') + U('transient'), run_hac, gen_hac, crafted_hac(), count=30))


def run_ap(v):
    r = Rd(v)
    f = r.frame()
    q, s = r.take(2)
    vel, om = r.vec(), r.vec()
    R.sequence_apply_physics(f, q, s, vel, om)
    return f.values()


def gen_ap(rng):
    fr = f32(rng.choice([30.0, 15.0, 10.0, 24.0, rng.uniform(5, 40)]))
    q = rng.choice([1.0 / fr, abs(1.0 / fr), float(rquantum(rng)), rng.uniform(0.001, 0.2)])
    s = rng.choice([1.0, -1.0, float(rquantum(rng)), -float(rquantum(rng)), 0.0])
    return flat(rframe(rng), q, s, rvec(rng, -5, 5), romega(rng))


CASES.append(Case('sequence_apply_physics', FR('frame') + D('quantum') + D('sign') + V3('velocity') + V3('omega'),
                  FR('frame'), run_ap, gen_ap, count=30))


def run_fph(v):
    r = Rd(v)
    now, created, interp, start, end = r.take(5)
    value, done = R.fphook_execute(now, created, interp, start, end)
    return [value, 1 if done else 0]


def gen_fph(rng):
    created = rng.uniform(0, 1000)
    interp = rng.choice([0.0, 0.5, 1.0, 2.0, rng.uniform(0.01, 5), 1 / 3])
    k = rng.randrange(4)
    if k == 0:
        now = created + interp * rng.uniform(-0.1, 1.1)
    elif k == 1:
        now = created + interp * (1 - rng.choice([1e-8, 3e-8, 6e-8, 1e-7, 2e-7]))
    elif k == 2:
        now = created + interp
    else:
        now = created + rng.uniform(-1, 6)
    return [now, created, interp, rval(rng), rval(rng)]


def crafted_fph():
    return [[5.0, 5.0, 0.0, 1.0, 2.0],                 # elapsed 0, interpolation 0: not started
            [math.inf, 0.0, math.inf, 1.0, 2.0],       # elapsed == interpolation_time == inf
            [1.0 + 2 ** -30, 0.0, 1.0, 0.0, 1.0]]      # t rounds to 1.0f before the test


CASES.append(Case('fphook_execute', D('now') + D('time_created') + D('interpolation_time') + F('start') + F('end'),
                  F('value') + U('done'), run_fph, gen_fph, crafted_fph(), count=40))


# ---------------------------------------------------------------------------------------------
# Mutations that cannot change any result, with the reason (the generator checks they are
# indeed uncaught, and fails on any other uncaught mutation).

CANNOT_MATTER = {
    ('euler.wa', 'double'): 'z·0.5 of a float z is exact in float (no subnormal inputs)',
    ('set_heading.dz', 'double'): '(m8 + m2)·0 + m5 is m5 (a float) for a finite matrix',
    ('upi.small', 'flip'): '|v|² − 0.0625 is a multiple of 2⁻²⁷ for a float |v|² near 0.0627; '
                           'EPSILON (0x3951B717) is not, so the two are never equal',
    ('is_valid.cmp', 'flip'): '|norm − 1| of a float norm near 1 is a multiple of 2⁻²⁴; 5·EPSILON is not',
    ('friction.sled.cos10', 'flip'): 'contact_plane.N.z is a float; cos(0.1745329251994329) is not one',
    ('get_offset.bz', 'double'): 'the block offset has z = 0, so bz = 0 + b.z is b.z exactly',
    ('svh.z', 'double'): 'euler_set_rotate (order 0) reads z only as wa = (float)(z·0.5), which '
                         'rounds a double z to the same float',
    ('upi.ay_qq*', 'p021'): 'identical operands: (a·q)·q',
    ('upi.ay_qq*', 'p120'): 'a product of three floats whose first product is exact in double is '
                            'rounded once whatever the association',
    ('upi.az_qq*', 'p021'): 'identical operands: (a·q)·q',
    ('upi.az_qq*', 'p120'): 'a product of three floats whose first product is exact in double is '
                            'rounded once whatever the association',
    ('combine_sc.ox.scalefirst', 'rotfirst'): 'b.x·scale.x·m: three floats, rounded once either way',
    ('combine_sc.oy.scalefirst', 'rotfirst'): 'b.x·scale.x·m: three floats, rounded once either way',
    ('combine_sc.oz.scalefirst', 'rotfirst'): 'b.x·scale.x·m: three floats, rounded once either way',
    ('vdiv.x_double_recip', 'div'): 'x/d of two floats is at least ~2^-49 (relative) from a float '
                                    'midpoint; x·(1/d) is within 2^-52 of it: same float',
    ('fph.running', 'flip'): 'at elapsed == interpolation_time both branches give t = 1 (x/x = 1), '
                             'except inf/inf, which the crafted vector pins with the branch retail takes',
}
# Mutations that can matter in principle but for which no vector is known, with the reason.
NOT_FOUND = {
    ('svh.x*', 'p021'): 'asin(n.z)·(180/π)·(π/180): the constants multiply to exactly 1.0 in double, '
                        'so the orders differ by at most an ulp of the double asin(n.z), and n.z is a '
                        'float (normalize_check_small stores it); x changes only where asin of a float '
                        'lies within that ulp of a float midpoint, a few of the 2^30 floats in [-1, 1]',
    ('svh.x*', 'p120'): 'as p021',
}
# Extra stores (a double that retail keeps, stored to float by the mutation) are reported but
# not required: some are exact by construction.


# ---------------------------------------------------------------------------------------------
# Evaluation

def is_nan32(b):
    return (b & 0x7F800000) == 0x7F800000 and (b & 0x7FFFFF) != 0


def enc(t, x):
    if t == 'f32':
        if isinstance(x, float) and math.isnan(x):
            return '7fc00000'
        return '%08x' % R.f32_bits(x)
    if t == 'f64':
        if math.isnan(x):
            return '7ff8000000000000'
        return '%016x' % R.f64_bits(x)
    if t == 'u32':
        return '%08x' % (int(x) & 0xFFFFFFFF)
    raise ValueError(t)


def evaluate(c, vals, log=False):
    T.log = [] if log else None
    try:
        out = c.run(list(vals))
    finally:
        calls, T.log = T.log, None
    assert len(out) == len(c.outs), (c.fn, len(out), len(c.outs))
    return ' '.join(enc(t, x) for (_, t), x in zip(c.outs, out)), calls


def libm_str(calls):
    parts = []
    for name, args, r in calls:
        parts.append(' '.join([name] + ['%016x' % R.f64_bits(a) for a in args] + ['%016x' % R.f64_bits(r)]))
    return ';'.join(parts)


def check_inputs(c, vals):
    assert len(vals) == len(c.ins), (c.fn, len(vals), len(c.ins))
    for (name, t), x in zip(c.ins, vals):
        if t == 'f32' and not math.isnan(x) and not math.isinf(x):
            assert f32(x) == x, (c.fn, name, x)
        if t == 'u32':
            assert isinstance(x, int), (c.fn, name, x)


def adversarial(c, rng):
    """A realistic vector with some of its float fields replaced by values from a small pool of
    random magnitudes (2^-30 .. 2^30) and their negations, or by ± copies of other fields: exact
    cancellations and operands of very different sizes, where the sum order and the float
    stores decide the result."""
    v = c.gen(rng)
    pool = [f32(math.ldexp(rng.uniform(1, 2), rng.randint(-30, 30))) for _ in range(rng.randint(1, 4))]
    pool += [1.0, 0.5]
    p = rng.choice([0.2, 0.5, 1.0])
    fl = [i for i, (_, t) in enumerate(c.ins) if t in ('f32', 'f64')]
    for i in fl:
        r = rng.random()
        if r < p:
            v[i] = rng.choice(pool) * rng.choice((1.0, -1.0))
        elif r < p + 0.15:
            v[i] = v[rng.choice(fl)] * rng.choice((1.0, -1.0))
    for i in fl:
        if c.ins[i][1] == 'f32':
            v[i] = f32(v[i])
    return v


def tiny_set(c, rng):
    """A realistic vector whose float fields are, with some probability each, drawn from a tiny
    set {0, ±1, ±2, ±0.5, ±H, ±s, ...}: H huge, s with random low bits. Products of such fields
    cancel exactly (H·1 − H·1) next to terms whose low bits a large partial sum loses, which is
    what tells one summation order from another."""
    v = c.gen(rng)
    hs = [f32(math.ldexp(rng.uniform(1, 2), rng.randint(16, 40))) for _ in range(2)]
    ss = [f32(rng.uniform(1, 2)), f32(math.ldexp(rng.uniform(1, 2), -rng.randint(1, 30)))]
    choices = [0.0, 1.0, 2.0, 0.5] + hs + ss
    p = rng.choice([0.3, 0.6, 0.9])
    for i, (_, t) in enumerate(c.ins):
        if t in ('f32', 'f64') and rng.random() < p:
            v[i] = rng.choice(choices) * rng.choice((1.0, -1.0))
    return v


def _ordered(t, x):
    """Float bits as an integer that increases with x (both signs)."""
    b = R.f32_bits(x) if t == 'f32' else R.f64_bits(x)
    top = 1 << (31 if t == 'f32' else 63)
    return top + b if b < top else top - (b - top) - 1


def _from_ordered(t, k):
    top = 1 << (31 if t == 'f32' else 63)
    b = k - top if k >= top else top + (top - 1 - k)
    return R.bits_f32(b) if t == 'f32' else R.bits_f64(b)


def edge_in(c, v, i, a, b, rng, j=None):
    """v with field i moved, within [a, b], onto two adjacent float values that give different
    expected outputs (output field j only, when given), by bisection; None when both ends agree."""
    if j is None:
        return edge_observed(c, v, i, a, b, rng, lambda x: evaluate(c, x)[0])
    return edge_observed(c, v, i, a, b, rng, lambda x: evaluate(c, x)[0].split(' ')[j])


def on_edge(c, v, rng, levels=3):
    """Move some float inputs, one after the other, onto an edge where the expected output
    changes between two adjacent float values: there the exact result of some rounding sits
    next to a rounding boundary, so a mutation that moves an intermediate by an ulp is seen."""
    fl = [i for i, (_, t) in enumerate(c.ins) if t in ('f32', 'f64')]
    for _ in range(rng.randint(1, levels)):
        i = rng.choice(fl)
        x = v[i]
        if not math.isfinite(x):
            continue
        mode = rng.randrange(3)
        if x == 0.0 or mode == 0:
            e = rng.randint(-45, 12)
            sgn = rng.choice((1.0, -1.0))
            a, b = sgn * math.ldexp(1.0, e), sgn * math.ldexp(1.0, e + 1)
        elif mode == 1:
            a, b = x, x * (1.0 + math.ldexp(1.0, -rng.randint(1, 22)))
        else:
            a, b = x * 0.5, x
        v = edge_in(c, v, i, a, b, rng) or v
    return v


def field_groups(c):
    """The float inputs grouped as vectors: a.qw..a.qz, a.m0..a.m8, a.ox..a.oz, v.x..v.z, x y z."""
    groups = {}
    for i, (name, t) in enumerate(c.ins):
        if t not in ('f32', 'f64'):
            continue
        prefix, _, last = name.rpartition('.')
        if last in ('x', 'y', 'z'):
            key = prefix
        elif len(last) == 2 and last[0] in 'qmo' and last[1] in 'wxyz' or (last[0] == 'm' and last[1:].isdigit()):
            key = prefix + '.' + last[0]
        else:
            key = name
        groups.setdefault(key, []).append(i)
    return [g for g in groups.values() if len(g) >= 2]


def graded(c, rng):
    """Edge search on one vector-like group of inputs: one component keeps its size, the others
    are made 2^-8..2^-14 smaller each in turn, then each is moved onto an output edge within its
    binade, the largest first. The later, smaller fields place the exact result of a sum within
    far less than an ulp of a rounding boundary, where any other summation order (or a kept
    double) shows, including for sums of squares, which cannot cancel."""
    v = c.gen(rng) if rng.random() < 0.6 else tiny_set(c, rng)
    groups = field_groups(c)
    if not groups:
        return on_edge(c, v, rng)
    g = list(rng.choice(groups))
    rng.shuffle(g)
    dom = g[0]
    t = c.ins[dom][1]
    rnd = (lambda x: f32(x)) if t == 'f32' else (lambda x: x)
    if v[dom] == 0.0 or not math.isfinite(v[dom]):
        v[dom] = rnd(rng.uniform(0.5, 2.0) * rng.choice((1.0, -1.0)))
    scale = abs(v[dom])
    shift = 0
    for i in g[1:]:
        if rng.random() < 0.15:
            v[i] = 0.0
            continue
        shift += rng.randint(6, 16)
        v[i] = (f32 if c.ins[i][1] == 'f32' else float)(
            math.ldexp(scale * rng.uniform(1, 2), -shift) * rng.choice((1.0, -1.0)))
    r = rng.random()
    last = c.ins[dom][0].rpartition('.')[2]
    same = [k for k, (n, _) in enumerate(c.outs) if n.rpartition('.')[2] == last]
    if r < 0.5 and same:
        j = rng.choice(same)       # the output that follows the dominant input most closely
    elif r < 0.8:
        j = rng.randrange(len(c.outs))
    else:
        j = None
    for i in (g if rng.random() < 0.3 else g[1:]):
        x = v[i]
        if x == 0.0 or not math.isfinite(x):
            continue
        for d in (0, -1, 1, -2, 2):
            e = math.frexp(abs(x))[1] - 1 + d
            sgn = math.copysign(1.0, x)
            r = edge_in(c, v, i, sgn * math.ldexp(1.0, e), sgn * math.ldexp(1.0, e + 1), rng, j)
            if r is not None:
                v = r
                break
    return v


# The terms of the sums whose operands are products of free inputs: tag -> (function, terms,
# fixed inputs); a term is (sign, [input fields multiplied]). cancel() builds vectors from them.
def _q(p):
    return {k: p + '.q' + k for k in 'wxyz'}


def _quat_terms(a, b, rows):
    """rows: per component, a list of (sign, 'a?', 'b?') from the decompilation's order."""
    A, B = _q(a), _q(b)
    return [(sg, [A[x[1]] if x[0] == 'a' else B[x[1]], A[y[1]] if y[0] == 'a' else B[y[1]]]) for sg, x, y in rows]


def _origin_terms(m, o, p, i):
    xyz = 'xyz'
    return [(1, [m + '.m%d' % (6 + i), p + 'z']), (1, [m + '.m%d' % i, p + 'x']),
            (1, [m + '.m%d' % (3 + i), p + 'y']), (1, [o + '.o' + xyz[i]])]


TERMS = {}
for _i, _c in enumerate('xyz'):
    TERMS['combine.o%s+' % _c] = ('frame_combine', _origin_terms('a', 'a', 'b.o', _i), {})
    TERMS['combine_af.o%s+' % _c] = ('frame_combine_aframe', _origin_terms('a', 'a', 'b.o', _i), {})
    TERMS['combine_sc.o%s+' % _c] = ('frame_combine_scaled', [
        (1, ['b.ox', 'a.m%d' % _i]), (1, ['b.oz', 'a.m%d' % (6 + _i)]), (1, ['b.oy', 'a.m%d' % (3 + _i)]),
        (1, ['a.o' + _c])], {'scale.x': 1.0, 'scale.y': 1.0, 'scale.z': 1.0})
    TERMS['l2g.%s+' % _c] = ('frame_localtoglobal', [
        (1, ['f.m%d' % (6 + _i), 'p.z']), (1, ['f.m%d' % _i, 'p.x']), (1, ['f.m%d' % (3 + _i), 'p.y']),
        (1, ['f.o' + _c])], {})
    TERMS['rotate.%s+' % _c] = ('frame_rotate', [
        (1, ['f.m%d' % (6 + _i), 'w.z']), (1, ['f.m%d' % _i, 'w.x']), (1, ['f.m%d' % (3 + _i), 'w.y'])], {})
    _m = {'x': (2, 0, 1), 'y': (5, 3, 4), 'z': (8, 6, 7)}[_c]
    TERMS['g2l.%s+' % _c] = ('frame_globaltolocal', [
        (1, ['p.z', 'f.m%d' % _m[0]]), (1, ['p.x', 'f.m%d' % _m[1]]), (1, ['p.y', 'f.m%d' % _m[2]])],
        {'f.ox': 0.0, 'f.oy': 0.0, 'f.oz': 0.0})
_QROWS = {
    'combine': {'qz': [(1, 'by', 'ax'), (1, 'bz', 'aw'), (-1, 'ay', 'bx'), (1, 'az', 'bw')],
                'qy': [(1, 'by', 'aw'), (-1, 'bz', 'ax'), (1, 'az', 'bx'), (1, 'ay', 'bw')],
                'qx': [(1, 'aw', 'bx'), (1, 'bz', 'ay'), (1, 'bw', 'ax'), (-1, 'by', 'az')],
                'qw': [(1, 'aw', 'bw'), (-1, 'bx', 'ax'), (-1, 'by', 'ay'), (-1, 'bz', 'az')]},
    'combine_af': {'qz': [(1, 'ax', 'by'), (1, 'bz', 'aw'), (-1, 'ay', 'bx'), (1, 'az', 'bw')],
                   'qy': [(1, 'by', 'aw'), (-1, 'ax', 'bz'), (1, 'az', 'bx'), (1, 'ay', 'bw')],
                   'qx': [(1, 'ax', 'bw'), (1, 'aw', 'bx'), (1, 'bz', 'ay'), (-1, 'by', 'az')],
                   'qw': [(1, 'aw', 'bw'), (-1, 'ax', 'bx'), (-1, 'by', 'ay'), (-1, 'bz', 'az')]},
    'combine_sc': {'qz': [(1, 'aw', 'bz'), (1, 'ax', 'by'), (-1, 'bx', 'ay'), (1, 'bw', 'az')],
                   'qy': [(1, 'aw', 'by'), (-1, 'ax', 'bz'), (1, 'bx', 'az'), (1, 'bw', 'ay')],
                   'qx': [(1, 'bx', 'aw'), (1, 'bw', 'ax'), (1, 'bz', 'ay'), (-1, 'by', 'az')],
                   'qw': [(1, 'bw', 'aw'), (-1, 'bx', 'ax'), (-1, 'by', 'ay'), (-1, 'bz', 'az')]},
    'sub1': {'qy': [(1, 'ay', 'bw'), (-1, 'aw', 'by'), (1, 'bz', 'ax'), (-1, 'bx', 'az')],
             'qx': [(1, 'ax', 'bw'), (-1, 'bx', 'aw'), (-1, 'ay', 'bz'), (1, 'az', 'by')],
             'qw': [(1, 'ay', 'by'), (1, 'bx', 'ax'), (1, 'aw', 'bw'), (1, 'bz', 'az')]},
    'sub2': {'qz': [(1, 'az', 'bw'), (-1, 'ay', 'bx'), (1, 'ax', 'by'), (-1, 'aw', 'bz')],
             'qy': [(1, 'az', 'bx'), (1, 'bw', 'ay'), (-1, 'by', 'aw'), (-1, 'ax', 'bz')],
             'qx': [(1, 'ax', 'bw'), (-1, 'aw', 'bx'), (-1, 'by', 'az'), (1, 'ay', 'bz')],
             'qw': [(1, 'aw', 'bw'), (1, 'by', 'ay'), (1, 'ax', 'bx'), (1, 'az', 'bz')]},
}
_QFN = {'combine': 'frame_combine', 'combine_af': 'frame_combine_aframe', 'combine_sc': 'frame_combine_scaled',
        'sub1': 'frame_subtract1', 'sub2': 'frame_subtract2'}
for _p, _rows in _QROWS.items():
    for _k, _r in _rows.items():
        TERMS['%s.%s+' % (_p, _k)] = (_QFN[_p], _quat_terms('a', 'b', _r), {})
TERMS['interp.cosom+'] = ('frame_interpolate_rotation', [
    (1, ['from.qy', 'to.qy']), (1, ['from.qw', 'to.qw']), (1, ['from.qx', 'to.qx']), (1, ['from.qz', 'to.qz'])], {})
TERMS['friction.dot+'] = ('calc_friction', [
    (1, ['contact_n.z', 'vel.z']), (1, ['contact_n.y', 'vel.y']), (1, ['contact_n.x', 'vel.x'])],
    {'state': 0, 'transient': R.ON_WALKABLE_TS})
TERMS['friction.sled.dot+'] = ('calc_friction', TERMS['friction.dot+'][1],
                               {'state': R.SLEDDING_PS, 'transient': R.ON_WALKABLE_TS})
TERMS['hac.dot+'] = ('handle_all_collisions', [
    (1, ['vel.z', 'normal.z']), (1, ['vel.y', 'normal.y']), (1, ['normal.x', 'vel.x'])],
    {'state': 0, 'normal_valid': 1, 'frames_stationary_fall': 0, 'prev_on_walkable': 0})


def _sub1_coefs(c, v):
    r = Rd(v)
    a, b = r.frame(), r.aframe()
    out = ident()
    R.frame_subtract1(out, a, b)
    return {'m%d' % i: (out.m[i], True) for i in range(9)}


def _grotate_coefs(c, v):
    idx = {n: i for i, (n, _) in enumerate(c.ins)}
    k = R.grotate_coefficients([v[idx['w.x']], v[idx['w.y']], v[idx['w.z']]])
    if k is None:
        return None
    wa, f, g, v10 = k
    return {'wa': (wa, True), 'f': (f, True), 'g': (g, True), 'v10': (v10, f32(v10) == v10)}


for _k, _row in (('x', (6, 0, 3)), ('y', (7, 1, 4)), ('z', (8, 2, 5))):
    _terms = [(-1, ['@m%d' % _row[0], 'b.oz']), (-1, ['@m%d' % _row[1], 'b.ox']), (-1, ['@m%d' % _row[2], 'b.oy'])]
    _tag = {'x': 'sub1.v11+', 'y': 'sub1.v13+', 'z': 'sub1.v14+'}[_k]
    if _k == 'z':
        _terms.append((1, ['a.oz']))
    TERMS[_tag] = ('frame_subtract1', _terms, {'a.o' + _k: 0.0} if _k != 'z' else {}, _sub1_coefs)
for _k, _terms in {
        'qz': [(1, ['@f', 'f.qy']), (1, ['@wa', 'f.qz']), (-1, ['@g', 'f.qx']), (1, ['@v10', 'f.qw'])],
        'qy': [(1, ['@wa', 'f.qy']), (-1, ['@f', 'f.qz']), (1, ['@v10', 'f.qx']), (1, ['@g', 'f.qw'])],
        'qx': [(1, ['@wa', 'f.qx']), (1, ['@g', 'f.qz']), (1, ['@f', 'f.qw']), (-1, ['@v10', 'f.qy'])],
        'qw': [(1, ['@wa', 'f.qw']), (-1, ['@f', 'f.qx']), (-1, ['@g', 'f.qy']), (-1, ['@v10', 'f.qz'])]}.items():
    TERMS['grotate.%s+' % _k] = ('frame_grotate', _terms, {}, _grotate_coefs)
# rotate: the other rows of the matrix zero, so w' is (row, 0, 0)-like and the sum shows
for _i, _c in enumerate('xyz'):
    _fixed = {'f.m%d' % (k + j): 0.0 for j in (0, 3, 6) for k in range(3) if k != _i}
    TERMS['rotate.%s+' % _c] = (TERMS['rotate.%s+' % _c][0], TERMS['rotate.%s+' % _c][1], _fixed)
TERMS = {t: spec if len(spec) == 4 else spec + (None,) for t, spec in TERMS.items()}
# origin.y += (q·v.y + ay·½q²) + o.y: with q a power of two every term is exact, v.y below the
# 50 m/s clamp and no friction or small-velocity cut.
TERMS['upi.oy+'] = ('update_physics_internal', [(1, ['@q', 'vel.y']), (1, ['@hq2', 'acc.y']), (1, ['frame.oy'])],
                    dict(state=0, transient=R.ACTIVE_TS, quantum=1 / 32, **{
                        'vel.x': 0.0, 'vel.z': 0.0, 'acc.x': 0.0, 'acc.z': 0.0,
                        'omega.x': 0.0, 'omega.y': 0.0, 'omega.z': 0.0}),
                    lambda c, v: {'q': (1 / 32, True), 'hq2': (0.5 / 1024, True)}, ((0, 4), (20, 30)))
for _t, (_fn, _terms, *_) in TERMS.items():
    _fields = [f for _, fs in _terms for f in fs if not f.startswith('@')]
    assert len(_fields) == len(set(_fields)), _t


def cancel(c, rng, tag):
    """A vector where two terms of the sum `tag` cancel exactly at a large magnitude H and a
    third, small one has low bits that H's partial sums cannot hold; the other terms are zero or
    small. The result then tells whether the small term was added after both large ones, so
    every other summation order is told apart by some choice of the three. A term is
    sign × coefficient × its free input fields; coefficients (@name) are computed from the
    other inputs (a rotation matrix, grotate's sin/cos terms) and must be floats to cancel."""
    fn, terms, fixed, coefs_fn, *mags = TERMS[tag]
    (big_lo, big_hi), (small_lo, small_hi) = mags[0] if mags else ((25, 45), (0, 6))
    v = c.gen(rng)
    idx = {n: i for i, (n, _) in enumerate(c.ins)}
    for name, val in fixed.items():
        v[idx[name]] = val
    coefs = coefs_fn(c, v) if coefs_fn else {}
    if coefs is None:
        return v

    def coef(t):
        cs = [coefs[f[1:]] for f in terms[t][1] if f.startswith('@')]
        return cs[0] if cs else (1.0, True)

    def free(t):
        return [f for f in terms[t][1] if not f.startswith('@')]

    n = len(terms)
    pairs = [(i, j) for i in range(n) for j in range(n) if i < j and coef(i)[1] and coef(j)[1]
             and coef(i)[0] != 0.0 and coef(j)[0] != 0.0]
    if not pairs:
        return v
    i, j = rng.choice(pairs)
    k = rng.choice([t for t in range(n) if t not in (i, j)])
    for t in range(n):
        if t in (i, j, k):
            continue
        if rng.random() < 0.7:
            v[idx[free(t)[0]]] = 0.0
        else:
            for f in free(t):
                v[idx[f]] = f32(math.ldexp(rng.uniform(1, 2), -rng.randint(0, 12)) * rng.choice((1, -1)))
    si, sj = terms[i][0], terms[j][0]
    fi, fj = free(i), free(j)
    ci, cj = coef(i)[0], coef(j)[0]
    big = 2.0 ** rng.randint(big_lo, big_hi)
    sg = rng.choice((1.0, -1.0))
    if len(fi) == 2 and len(fj) == 2 and ci == 1.0 and cj == 1.0:
        a = f32(math.ldexp(rng.uniform(1, 2), rng.randint(-3, 3)))
        b = f32(math.ldexp(rng.uniform(1, 2), rng.randint(-3, 3)))
        # term i = si·a·(b·big); term j = sj·b·(−(si/sj)·a·big) = −term i
        v[idx[fi[0]]], v[idx[fi[1]]] = sg * a, b * big
        v[idx[fj[0]]], v[idx[fj[1]]] = b, -si * sj * sg * a * big
    else:
        # term i = si·ci·(cj·big·sg); term j = sj·cj·(−(si/sj)·ci·big·sg) = −term i
        a = f32(math.ldexp(rng.uniform(1, 2), rng.randint(-3, 3))) if ci == 1.0 and cj == 1.0 else 1.0
        v[idx[fi[0]]] = sg * cj * a * big
        v[idx[fj[0]]] = -si * sj * sg * ci * a * big
        for f in fi[1:] + fj[1:]:
            v[idx[f]] = 1.0
    for f in free(k):
        v[idx[f]] = f32(math.ldexp(rng.uniform(1, 2), -rng.randint(small_lo, small_hi)) * rng.choice((1, -1)))
    return [f32(x) if t == 'f32' else x for x, (_, t) in zip(v, c.ins)]



# Sums that no cancellation can tell apart (squares, or products of computed values): the
# inputs listed are graded (each ~2^-11 of the previous), then moved one after the other onto
# the edge where the observed value changes. spec: (function, fields, observed, fixed inputs,
# range of the first field); observed is an output name, ('tag', a store of the model) or None.
_Z3 = lambda p: {p + '.x': 0.0, p + '.y': 0.0, p + '.z': 0.0}  # noqa: E731
REFINE = {
    'is_valid.norm+': ('frame_is_valid', ['f.qw', 'f.qx', 'f.qy', 'f.qz'], 'valid', {}, (0.9, 1.1)),
    # |q|² just below 1 (a power of two) with the smaller squares carrying it over: the order
    # of the last two terms matters only where the partial sums change binade
    'set_rotate.len2': ('frame_set_rotate', ['qw', 'qx', 'qy', 'qz'], None, {}, (0.99990, 0.99999),
                        [(6, 9), (6, 12), (18, 30)]),
    'set_rotate.div': ('frame_set_rotate', ['qw', 'qx', 'qy', 'qz'], None, {}, (0.5, 2.0)),
    'ncs.len2': ('vec3_normalize_check_small', ['v.x', 'v.y', 'v.z'], None, {}, (0.5, 2.0)),
    'ncs.div': ('vec3_normalize_check_small', ['v.x', 'v.y', 'v.z'], None, {}, (0.5, 2.0)),
    'norm.len2': ('set_velocity', ['new.x', 'new.y', 'new.z'], None, dict(_Z3('vel'), state=0), (51.0, 200.0)),
    'norm.div': ('set_velocity', ['new.x', 'new.y', 'new.z'], None, dict(_Z3('vel'), state=0), (51.0, 200.0)),
    # |v|² just below 2^-4, the next term carrying it over 2^-4 (where the ulp doubles) to the
    # small-velocity cut 0.0625 + EPSILON: the order of the two smaller squares then matters.
    'upi.mag2+': ('update_physics_internal', ['vel.x', 'vel.y', 'vel.z'], None,
                  dict(_Z3('acc'), **_Z3('omega'), state=0, transient=R.ACTIVE_TS), (0.2497, 0.25),
                  [(5, 7), (14, 24)]),
    'grotate.f*': ('frame_grotate', ['w.x', 'w.y', 'w.z'], ('tag', 'grotate.f'), {}, (2.0, 3.0)),
    'grotate.g*': ('frame_grotate', ['w.y', 'w.x', 'w.z'], ('tag', 'grotate.g'), {}, (2.0, 3.0)),
    'grotate.v10*': ('frame_grotate', ['w.z', 'w.x', 'w.y'], None, {}, (2.0, 3.0)),
    'friction.frict': ('calc_friction', ['vel.y', 'vel.x', 'vel.z'], None,
                       {'state': R.SLEDDING_PS, 'transient': R.ON_WALKABLE_TS, 'contact_n.x': f32(0.3),
                        'contact_n.y': 0.0, 'contact_n.z': f32(math.sqrt(1 - 0.09)), 'velocity_mag2': 9.0,
                        'quantum': f32(1.5)}, (1.0, 3.0)),   # with quantum 1, v·(1 − 0.2f) never crosses a midpoint
    'svh.x*': ('frame_set_vector_heading', ['dir.y', 'dir.z', 'dir.x'], ('tag', 'svh.x'), {}, (0.5, 2.0)),
}


def observer(c, observe):
    if observe is None:
        return lambda v: evaluate(c, v)[0]
    if isinstance(observe, tuple):
        tag = observe[1]

        def traced(v):
            Mut.trace = {}
            try:
                evaluate(c, v)
                return tuple(R.f64_bits(x) for x in Mut.trace.get(tag, []))
            finally:
                Mut.trace = None
        return traced
    j = [n for n, _ in c.outs].index(observe)
    return lambda v: evaluate(c, v)[0].split(' ')[j]


def refine(c, rng, tag):
    fn, fields, observe, fixed, (lo, hi), *shifts = REFINE[tag]
    shifts = shifts[0] if shifts else None
    v = c.gen(rng)
    idx = {n: i for i, (n, _) in enumerate(c.ins)}
    for name, val in fixed.items():
        v[idx[name]] = val
    order = [fields[0]] + rng.sample(fields[1:], len(fields) - 1)
    v[idx[order[0]]] = f32(rng.uniform(lo, hi) * rng.choice((1.0, -1.0)))
    scale, shift = abs(v[idx[order[0]]]), 0
    for k, f in enumerate(order[1:]):
        if shifts:
            shift = rng.randint(*shifts[k])
        else:
            shift += rng.randint(9, 13)
        v[idx[f]] = 0.0 if rng.random() < 0.1 else f32(
            math.ldexp(scale * rng.uniform(1, 2), -shift) * rng.choice((1.0, -1.0)))
    if observe is None:   # the output that follows the first field (insensitive to the small ones)
        last = order[0].rpartition('.')[2]
        same = [n for n, _ in c.outs if n.rpartition('.')[2] == last]
        observe = rng.choice(same) if same and rng.random() < 0.7 else rng.choice([n for n, _ in c.outs])
    obs = observer(c, observe)
    # the first field moves only where the observed value is a threshold's outcome
    for f in (order if observe in ('valid',) else order[1:]):
        i = idx[f]
        x = v[i]
        if x == 0.0:
            continue
        for d in (0, -1, 1):
            e = math.frexp(abs(x))[1] - 1 + d
            sgn = math.copysign(1.0, x)
            r = edge_observed(c, v, i, sgn * math.ldexp(1.0, e), sgn * math.ldexp(1.0, e + 1), rng, obs)
            if r is not None:
                v = r
                break
    return v


def edge_observed(c, v, i, a, b, rng, obs):
    """v with field i moved, within [a, b], onto two adjacent float values where obs(v)
    changes, by bisection; None when obs agrees at both ends."""
    t = c.ins[i][1]
    if t == 'f32':
        a, b = f32(a), f32(b)
    if a == b or not (math.isfinite(a) and math.isfinite(b)):
        return None
    ka, kb = sorted((_ordered(t, a), _ordered(t, b)))
    va, vb = list(v), list(v)
    va[i], vb[i] = _from_ordered(t, ka), _from_ordered(t, kb)
    oa = obs(va)
    if oa == obs(vb):
        return None
    while kb - ka > 1:
        km = (ka + kb) // 2
        vm = list(v)
        vm[i] = _from_ordered(t, km)
        if obs(vm) == oa:
            ka = km
        else:
            kb = km
    v = list(v)
    v[i] = _from_ordered(t, rng.choice((ka, kb)))
    return v


def candidates(c, rng, tag=None):
    """Random candidates for the mutation search, from every generator in turn (and, for a sum
    with a term table, mostly from cancel())."""
    targeted = tag in TERMS and TERMS[tag][0] == c.fn
    refined = tag in REFINE and REFINE[tag][0] == c.fn
    while True:
        if targeted:
            for _ in range(4):
                yield cancel(c, rng, tag)
        if refined:
            for _ in range(4):
                yield refine(c, rng, tag)
        yield adversarial(c, rng)
        yield tiny_set(c, rng)
        yield on_edge(c, tiny_set(c, rng), rng)
        yield graded(c, rng)
        yield on_edge(c, c.gen(rng), rng)


def build_vectors():
    vectors = {}
    for c in CASES:
        rng = random.Random('%d:%s' % (SEED, c.fn))
        vs = [('crafted', list(v)) for v in c.crafted]
        vs += [('random', c.gen(rng)) for _ in range(c.count)]
        vs += [('adversarial', adversarial(c, rng)) for _ in range(c.count // 2)]
        vs += [('tiny set', tiny_set(c, rng)) for _ in range(c.count // 2)]
        vs += [('graded edge', graded(c, rng)) for _ in range(c.count // 4)]
        for tag in sorted(t for t, spec in TERMS.items() if spec[0] == c.fn):
            vs += [('cancel %s' % tag, cancel(c, rng, tag)) for _ in range(4)]
        for tag in sorted(t for t, spec in REFINE.items() if spec[0] == c.fn):
            vs += [('refine %s' % tag, refine(c, rng, tag)) for _ in range(6)]
        vs = [(how, v) for how, v in vs if c.accept(v)]
        for _, v in vs:
            check_inputs(c, v)
        vectors[c.fn] = vs
    return vectors


def record_tags(vectors):
    per_case = {}
    for c in CASES:
        Mut.seen = {}
        for _, v in vectors[c.fn]:
            evaluate(c, v)
        per_case[c.fn] = dict(Mut.seen)
    Mut.seen = None
    return per_case


def mutation_rows(per_case):
    tags = {}
    for fn, seen in per_case.items():
        for tag, (kind, n) in seen.items():
            tags.setdefault(tag, (kind, n, []))[2].append(fn)
    rows = []
    for tag in sorted(tags):
        kind, n, fns = tags[tag]
        if kind == 'field':
            rows.append((tag, kind, None, fns))
            continue
        for var in R.variants_of(kind, n, R.ALT_NAMES.get(tag, ())):
            rows.append((tag, kind, var, fns))
    return rows


def count_caught(c, vs, base, tag, var, first=False):
    """How many of the vectors vs (with expected outputs base) change under the mutation."""
    Mut.active = (tag, var)
    try:
        n = 0
        for (_, v), b in zip(vs, base):
            if evaluate(c, v)[0] != b:
                n += 1
                if first:
                    break
        return n
    finally:
        Mut.active = None


def libm_exact(c, v):
    """True when every libm call of vector v is one whose result is exact in any libm (fmod;
    pow(x, 1), pow(x, 0), pow(1, y); sin, cos, atan2(·, x > 0), asin at 0; acos(1)): such a
    vector runs on every lane whatever the last bit of the libm, the .wasm lane included."""
    for name, args, _ in evaluate(c, v, log=True)[1]:
        if name == 'fmod' or (name == 'pow' and (args[1] in (0.0, 1.0) or args[0] == 1.0)):
            continue
        if args[0] == 0.0 and (name in ('sin', 'cos', 'asin') or (name == 'atan2' and args[1] > 0.0)):
            continue
        if name == 'acos' and args[0] == 1.0:
            continue
        return False
    return True


# Functions whose every branch can run without an inexact libm call (quantum 1 makes friction's
# pow exact, omega 0 skips grotate's sin and cos, close rotations interpolate linearly): the
# search looks there for a catch that the .wasm lane runs too.
EXACT_SEARCH = {'calc_friction', 'update_physics_internal', 'update_position_internal', 'sequence_apply_physics',
                'frame_interpolate_rotation'}
EXACT_TAGS = {'upi', 'friction', 'ap', 'interp'}


def make_exact(c, v, rng):
    """v changed so that its libm calls are exact: no rotation (omega 0), and friction's
    pow(1 − friction, quantum) exact (quantum 1, friction 0, or not on walkable ground)."""
    idx = {n: i for i, (n, _) in enumerate(c.ins)}
    v = list(v)
    for f in ('omega.x', 'omega.y', 'omega.z'):
        if f in idx:
            v[idx[f]] = 0.0
    if 'quantum' in idx and 'transient' in idx:
        k = rng.randrange(3)
        if k == 0:
            v[idx['quantum']] = 1.0
        elif k == 1 and 'friction' in idx:
            v[idx['friction']] = 0.0
        else:
            v[idx['transient']] &= ~R.ON_WALKABLE_TS & 0xFFFFFFFF
    return v


def search_killer(c_list, tag, var, vectors, base, budget, seed, exact_only=False):
    """Search candidates for a vector that catches (tag, var); add it. Returns it or None."""
    rng = random.Random('%d:%s:%s' % (SEED, tag, var) + ('' if seed == 'any' else ':' + seed))
    gens = [(c, candidates(c, rng, tag)) for c in c_list]
    for i in range(budget):
        c, g = gens[i % len(gens)]
        v = next(g)
        if exact_only:
            v = make_exact(c, v, rng)
        if not c.accept(v) or (exact_only and not libm_exact(c, v)):
            continue
        b = evaluate(c, v)[0]
        if count_caught(c, [(None, v)], [b], tag, var, first=True):
            vectors[c.fn].append(('search %s/%s' % (tag, var), v))
            base[c.fn].append(b)
            return c, v, b
    return None


def self_check(vectors, search=int(os.environ.get('RV_SEARCH', '3000'))):
    """Returns (table lines, uncaught mutations, summary). Adds the vectors the search finds."""
    cases = {c.fn: c for c in CASES}
    base = {fn: [evaluate(cases[fn], v)[0] for _, v in vs] for fn, vs in vectors.items()}
    rows = mutation_rows(record_tags(vectors))
    # 1. which mutations do the vectors catch already (stop at the first vector that does)
    pending = [(tag, kind, var, fns) for tag, kind, var, fns in rows if var is not None and not any(
        count_caught(cases[fn], vectors[fn], base[fn], tag, var, first=True) for fn in fns)]
    # 2. search the others; a vector found is tried on every mutation still pending
    caught_late = set()
    for tag, kind, var, fns in pending:
        if (tag, var) in caught_late or (tag, var) in CANNOT_MATTER or (tag, var) in NOT_FOUND:
            continue
        found = search_killer([cases[fn] for fn in fns], tag, var, vectors, base, search, 'any')
        if found:
            c, v, b = found
            for t2, _, v2, fns2 in pending:
                if (t2, v2) not in caught_late and c.fn in fns2 and \
                        count_caught(c, [(None, v)], [b], t2, v2, first=True):
                    caught_late.add((t2, v2))
    # 3. prefer a catch by a vector whose libm results are exact (it runs on the .wasm lane too)
    exact = {fn: [libm_exact(cases[fn], v) for _, v in vs] for fn, vs in vectors.items()}

    def exact_hits(tag, var, fn, first=False):
        sel = [(i, x) for i, x in enumerate(vectors[fn]) if exact[fn][i]]
        return count_caught(cases[fn], [x for _, x in sel], [base[fn][i] for i, _ in sel], tag, var, first)
    for tag, kind, var, fns in rows:
        if var is None or kind == 'xstore' or (tag, var) in CANNOT_MATTER or (tag, var) in NOT_FOUND:
            continue
        fns_exact = [fn for fn in fns if fn in EXACT_SEARCH] if tag.split('.')[0] in EXACT_TAGS else []
        if not fns_exact or any(exact_hits(tag, var, fn, first=True) for fn in fns):
            continue
        found = search_killer([cases[fn] for fn in fns_exact], tag, var, vectors, base, search // 4, 'exact',
                              exact_only=True)
        if found:
            exact[found[0].fn].append(True)
    # 4. the table, with full counts
    lines, failures, counts = [], [], {}
    no_exact = 0
    for tag, kind, var, fns in rows:
        if var is None:
            lines.append('%-34s %-7s %-9s %s' % (tag, kind, '-', 'field store, no mutation (%s)' % fns[0]))
            continue
        hits = {fn: count_caught(cases[fn], vectors[fn], base[fn], tag, var) for fn in fns}
        total = sum(hits.values())
        if total and kind != 'xstore' and not any(exact_hits(tag, var, fn, first=True) for fn in fns):
            no_exact += 1
            hits = {fn + ' (none with exact libm)' if n else fn: n for fn, n in hits.items()}
        if total:
            status = 'caught'
        elif (tag, var) in CANNOT_MATTER:
            status = 'cannot matter'
        elif (tag, var) in NOT_FOUND:
            status = 'not found'
        elif kind == 'xstore':
            status = 'uncaught (extra store)'
        else:
            status = 'UNCAUGHT'
            failures.append((tag, var))
        counts[status] = counts.get(status, 0) + 1
        where = ', '.join('%s %d' % (fn, n) for fn, n in hits.items() if n)
        note = CANNOT_MATTER.get((tag, var)) or NOT_FOUND.get((tag, var), '')
        lines.append('%-34s %-7s %-9s %-14s %s' % (tag, kind, var, status, where or note))
    summary = ', '.join('%s: %d' % kv for kv in sorted(counts.items()))
    summary += '; caught only by vectors with inexact libm calls (C lane only, where those differ): %d' % no_exact
    return lines, failures, summary


def emit(vectors):
    cases = {c.fn: c for c in CASES}
    lines = ['{"format": "%s",' % FORMAT,
             ' "generator": "tests/retail_vectors/gen.py (python3 tests/retail_vectors/gen.py)",',
             ' "schemas": {']
    sch = []
    for c in CASES:
        sch.append('  "%s": {"in": "%s", "out": "%s"}' % (
            c.fn, ' '.join('%s:%s' % f for f in c.ins), ' '.join('%s:%s' % f for f in c.outs)))
    lines.append(',\n'.join(sch))
    lines.append(' },')
    lines.append(' "vectors": [')
    vl = []
    for c in CASES:
        for i, (label, v) in enumerate(vectors[c.fn]):
            out, calls = evaluate(cases[c.fn], v, log=True)
            ins = ' '.join(enc(t, x) for (_, t), x in zip(c.ins, v))
            vl.append('{"fn": "%s", "id": %d, "how": %s, "in": "%s", "out": "%s", "libm": "%s"}' % (
                c.fn, i, json.dumps(label), ins, out, libm_str(calls)))
    lines.append(',\n'.join(vl))
    lines.append(' ]}')
    text = '\n'.join(lines) + '\n'
    json.loads(text)
    return text, len(vl)


def main():
    check_only = '--check' in sys.argv
    vectors = build_vectors()
    table, failures, summary = self_check(vectors)
    text, n = emit(vectors)
    header = ['# Mutation table of tests/retail_vectors/gen.py: for each mutation of the retail model,',
              '# the functions whose vectors catch it and how many vectors change.',
              '# kinds: store (float store kept in double), xstore (a double retail keeps, stored to float:',
              '# not required), add/mul (another left-fold order), cmp (boundary flipped), alt (another',
              '# formulation), field (a float field store: no mutation).',
              '# %s' % summary, '']
    table_text = '\n'.join(header + table) + '\n'
    if check_only:
        ok = open(OUT).read() == text and open(TABLE).read() == table_text
        print('retail vectors: %s (%d vectors)' % ('up to date' if ok else 'STALE', n))
        return 0 if ok else 1
    print(table_text)
    if failures:
        print('UNCAUGHT mutations: %s' % failures, file=sys.stderr)
        if '--allow-uncaught' not in sys.argv:
            return 1
    with open(OUT, 'w') as fh:
        fh.write(text)
    with open(TABLE, 'w') as fh:
        fh.write(table_text)
    print('wrote %s (%d vectors) and %s' % (os.path.relpath(OUT, ROOT), n, os.path.relpath(TABLE, ROOT)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
