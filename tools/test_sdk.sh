#!/usr/bin/env bash
# The installed SDK end to end, from the build/ folder tools/test.sh built:
#   - installs Tessera into a temporary prefix and moves it (relocatable);
#   - the installed `tessera` finds its games with no TESSERA_* variable and without the tree;
#   - `tessera new-game --out` writes a game project outside the tree, which builds against
#     the installed SDK (find_package(Tessera)) and passes its tests and the conformance suite;
#   - the game, installed for the user and then into the prefix, is found, validated, checked
#     and played by the installed `tessera`, and a whole game of it by clicking in `tessera web`
#     (tests/web/test_new_game.py), its layout hints taken away: no hints, no JavaScript of its own;
#   - a variant pack is made, packed and installed on the installed tessera
#     (tools/test_variant_packs.sh);
#   - CPack makes the tessera and tessera-dev Debian packages, and the host unpacked from them runs.
# Compiles only the new game (a plugin and its tests); the install and packages reuse build/.
set -euo pipefail
# (A check reads a command's whole output first, `grep -q ... <<<"$(cmd)"`: in a pipe, grep -q
# may stop reading early and pipefail would count the writer's SIGPIPE as a failure.)
cd "$(dirname "$0")/.."
build=$PWD/build
source_dir=$PWD
[ -x "$build/bin/tessera" ] || { echo "test_sdk.sh: build/ has no tessera; run tools/test.sh first" >&2; exit 2; }
jobs=$(( $(nproc) < 2 ? $(nproc) : 2 ))
work=$(mktemp -d "${TMPDIR:-/tmp}/tessera-sdk.XXXXXX")
trap 'rm -rf "$work"' EXIT
step() { echo "== $*"; }
fail() { echo "test_sdk.sh: $*" >&2; exit 1; }

# No TESSERA_* variable, and a scratch home: nothing but the install itself may be found.
unset TESSERA_PLUGIN_PATH TESSERA_DATA_PATH XDG_DATA_HOME
export HOME=$work/home
mkdir -p "$HOME"

step "install into a temporary prefix (stripped), then move it"
cmake --install "$build" --prefix "$work/first" --strip >/dev/null
mv "$work/first" "$work/prefix"
prefix=$work/prefix
tessera=$prefix/bin/tessera
file -L "$tessera" | grep -q ', stripped' || fail "the installed tessera is not stripped"
for doc in README.md writing-a-game.md lua-api.md protocol.md; do
  [ -f "$prefix/share/doc/tessera/$doc" ] || fail "the install has no share/doc/tessera/$doc"
done
echo "installed size: $(du -sh "$prefix" | cut -f1)"
grep -q 'R.*PATH.*\$ORIGIN/\.\./lib' <<<"$(readelf -d "$tessera")" || fail "tessera has no \$ORIGIN-relative RPATH"
core=$(ldd "$tessera" | awk '/libtessera_core/ {print $3}')
[[ "$(realpath "$core")" == "$(realpath "$prefix")"/lib/libtessera_core.so* ]] ||
  fail "tessera does not use the prefix's libtessera_core (it uses '$core')"
games=$("$tessera" list)
for id in tutorial age_of_discovery catan_inca madeira santa_maria sardinia; do
  grep -q "^$id " <<<"$games" || fail "the installed tessera does not list $id"
done
"$tessera" play tutorial --seats random,random --seed 3 --quiet >/dev/null

step "new-game --out: a project outside the tree"
"$tessera" new-game river_trade --name "River Trade" --out "$work/river_trade" >/dev/null
cd "$work/river_trade"
cmake -S . -B build -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
step "build it against the installed SDK"
nice cmake --build build -j"$jobs" >/dev/null
step "its tests and the conformance suite (ctest)"
(cd build && ctest -j"$jobs" --output-on-failure | tail -3)
grep -q "river_trade_conformance" <<<"$(ctest --test-dir build -N)" || fail "no conformance test in the game's CTest"

step "install it for the user: the installed tessera finds it"
cmake -S . -B build -DTESSERA_INSTALL_FOR_USER=ON >/dev/null
cmake --install build >/dev/null
[ -f "$HOME/.local/share/tessera/plugins/river_trade.so" ] || fail "the user install has no plugin"
grep -q "^river_trade  River Trade" <<<"$("$tessera" list)" || fail "the installed tessera does not find the user's game"
"$tessera" validate river_trade >/dev/null
rm -rf "$HOME/.local/share/tessera"

step "install it into the prefix: conformance, validate, a bot game"
cmake -S . -B build -DTESSERA_INSTALL_FOR_USER=OFF >/dev/null
cmake --install build --prefix "$prefix" >/dev/null
grep -q "^river_trade  River Trade" <<<"$("$tessera" list)" || fail "the installed tessera does not find the installed game"
"$tessera" conformance river_trade | tail -1
"$tessera" validate river_trade --play --games 1 | tail -1
"$tessera" play river_trade --players 3 --seats greedy,random,random --seed 7 --quiet | tail -n 4
cd - >/dev/null

step "tessera web: a whole game of it by clicking, with no layout hints and no JavaScript of its own"
# The copy of the example's layout hints is taken away: the generic board alone must do.
rm "$prefix/share/tessera/data/river_trade/web.yaml"
browser_status=0
/usr/bin/python3 "$source_dir/tests/web/test_new_game.py" "$tessera" river_trade 3 || browser_status=$?
case $browser_status in
  0) ;;
  77) echo "(skipped: no headless Chromium; tools/install_deps.sh --browser)" ;;
  *) fail "the new game did not play in the browser" ;;
esac

step "a house rule on the installed tessera: scaffold, test, compare, pack, install elsewhere, play"
tools/test_variant_packs.sh "$prefix"

step "Debian packages (CPack)"
# (CPack warns that the plugins have no soname: they are loaded, never linked.)
(cd "$build" && cpack -G DEB -B "$work/packages" >"$work/cpack.log" 2>&1) || { cat "$work/cpack.log" >&2; fail "cpack failed"; }
deb=$(ls "$work"/packages/tessera_*.deb)
dev=$(ls "$work"/packages/tessera-dev_*.deb)
deb_files=$(dpkg-deb -c "$deb")
dev_files=$(dpkg-deb -c "$dev")
grep -q "./usr/bin/tessera$" <<<"$deb_files" || fail "tessera.deb has no /usr/bin/tessera"
grep -q "./usr/lib/tessera/plugins/tutorial.so$" <<<"$deb_files" || fail "tessera.deb has no games"
grep -q "./usr/lib/cmake/Tessera/TesseraConfig.cmake$" <<<"$dev_files" || fail "tessera-dev.deb has no CMake package"
grep -q "./usr/include/tessera/plugin.hpp$" <<<"$dev_files" || fail "tessera-dev.deb has no plugin.hpp"
grep -q "tessera (= " <<<"$(dpkg-deb -f "$dev" Depends)" || fail "tessera-dev does not depend on tessera"
dpkg-deb -x "$deb" "$work/unpacked"
grep -q "^tutorial " <<<"$("$work/unpacked/usr/bin/tessera" list)" || fail "the packaged tessera finds no games"
echo "$(basename "$deb") ($(dpkg-deb -f "$deb" Depends)), $(basename "$dev")"
echo "test_sdk.sh: the installed SDK builds, tests, installs and plays a game made outside the tree"
