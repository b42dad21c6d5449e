#!/usr/bin/env bash
# A house rule end to end on an installed Tessera, with no source tree and no TESSERA_*
# variable (sdk/docs/writing-a-game.md, "Variant packs"):
#   scaffold it (`tessera variant new`), write its rule, run its own test (validate --play),
#   compare it with the base game, pack it, install the archive on a second prefix with its
#   own user folder, and play it there.
# Usage: tools/test_variant_packs.sh PREFIX   (an installed Tessera; tools/test_sdk.sh passes
# its own), or with no argument: installs build/ into a temporary prefix first.
set -euo pipefail
# (A check reads a command's whole output first, `grep -q ... <<<"$(cmd)"`, as test_sdk.sh.)
work=$(mktemp -d "${TMPDIR:-/tmp}/tessera-packs.XXXXXX")
trap 'rm -rf "$work"' EXIT
step() { echo "== $*"; }
fail() { echo "test_variant_packs.sh: $*" >&2; exit 1; }
if [ $# -ge 1 ]; then
  prefix=$1
else
  cmake --install "$(dirname "$0")/../build" --prefix "$work/prefix" >/dev/null
  prefix=$work/prefix
fi
unset TESSERA_PLUGIN_PATH TESSERA_DATA_PATH TESSERA_VARIANT_PATH XDG_DATA_HOME
export HOME=$work/designer
mkdir -p "$HOME" && cd "$HOME"
tessera=$prefix/bin/tessera

step "scaffold a house rule and write it"
"$tessera" variant new tutorial last_gets_two --out rules
cat > rules/last_gets_two/rules.lua <<'LUA'
-- Last gets two: at the start of each round the player last in renown gains 2 renown.
hook("on_round_start", function(ctx)
  local ranking = ctx:get("renown"):ranking()
  ctx:call("advance", ranking[#ranking], 2)
end)
LUA
grep -q "last_gets_two .*\[--variant-dir $HOME/rules/last_gets_two\]" <<<"$("$tessera" --variant-dir rules info tutorial)" ||
  fail "info does not list the scaffolded rule with its place"

step "its own test validates and plays it"
TESSERA=$tessera rules/last_gets_two/test.sh

step "compare it with the base game"
report=$("$tessera" --variant-dir rules compare tutorial --variant last_gets_two --until-decided --games 100 \
  --games-max 400 --decide winner_margin --report last_gets_two.html)
grep -q "last_gets_two - base, paired game by game" <<<"$report" || fail "compare printed no differences"
grep -q "<svg" last_gets_two.html || fail "compare's report has no plots"
head -n 3 <<<"$report"

step "pack it"
"$tessera" variant pack rules/last_gets_two --out last_gets_two.tar.gz
[ -s last_gets_two.tar.gz ] || fail "no archive"

step "install the archive on a second prefix and user folder, and play it there"
cp -a "$prefix" "$work/second"
export HOME=$work/friend
mkdir -p "$HOME"
second=$work/second/bin/tessera
"$second" variant install "$work/designer/last_gets_two.tar.gz"
[ -f "$HOME/.local/share/tessera/variants/tutorial/last_gets_two/variant.yaml" ] || fail "not installed in the user folder"
grep -q "last_gets_two .*\[user folder " <<<"$("$second" info tutorial)" || fail "the second prefix does not list the pack"
"$second" play tutorial --variant last_gets_two --seats greedy,random --seed 3 --quiet | tail -n 3
echo "test_variant_packs.sh: a house rule scaffolded, tested, compared, packed, installed elsewhere and played"
