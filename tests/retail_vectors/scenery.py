#!/usr/bin/env python3
"""Independent model of retail's procedural scenery for the hand-built case of
tests/c/test_scenery.c (CLandBlock::get_land_scenes 0x00530460, ObjectDesc::Place 0x005A5BB0,
ObjectDesc::ScaleObj 0x0052F0C0, ObjectDesc::GetObjFrame 0x005A5D50, CLandBlock::on_road
0x0052FFF0), written from the decompilation, not from acphys's C. Python 3, standard library.

    python3 tests/retail_vectors/scenery.py     # prints the expected placements as C rows

Arithmetic: u32 wraps modulo 2^32; the noise scale 2.3283064e-10 is the float 2^-32; every
expression in double, rounded to float (f32) where retail stores a float.

The case (the C test builds the same): landblock 0xA9B4FFFF (block_coord 1352, 1440), every
height 10 m (flat: normal z = 1), terrain type 2 with scene type 1 at the vertices VERTICES; the
region's terrain type 2 has scene types [none, ST], ST lists the three Scenes of SCENES. Road
bits on the 3 x 3 vertices ROAD (a vertex there with scene bits places nothing).
"""
import math
import struct

BX, BY = 0xA9 * 8, 0xB4 * 8
M = 0xFFFFFFFF
SCALE = 2.0 ** -32
HEIGHT = 10.0


def f32(v):
    return struct.unpack('<f', struct.pack('<f', v))[0]


def noise(x, y, k, seed):
    return (1813693831 * y - (k + seed) * ((1360117743 * y * x + 1888038839) & M) - 1109124029 * x) & M


# Scenes: (id, [objects]); object fields as the C test's object_desc rows.
def obj(obj_id, freq, dx, dy, smin, smax, rot, slope_min, slope_max, align=0, weenie=0, base=(0.0, 0.0, 0.0)):
    return dict(obj_id=obj_id, freq=f32(freq), dx=f32(dx), dy=f32(dy), smin=f32(smin), smax=f32(smax), rot=f32(rot),
                slope_min=f32(slope_min), slope_max=f32(slope_max), align=align, weenie=weenie,
                base=tuple(f32(b) for b in base))


SCENES = [
    (0x120000A1, [obj(0x0200F300, 0.9, 6, 6, 0.8, 1.25, 360, 0.0, 1.0),
                  obj(0x0100F310, 0.9, 0, 0, 1, 1, 0, 0.0, 0.9, base=(2, 3, 0)),      # too flat for it
                  obj(0x0200F300, 0.9, 0, 0, 1, 1, 0, 0.0, 1.0, weenie=1)]),          # a weenie object
    (0x120000A2, [obj(0x0200F301, 0.9, 3, 0, 1.0, 2.0, 90, 0.5, 1.0, base=(1, -1, 0)),
                  obj(0x0200F300, 0.0, 6, 6, 1, 1, 0, 0.0, 1.0)]),                    # frequency 0
    (0x120000A3, [obj(0x0200F302, 0.9, 0, 8, 1, 1, 45, 0.0, 1.0, base=(4, 4, 0))]),
]
VERTICES = [(2, 3), (5, 5), (1, 7), (3, 1), (4, 6), (6, 1)]
ROAD = [(x, y) for x in (5, 6, 7) for y in (0, 1, 2)]


def place(o, x, y, k):
    bx, by, bz = o['base']
    lx = f32(noise(x, y, k, 45773) * SCALE * o['dx'] + bx) if o['dx'] > 0 else bx
    ly = noise(x, y, k, 72719) * SCALE * o['dy'] + by if o['dy'] > 0 else by
    turn = ((1813693831 * y - x * ((1870387557 * y + 1109124029) & M) - 402451965) & M) * SCALE
    if turn < 0.25:
        return lx, f32(ly), bz
    if turn < 0.5:
        return f32(-ly), lx, bz
    if turn < 0.75:
        return -lx, f32(-ly), bz
    return f32(ly), -lx, bz


def on_road(px, py):
    cx, cy = math.floor(px / 24.0), math.floor(py / 24.0)
    r = lambda a, b: (a, b) in ROAD  # noqa: E731
    r0, r1, r2, r3 = r(cx, cy), r(cx, cy + 1), r(cx + 1, cy), r(cx + 1, cy + 1)
    if not (r0 or r1 or r2 or r3):
        return False
    dx, dy = px - cx * 24.0, f32(py - cy * 24.0)
    if r0 and r1 and r2 and r3:
        return True
    raise SystemExit('the case puts a point near a partial road: extend the model')


def main():
    global ROAD
    run()
    print('/* the same without road bits */')
    ROAD = []
    run()


def run():
    for ix, iy in sorted(VERTICES):  # retail: ix, then iy
        x, y = BX + ix, BY + iy
        n = (y * ((712977289 * x + 1813693831) & M) - 1109124029 * x + 2139937281) & M
        pick = math.floor(n * SCALE * 3)
        if pick >= 3:
            pick = 0
        sid, objs = SCENES[pick]
        print(f'/* vertex ({ix}, {iy}): Scene {sid:#010x} */')
        for k, o in enumerate(objs):
            if not (noise(x, y, k, 23399) * SCALE < o['freq']):
                print(f'/*   k {k}: not placed: frequency noise {noise(x, y, k, 23399) * SCALE!r} >= {o["freq"]!r} */')
                continue
            if o['weenie']:
                print(f'/*   k {k}: not placed: a weenie object */')
                continue
            px, py, pz = place(o, x, y, k)
            px, py = f32(ix * 24.0 + px), f32(iy * 24.0 + py)
            if not (px >= 0 and py >= 0 and px < 192.0 and py < 192.0):
                print(f'/*   k {k}: outside the block ({px!r}, {py!r}) */')
                continue
            if on_road(px, py):
                print(f'/*   k {k}: on the road */')
                continue
            if not (o['slope_min'] <= 1.0 <= o['slope_max']):
                print(f'/*   k {k}: slope */')
                continue
            cell = 0xA9B40000 | (math.floor(px / 24.0) * 8 + math.floor(py / 24.0) + 1)
            heading = f32(noise(x, y, k, 63127) * SCALE * o['rot']) if o['rot'] > 0 else None
            scale = o['smax'] if o['smin'] == o['smax'] else \
                f32(math.pow(o['smax'] / o['smin'], noise(x, y, k, 32593) * SCALE) * o['smin'])
            fx = lambda v: f'{struct.unpack("<I", struct.pack("<f", v))[0]:#010x}'  # noqa: E731
            print(f'    {{{o["obj_id"]:#010x}u, {sid:#010x}u, {ix * 9 + iy}, {k}, {cell:#010x}u, '
                  f'{fx(px)}u, {fx(py)}u, {fx(f32(HEIGHT))}u, {fx(heading) if heading is not None else "NO_HEADING"}, '
                  f'{fx(scale)}u}}, /* ({px!r}, {py!r}), heading {heading!r}, scale {scale!r} */')


if __name__ == '__main__':
    main()
