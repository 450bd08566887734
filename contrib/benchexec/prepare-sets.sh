#!/bin/sh
# prepare-sets.sh DEST SET...: make SV-COMP task sets usable by BenchExec.
#
# BenchExec reads every property_file a task definition (.yml) names and
# stops when one does not exist; the shared sets keep only
# properties/unreach-call.prp (svcomp) or no properties directory at all
# (svcomp-2). For each SET (a directory of category directories), this
# makes DEST/NAME with one directory per category holding symbolic links
# to the set's files (links per file, so that ../properties resolves
# inside DEST), and DEST/NAME/properties with unreach-call.prp and a
# placeholder for every other property file the tasks name (numpred checks
# unreach-call only; BenchExec needs the others to exist, not to be read).
# Task definitions are copied with format_version '2.0': the sets hold
# some at versions BenchExec rejects ('1.1', or '1.0' with options, which
# the sets' README says were added), and nothing else in them differs.
set -eu
if [ $# -lt 2 ]; then
	echo "usage: $0 DEST SET..." >&2
	exit 1
fi
dest=$1
shift
for set in "$@"; do
	set=$(cd "$set" && pwd)
	name=$(basename "$set")
	out="$dest/$name"
	mkdir -p "$out/properties"
	for dir in "$set"/*/; do
		cat=$(basename "$dir")
		[ "$cat" = properties ] && continue
		mkdir -p "$out/$cat"
		for f in "$dir"*; do
			case "$f" in
			*.yml) sed "s/^format_version:.*/format_version: '2.0'/" "$f" >"$out/$cat/$(basename "$f")" ;;
			*) ln -sfn "$f" "$out/$cat/$(basename "$f")" ;;
			esac
		done
	done
	for f in "$set"/*.tsv "$set"/*.md; do
		[ -e "$f" ] && ln -sfn "$f" "$out/$(basename "$f")"
	done
	printf 'CHECK( init(main()), LTL(G ! call(reach_error())) )\n' >"$out/properties/unreach-call.prp"
	grep -ho 'property_file: *[^ ]*' "$set"/*/*.yml | sed 's|.*/||' | sort -u | while read -r prp; do
		[ -e "$out/properties/$prp" ] || printf '// placeholder: numpred checks unreach-call only\n' >"$out/properties/$prp"
	done
done
