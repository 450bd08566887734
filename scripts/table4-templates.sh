#!/bin/sh
# Writes the control-heavy template programs of docs/table-iv.md into DIR,
# each with an SV-COMP task definition (all are safe by construction), so
# that `numpred table4 DIR` counts their verdicts as correct or wrong.
# Usage: scripts/table4-templates.sh NUMPRED DIR
set -eu
numpred=$1
dir=$2
mkdir -p "$dir"
echo 'CHECK( init(main()), LTL(G ! call(reach_error())) )' >"$dir/unreach-call.prp"
for spec in test_locks:5 test_locks:10 test_locks:15 test_locks:20 fig8b:5 fig8b:10 fig8b:20 fig8a:10 fig8a:100 fig8a:1000; do
	t=${spec%%:*}
	n=${spec##*:}
	f=${t}_$n.c
	"$numpred" gen "$t" -n "$n" -o "$dir/$f"
	cat >"$dir/${t}_$n.yml" <<YML
format_version: '2.0'
input_files: '$f'
properties:
  - property_file: unreach-call.prp
    expected_verdict: true
options:
  language: C
  data_model: ILP32
YML
done
