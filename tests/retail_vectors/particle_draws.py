#!/usr/bin/env python3
"""The expected bits of tests/c/test_scripts.c random_draws_store_floats, worked out from the
retail expressions (not from acphys): ParticleEmitterInfo::GetRandomOffset (0x005174A0) and
GetRandomA/B/C (0x00517610/0x00517670/0x005176D0), PORTAL/cphysobj/CParticleEmitterInfo.c, over
the world's xorshift32 generator and Random::RollDice(float, float) (0x0042C600). Float stores
are struct round trips; every other expression is a double, in retail's operand order.

    python3 tests/retail_vectors/particle_draws.py     # prints both readings' bits
"""
import math
import struct


def f32(x):
    return struct.unpack('<f', struct.pack('<f', x))[0]


def bits(x):
    return '0x%08X' % struct.unpack('<I', struct.pack('<f', x))[0]


class Random:
    """The world's xorshift32 (acp_world_random) and Random::RollDice(float, float)."""

    def __init__(self, state):
        self.state = state

    def rand(self):
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x / 4294967296.0

    def roll_dice(self, lo, hi):
        lo, hi = f32(lo), f32(hi)
        if lo == hi:
            return lo
        if hi < lo:
            lo, hi = hi, lo
        return self.rand() * (hi - lo) + lo


F_EPSILON = f32(0.0002)


def normalize_check_small(v):
    """AC1Legacy::Vector3::normalize_check_small (0x00452460)."""
    n = math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2])
    if not n >= F_EPSILON:
        return True, v
    return False, [f32(1.0 / n * c) for c in v]


def random_offset(rng, d, lo, hi, retail=True):
    """GetRandomOffset: z, y, x drawn (float temporaries ST20_4, ST1C_4, [sp+18h]); the dot in
    double; dot·dir.y and dot·dir.z float locals ([sp+28h], [sp+2Ch]); dot·dir.x in the register.
    retail=False keeps the draws and products in double (acphys before the fix)."""
    st = f32 if retail else (lambda x: x)
    z = st(rng.roll_dice(-1.0, 1.0))
    y = st(rng.roll_dice(-1.0, 1.0))
    x = f32(rng.roll_dice(-1.0, 1.0))
    dot = (y * d[1] + z * d[2]) + x * d[0]
    o = [f32(x - dot * d[0]), f32(y - st(dot * d[1])), f32(z - st(dot * d[2]))]
    small, o = normalize_check_small(o)
    if small:
        return [0.0, 0.0, 0.0]
    mag = rng.roll_dice(0.0, 1.0) * (f32(hi) - f32(lo)) + f32(lo)
    return [f32(o[0] * mag), f32(o[1] * mag), f32(mag * o[2])]


def random_scaled(rng, v, lo, hi, retail=True):
    """GetRandomA/B/C: a_mag = (max − min)·RollDice(0, 1) + min, a float (ST0C_4); then mag·v."""
    mag = (f32(hi) - f32(lo)) * rng.roll_dice(0.0, 1.0) + f32(lo)
    if retail:
        mag = f32(mag)
    return [f32(mag * c) for c in v]


if __name__ == '__main__':
    SEED = 0xDAA66D13
    direction = [0.0, f32(0.6), f32(0.8)]
    vec = [f32(0.3), 0.0, f32(1.7)]
    for retail in (True, False):
        name = 'retail' if retail else 'double (old)'
        print(name, 'offset', [bits(c) for c in random_offset(Random(SEED), direction, 1.0, 1.0, retail)])
        print(name, 'A/B/C ', [bits(c) for c in random_scaled(Random(SEED), vec, 0.5, 2.0, retail)])
