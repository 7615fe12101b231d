#!/usr/bin/env bash
# Times display(auto_table(rows)) of prefab-rs, the TypeScript port's display(autoTable(rows))
# and prefab-ui's PrefabApp(view=DataTable(...)).to_json() on the same 10,000 rows, in one
# run, and prints a Markdown table (median / min ms, output bytes, RSS before / peak).
#
# Installs npm @maxhealth.tech/prefab@0.3.13 into .npm/ and PyPI prefab-ui==0.21.1 into
# .venv/ (both gitignored) on first use. Needs cargo, node >= 18, python3 >= 3.10 (venv).
# Usage: benches/compare-display/run.sh [ROWS] [ITERATIONS]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
rows="${1:-10000}"
iters="${2:-20}"
cd "$here"

if [ ! -f .npm/node_modules/@maxhealth.tech/prefab/package.json ]; then
  npm install --no-save --no-audit --no-fund --prefix ./.npm @maxhealth.tech/prefab@0.3.13 >/dev/null
fi
if [ ! -x .venv/bin/python ] || ! .venv/bin/python -c "import prefab_ui" 2>/dev/null; then
  python3 -m venv .venv
  .venv/bin/pip install --quiet prefab-ui==0.21.1
fi

cargo build --quiet --release -p prefab-benches --bin display-compare
bin="$(cd ../.. && pwd)/target/release/display-compare"
"$bin" --write-rows rows.json "$rows"

results=()
results+=("$("$bin" --time rows.json "$iters")")
results+=("$(node ts.mjs rows.json "$iters")")
results+=("$(.venv/bin/python py.py rows.json "$iters")")

echo "rows: $rows, iterations: $iters (after 3 warm-up runs), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| implementation | median ms | min ms | output bytes | RSS before (MB) | peak RSS (MB) |"
echo "| --- | ---: | ---: | ---: | ---: | ---: |"
for r in "${results[@]}"; do
  node -e '
    const r = JSON.parse(process.argv[1]);
    const mb = (kb) => (kb / 1024).toFixed(1);
    console.log(`| ${r.impl} | ${r.median_ms} | ${r.min_ms} | ${r.bytes.toLocaleString("en-US")} | ${mb(r.rss_before_kb)} | ${mb(r.peak_rss_kb)} |`);
  ' "$r"
done
