#!/bin/sh
# svcomp.sh BIN OUT: runs BIN (a build of ./internal/numbench/cmd/polysv)
# on every task of ../shared/benchmarks/svcomp, one at a time (the machine
# is shared), with a 60 s limit, one JSON line per task in OUT; then sums
# up: TRUE count, total time, slowest single polyhedra operation.
set -e
bin=$1
out=$2
dir=${SVCOMP_DIR:-../shared/benchmarks/svcomp}
: > "$out"
find "$dir" \( -name '*.c' -o -name '*.i' \) | sort | while read -r f; do
	"$bin" -timeout 60s "$f" >> "$out" || echo "{\"file\":\"$f\",\"verdict\":\"CRASH\"}" >> "$out"
done
python3 - "$out" <<'PY'
import json, sys
rs = [json.loads(l) for l in open(sys.argv[1])]
t = sum(r.get("time_s", 0) for r in rs)
s = max(rs, key=lambda r: r.get("poly_slowest_s", 0))
print("tasks %d, TRUE %d, total %.1f s, polyhedra ops %.1f s, slowest op %.3f s (%s)" % (
    len(rs), sum(r["verdict"] == "TRUE" for r in rs), t,
    sum(r.get("poly_s", 0) for r in rs), s.get("poly_slowest_s", 0), s["file"]))
PY
