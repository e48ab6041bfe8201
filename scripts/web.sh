#!/usr/bin/env bash
# Builds the engine's C ABI to WebAssembly with Debian's emscripten and assembles the web
# page in build/web/site (static files: serve that folder with any static server, e.g.
# `python3 -m http.server -d build/web/site`) and the npm package in build/web/package
# (`npm pack` there makes its tarball). Installs what is missing (scripts/deps.sh web). No
# downloads beyond Debian packages while building.
#   scripts/web.sh          build
#   scripts/web.sh --test   build, then run the module's node tests, the package's (packed,
#                           installed and imported in a fresh folder; its declarations checked
#                           with TypeScript from the npm registry, the test's one download) and
#                           the page's tests in headless Chromium; the module's and the page's
#                           compare games with the native engine, so they need build/release
#                           (scripts/test.sh builds it first)
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
  "") run_tests=0 ;;
  --test) run_tests=1 ;;
  *) echo "usage: scripts/web.sh [--test]" >&2; exit 2 ;;
esac
scripts/deps.sh web
out=build/web
site=$out/site
mkdir -p "$out/obj" "$out/include" "$site"

# fmt is not in emscripten's sysroot; Debian's headers work header-only. A copy, so that
# the rest of /usr/include (glibc's headers) stays off the include path.
rm -rf "$out/include/fmt" && cp -r /usr/include/fmt "$out/include/fmt"
# The tile rows (carcassonne/tile_rows.hpp), generated from data/tiles/*.json as the CMake
# build does, with the sets of cmake/TileSets.cmake; rewritten only when they change, so
# that objects are not rebuilt for nothing.
generated=$out/generated/include
cmake -DCARC_TILE_DIR=data/tiles -DCARC_TILE_ROWS="$generated/carcassonne/tile_rows.hpp" -P cmake/GenerateTiles.cmake
# carc_constant's table from the C header, as capi/CMakeLists.txt makes it.
cmake -DCARC_HEADER=capi/include/carcassonne/carcassonne.h -DCARC_CONSTANTS="$generated/carc_constants.inc" \
  -P cmake/GenerateConstants.cmake
# emscripten's JavaScript optimizer needs Debian's node modules.
export NODE_PATH=/usr/share/nodejs

# Every function the C header declares is exported, nothing else.
exports=$(grep -oE '^CARC_API [^(]*\(' capi/include/carcassonne/carcassonne.h |
  sed -E 's/.*[ *](carc_[a-z_]+)\($/_\1/' | sort -u | paste -sd, -)
[ -n "$exports" ] || { echo "web.sh: no carc_* functions found in the C header" >&2; exit 1; }

# -sENVIRONMENT=web: the node variant of 3.1.6 uses require() and __dirname, which an ES
# module lacks; node loads the web variant given the bytes ({ wasmBinary }, which
# carcassonne.js reads itself in node).
# -fwasm-exceptions: the library catches C++ exceptions at its boundary (record loading
# reports errors that way); WebAssembly's own exceptions cost least in size and speed.
cflags=(-std=c++20 -O2 -fwasm-exceptions -DNDEBUG -DFMT_HEADER_ONLY -Wall -Wextra -Wpedantic -Werror
  -Iinclude -Icapi/include -I"$out/include" -I"$generated")
