"""python3 -m acphys run <scenario.json> [--profile NAME]: prints what `acphys run --quiet`
prints last ("N frames, digest <16 hex digits>"); errors go to stderr as "acphys: <message>"
with exit status 1 (2 for a usage error)."""
import sys

import acphys

USAGE = 'usage: python3 -m acphys run <scenario.json> [--profile retail|acdream-r6|ace|render-frame]\n'


def main(argv):
    if len(argv) < 2 or argv[0] != 'run':
        sys.stderr.write(USAGE)
        return 2
    path, profile, rest = None, None, argv[1:]
    i = 0
    while i < len(rest):
        if rest[i] == '--profile' and i + 1 < len(rest):
            profile = rest[i + 1]
            i += 2
        elif rest[i] == '--quiet':
            i += 1
        elif rest[i].startswith('-') or path is not None:
            sys.stderr.write(f'acphys run: unexpected argument "{rest[i]}"\n' + USAGE)
            return 2
        else:
            path = rest[i]
            i += 1
    if path is None:
        sys.stderr.write('acphys run: no scenario file\n' + USAGE)
        return 2
    try:
        result = acphys.run_scenario(path, profile)
    except acphys.AcphysError as e:
        sys.stderr.write(f'acphys: {e}\n')
        return 1
    print(result)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
