"""Finding, building and loading the acphys shared library (libacphys.so.1).

Order: the ACPHYS_LIBRARY environment variable (a path to the library); the repository's
build/native/libacphys.so (what `node scripts/build.mjs native` makes); the system's
libacphys.so.1 (an installed copy). When none exists and this file sits in an acphys checkout,
build_library() configures build/native as scripts/build.mjs does and builds the library target
alone.
"""
import ctypes
import ctypes.util
import os
import subprocess

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..', '..'))
BUILD_DIR = os.path.join(REPO, 'build', 'native')
LIB_NAME = 'libacphys.so'


def candidates():
    env = os.environ.get('ACPHYS_LIBRARY')
    if env:
        return [env]
    out = [os.path.join(BUILD_DIR, LIB_NAME)]
    found = ctypes.util.find_library('acphys')
    if found:
        out.append(found)
    return out


def build_library():
    """Build build/native/libacphys.so from this checkout (cmake, gcc); returns its path."""
    if not os.path.exists(os.path.join(REPO, 'CMakeLists.txt')):
        raise OSError('libacphys.so not found and no acphys checkout to build it from: set ACPHYS_LIBRARY')
    if not os.path.exists(os.path.join(BUILD_DIR, 'CMakeCache.txt')):
        subprocess.run(['cmake', '-S', REPO, '-B', BUILD_DIR, '-DCMAKE_BUILD_TYPE=Release',
                        '-DCMAKE_C_COMPILER=gcc', '-DCMAKE_C_FLAGS_RELEASE=-O2 -DNDEBUG'],
                       check=True, stdout=subprocess.DEVNULL)
    subprocess.run(['cmake', '--build', BUILD_DIR, '--target', 'acphys_shared', '--parallel', '2'],
                   check=True, stdout=subprocess.DEVNULL)
    return os.path.join(BUILD_DIR, LIB_NAME)


def load(build=True):
    """The loaded library (ctypes.CDLL), building it first when allowed and needed."""
    for path in candidates():
        if os.path.sep not in path or os.path.exists(path):
            try:
                return ctypes.CDLL(path)
            except OSError:
                if os.environ.get('ACPHYS_LIBRARY'):
                    raise
    if not build or os.environ.get('ACPHYS_LIBRARY'):
        raise OSError('libacphys.so not found (set ACPHYS_LIBRARY, or build it: node scripts/build.mjs native)')
    return ctypes.CDLL(build_library())
