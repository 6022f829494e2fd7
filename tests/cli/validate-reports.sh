#!/usr/bin/env bash
# tests: every SARIF and JSON report the suite pins or writes passes the validators: SARIF through Microsoft's SARIF
# Multitool `validate` (no error, no warning), JSON through docs/schema/pto-lint-report-v1.json (ajv, draft 2020-12).
#   validate-reports.sh PTO_LINT SOURCE_DIR WORK_DIR
# Exit 77 (skipped) when a validator is missing: scripts/dev.sh installs both from npm. SARIF_MULTITOOL (the
# Sarif.Multitool executable) and AJV (the ajv-cli command) override where they are looked for.
set -uo pipefail

cli=$1 src=$2 work=$3
schema=$src/docs/schema/pto-lint-report-v1.json

multitool=${SARIF_MULTITOOL:-}
if [ -z "$multitool" ] && command -v npm >/dev/null && command -v node >/dev/null; then
  pkg="$(npm root -g 2>/dev/null)/@microsoft/sarif-multitool"
  # The package's index.js names the platform's executable; calling it directly, rather than through the npm
  # wrapper (which runs it with a shell), keeps arguments with ';' or spaces intact.
  [ -f "$pkg/index.js" ] && multitool=$(node -e 'console.log(require(process.argv[1]))' "$pkg" 2>/dev/null)
