#!/bin/sh
# Build the C# binding and its programs with mcs into build/csharp/ (the repository's), and the
# library if it is missing (build/native/libacphys.so, or $ACPHYS_LIBRARY). Prints the library's
# folder (for LD_LIBRARY_PATH). Used by bindings/csharp/example and bindings/csharp/test.
set -e
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
out="$repo/build/csharp"
if [ -n "$ACPHYS_LIBRARY" ]; then
  libdir=$(dirname "$ACPHYS_LIBRARY")
else
  libdir="$repo/build/native"
  if [ ! -f "$libdir/libacphys.so" ]; then
    [ -f "$libdir/CMakeCache.txt" ] || cmake -S "$repo" -B "$libdir" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=gcc \
      "-DCMAKE_C_FLAGS_RELEASE=-O2 -DNDEBUG" >/dev/null
    cmake --build "$libdir" --target acphys_shared --parallel 2 >/dev/null
  fi
fi
mkdir -p "$out"
for prog in Example Tests; do
  if [ ! -f "$out/$prog.exe" ] || [ "$here/Acphys.cs" -nt "$out/$prog.exe" ] || [ "$here/$prog.cs" -nt "$out/$prog.exe" ]; then
    mcs -nologo -warnaserror -unsafe -out:"$out/$prog.exe" "$here/Acphys.cs" "$here/$prog.cs" >&2
  fi
done
echo "$libdir"