# Objects built with other flags are built again.
if [ "$(cat "$out/obj/cflags" 2>/dev/null)" != "${cflags[*]}" ]; then
  rm -f "$out"/obj/*.o
  echo "${cflags[*]}" >"$out/obj/cflags"
fi
objects=()
for src in src/*.cpp capi/src/*.cpp; do
  obj="$out/obj/$(basename "${src%.cpp}").o"
  objects+=("$obj")
  # Rebuild when the source or any header is newer than the object.
  if [ ! -f "$obj" ] || [ -n "$(find "$src" include capi/include src/*.hpp capi/src/*.hpp "$generated" -newer "$obj" -print -quit)" ]; then
    echo "emcc $src"
    rm -f "$obj"  # a failed compile leaves no stale object behind: the link then fails
    em++ "${cflags[@]}" -c "$src" -o "$obj" &
    [ "$(jobs -rp | wc -l)" -ge "$(nproc)" ] && wait -n
  fi
done
wait
em++ -O2 -fwasm-exceptions "${objects[@]}" -o "$site/carcassonne_wasm.mjs" \
  -sMODULARIZE -sEXPORT_ES6 -sEXPORT_NAME=createCarcassonneWasm -sENVIRONMENT=web -sWASM_BIGINT \
  -sALLOW_MEMORY_GROWTH -sTOTAL_STACK=1048576 -sEXPORTED_FUNCTIONS="$exports,_malloc,_free" \
  -sEXPORTED_RUNTIME_METHODS=UTF8ToString,stringToUTF8,lengthBytesUTF8 -sFILESYSTEM=0

cp web/carcassonne.js web/index.html web/app.js web/replay.js web/flash.js web/style.css "$site/"
echo "web: $site ($(du -sh "$site" | cut -f1)); serve it with: python3 -m http.server -d $site"

# The npm package: the module, its TypeScript declarations and the WebAssembly. Its version
# is the C header's (CARC_VERSION_*), the library's one version; the names the declarations
# list (tile ids, reasons, ...) are read from the module just built (web/package/names.mjs).
pkg=$out/package
version=$(sed -nE 's/^#define CARC_VERSION_(MAJOR|MINOR|PATCH) ([0-9]+)$/\2/p' capi/include/carcassonne/carcassonne.h | paste -sd.)
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "web.sh: no version in the C header ($version)" >&2; exit 1; }
rm -rf "$pkg" && mkdir -p "$pkg"
cp web/carcassonne.js web/carcassonne.d.ts "$site/carcassonne_wasm.mjs" "$site/carcassonne_wasm.wasm" \
  web/package/README.md LICENSE "$pkg/"
node web/package/names.mjs "$site" >"$pkg/carcassonne_names.d.ts"
# "exports" names the .wasm so that bundlers and node (import.meta.resolve) can find the asset.
cat >"$pkg/package.json" <<JSON
{
  "name": "carcassonne",
  "version": "$version",
  "description": "A rules engine for the board game Carcassonne (the base game and five expansions) in WebAssembly: moves, events, computer opponents, game records, SVG pictures",
  "license": "MIT",
  "type": "module",
  "main": "./carcassonne.js",
  "types": "./carcassonne.d.ts",
  "exports": {
    ".": { "types": "./carcassonne.d.ts", "default": "./carcassonne.js" },
    "./carcassonne_wasm.wasm": "./carcassonne_wasm.wasm",
    "./package.json": "./package.json"
  },
  "files": ["carcassonne.js", "carcassonne.d.ts", "carcassonne_names.d.ts", "carcassonne_wasm.mjs", "carcassonne_wasm.wasm"],
  "sideEffects": false,
  "engines": { "node": ">=18" },
  "keywords": ["carcassonne", "board game", "rules engine", "webassembly", "mcts"]
}
JSON
echo "web: npm package $pkg (carcassonne $version)"

# The download budget: the WebAssembly and the JavaScript, gzipped (the page's; the package
# has the same less the page's app.js).
gzipped() { local bytes=0 f; for f in "$@"; do bytes=$((bytes + $(gzip -9c "$f" | wc -c))); done; echo "$bytes"; }
bytes=$(gzipped "$site"/*.wasm "$site"/*.js "$site"/*.mjs)
echo "web: WebAssembly + JavaScript gzipped: $((bytes / 1024)) KB (budget 400 KB); the package's: $(($(gzipped "$pkg"/*.wasm "$pkg"/*.js "$pkg"/*.mjs) / 1024)) KB"
[ "$bytes" -le $((400 * 1024)) ] || { echo "web: over the 400 KB budget" >&2; exit 1; }

[ "$run_tests" = 1 ] || exit 0
lib=build/release/capi/libcarcassonne_c.so
[ -f "$lib" ] || { echo "web.sh --test: $lib is missing: build build/release first (scripts/test.sh does)" >&2; exit 1; }
export CARC_WEB_SITE="$PWD/$site" CARC_NATIVE_LIBRARY="$PWD/$lib" CARC_PYTHON=/usr/bin/python3 CHROMIUM=/usr/bin/chromium
# One after the other: the page test's browser wants the second core to itself (and
# Debian's node 18 has no --test-concurrency).
node --test web/tests/module.test.mjs
node --test web/tests/package.test.mjs
node --test web/tests/page.test.mjs