fi
ajv=${AJV:-$(command -v ajv || true)}
missing=()
[ -n "$multitool" ] && [ -x "$multitool" ] || missing+=("@microsoft/sarif-multitool")
[ -n "$ajv" ] || missing+=("ajv-cli")
command -v node >/dev/null || missing+=("node")
if [ ${#missing[@]} -gt 0 ]; then
  echo "SKIPPED: validators not installed: ${missing[*]} (scripts/dev.sh test installs them: npm install -g" \
       "@microsoft/sarif-multitool ajv-cli)"
  exit 77
fi
# .NET without ICU would abort; the validator needs no culture data.
export DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1 DOTNET_CLI_TELEMETRY_OPTOUT=1

rm -rf "$work" && mkdir -p "$work/reports" "$work/controls" && cd "$src" || exit 2 # globs below are relative
fail=0

# 1. The goldens, with the checkout location put back: `<SRC>` is not a URI, and the Multitool silently reports
#    nothing at all for a log whose originalUriBaseIds it cannot parse.
for f in "$src"/tests/golden/*.sarif "$src"/tests/golden/*.json; do
  sed "s#<SRC>#$src#g" "$f" >"$work/reports/golden-$(basename "$f")"
done

# 2. Fresh reports: the examples on every target, and fixtures with fixes, path conditions, counterexamples,
#    unknowns and textual PTO. Findings exit 1; 2 and 3 are failures unless expected.
lint() { # NAME FORMAT MAX_EXIT ARGS...
  local name=$1 format=$2 max=$3
  shift 3
  "$cli" --quiet --target=all --format="$format" --output="$work/reports/$name.$format" "$@" \
    >"$work/$name.$format.log" 2>&1
  local rc=$?
  if [ $rc -gt "$max" ]; then
    cat "$work/$name.$format.log"
    echo "FAIL: pto-lint exited $rc for $name ($format)"
    fail=1
  fi
}
cpp_flags=(-- -std=c++17 -Irefmodel/include)
fixtures=(tests/kernels/*.cpp tests/rules/pto-colargmin-tmp-size.cpp tests/rules/pto-part-valid-pattern.cpp
          tests/rules/pto-rowexpand-mode.cpp tests/rules/pto-colargmin-dst-layout.cpp)
# A file outside the working directory (absolute URIs) whose operand is not a tile: a finding of an id pto-lint
# reports itself, with no rule declaration; the file does not compile, hence exit 2.
mkdir -p "$work/outside"
cat >"$work/outside/unrecognised.cpp" <<'EOF'
#include <pto/pto-inst.hpp>
struct NotATile {};
void kernel() {
  pto::Tile<pto::TileType::Vec, int32_t, 1, 256> dst;
  pto::Tile<pto::TileType::Vec, float, 1, 32> tmp;
  NotATile src;
  pto::TCOLARGMIN(dst, src, tmp);
}
EOF
for format in sarif json; do
  lint examples "$format" 1 examples/*.cpp "${cpp_flags[@]}"
  lint fixtures "$format" 1 "${fixtures[@]}" "${cpp_flags[@]}"
  lint pto "$format" 1 tests/pto/*.pto
  lint outside "$format" 2 "$work/outside/unrecognised.cpp" "${cpp_flags[@]}"
done
# A log merged from shards (pto-lint --shard=i/n, then pto-lint merge) validates like one run's.
for i in 1 2; do
  "$cli" --quiet --target=all --format=sarif --shard=$i/2 --output="$work/shard$i.sarif" "${fixtures[@]}" "${cpp_flags[@]}" \
    >/dev/null 2>&1
done
"$cli" merge --output="$work/reports/merged-shards.sarif" "$work/shard1.sarif" "$work/shard2.sarif" ||
  { echo "FAIL: pto-lint merge"; fail=1; }
[ $fail -eq 0 ] || exit 1

# Negative controls: a report with a known defect must be rejected, or the checks below prove nothing.
node -e '
  const fs = require("fs");
  const s = JSON.parse(fs.readFileSync(process.argv[1]));
  delete s.runs[0].tool.driver.informationUri;
  fs.writeFileSync(process.argv[2], JSON.stringify(s, null, 2));
  const j = JSON.parse(fs.readFileSync(process.argv[3]));
  j.findings.push({ ...j.findings[0], status: "proved" });
  fs.writeFileSync(process.argv[4], JSON.stringify(j, null, 2));
' "$work/reports/examples.sarif" "$work/controls/no-information-uri.sarif" \
  "$work/reports/examples.json" "$work/controls/bad-status.json" || exit 2

# 3. SARIF: one Multitool run over every log, notes included so that each log shows it was read.
sarifs=("$work"/reports/*.sarif "$work"/controls/*.sarif)
"$multitool" validate --level "Error;Warning;Note" --log ForceOverwrite -o "$work/validation.sarif" "${sarifs[@]}" \
  >"$work/validate.log" 2>&1
[ -s "$work/validation.sarif" ] || { cat "$work/validate.log"; echo "FAIL: the SARIF Multitool wrote no log"; exit 1; }
node -e '
  const fs = require("fs"), url = require("url");
  const [log, control, ...inputs] = process.argv.slice(1);
  const found = new Map(inputs.map(f => [f, []]));
  for (const run of JSON.parse(fs.readFileSync(log)).runs)
    for (const r of run.results || []) {
      const loc = r.locations?.[0]?.physicalLocation;
      const file = loc ? url.fileURLToPath(loc.artifactLocation.uri) : "?";
      const level = r.level || "warning"; // SARIF default
      const args = (r.message.arguments || []).join(" | ");
      (found.get(file) || []).push({ level, rule: r.ruleId, where: loc?.region?.startLine, text: r.message.text || args });
    }
  let bad = 0;
  for (const [file, rs] of found) {
    const faults = rs.filter(r => r.level === "error" || r.level === "warning");
    const name = file.split("/").slice(-2).join("/");
    if (file === control) {
      if (!faults.some(r => r.rule === "SARIF2005")) { console.log(`FAIL: ${name}: SARIF2005 expected, got`, rs); bad = 1; }
      else console.log(`ok (rejected as it must be): ${name}: ${faults.map(r => r.rule).join(" ")}`);
      continue;
    }
    if (rs.length === 0) { console.log(`FAIL: ${name}: the validator reported nothing, not even notes: was it read?`); bad = 1; continue; }
    for (const r of faults) console.log(`FAIL: ${name}:${r.where}: ${r.level} ${r.rule}: ${r.text}`);
    if (faults.length) bad = 1;
    else console.log(`ok: ${name}: 0 errors, 0 warnings (${rs.length} notes: ${[...new Set(rs.map(r => r.rule))].join(" ")})`);
  }
  process.exit(bad);
' "$work/validation.sarif" "$work/controls/no-information-uri.sarif" "${sarifs[@]}" || { fail=1; grep -v ": note SARIF" "$work/validate.log"; }

# 4. JSON against the versioned schema.
for f in "$work"/reports/*.json; do
  if "$ajv" validate --spec=draft2020 --strict=true --all-errors -s "$schema" -d "$f" >"$work/ajv.log" 2>&1; then
    echo "ok: $(basename "$f"): valid against $(basename "$schema")"
  else
    cat "$work/ajv.log"
    echo "FAIL: $(basename "$f") does not match $(basename "$schema")"
    fail=1
  fi
done
if "$ajv" validate --spec=draft2020 --strict=true -s "$schema" -d "$work/controls/bad-status.json" >/dev/null 2>&1; then
  echo "FAIL: controls/bad-status.json passed the schema"
  fail=1
else
  echo "ok (rejected as it must be): controls/bad-status.json"
fi

exit $fail
