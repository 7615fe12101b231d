"""prefab-ui's side of run.sh: PrefabApp(view=DataTable(...)).to_json() serialized to bytes.

Usage: .venv/bin/python py.py ROWS.json ITERATIONS  (run.sh installs prefab-ui into .venv/)
The DataTable gets what auto_table produces: every first-row key as a sortable column with
a humanized header, search and pagination on.
"""
import json
import sys
import time

from prefab_ui.app import PrefabApp
from prefab_ui.components import DataTable, DataTableColumn


def status_kb(key):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(key):
                return int(line.split()[1])
    return 0


def build(rows):
    columns = [
        DataTableColumn(key=k, header=k.replace("_", " ").capitalize(), sortable=True)
        for k in rows[0]
    ]
    app = PrefabApp(view=DataTable(columns=columns, rows=rows, search=True, paginated=True))
    return json.dumps(app.to_json(), separators=(",", ":")).encode()


def main():
    path, iterations = sys.argv[1], int(sys.argv[2])
    with open(path) as f:
        rows = json.load(f)
    before = status_kb("VmRSS:")
    times = []
    size = 0
    for i in range(iterations + 3):
        start = time.perf_counter()
        out = build(rows)
        ms = (time.perf_counter() - start) * 1000
        size = len(out)
        if i >= 3:
            times.append(ms)
    times.sort()
    print(json.dumps({
        "impl": "prefab-ui 0.21.1 PrefabApp(view=DataTable(...)).to_json()",
        "median_ms": round(times[len(times) // 2], 2),
        "min_ms": round(times[0], 2),
        "bytes": size,
        "rss_before_kb": before,
        "peak_rss_kb": status_kb("VmHWM:"),
    }))


main()
