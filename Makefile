# numpred: the two commands of the README are `make run` and `make test`.

GO ?= go
# rudd's "buddy" backend (pure Go, BuDDy-like node table) is 2-3x faster
# than its default Go-map table on numpred's workloads; both are tested.
TAGS ?= buddy

.PHONY: run test build bench bench-templates svcomp fuzz vet resources

build:
	./scripts/setup.sh
	$(GO) build -tags $(TAGS) -o bin/numpred ./cmd/numpred

# The main job: analyse a bundled example.
run: build
	./bin/numpred analyze testdata/examples/fig1a.c

# The test suite (what CI runs): under ~5 minutes on 2 cores.
test:
	./scripts/setup.sh
	$(GO) test -tags $(TAGS) -count=1 -timeout 15m ./...
	$(GO) test -race -tags $(TAGS) -count=1 ./bdd/

vet:
	$(GO) vet ./...

# Long benchmarks, kept out of `make test`.
bench:
	$(GO) test -tags $(TAGS) -run '^$$' -bench . -benchtime=100x ./...

fuzz:
	$(GO) test ./linprog -run '^$$' -fuzz FuzzParse -fuzztime 60s
	$(GO) test ./cfront -run '^$$' -fuzz FuzzParse -fuzztime 60s

# The issue-7 template benchmarks: Fig. 8(a)/(b) and the eureka families
# under every domain (reports TRUE = 1 as a metric); then issue 19's
# test_locks(N), N = 4 .. 64, under every domain and the predicate domain,
# one table line per (N, domain): time, CPU time, TRUE, BDD nodes, heap.
bench-templates:
	$(GO) test -tags $(TAGS) ./interp -run '^$$' -bench 'Fig8|Eureka' -benchtime 3x -timeout 60m
	$(GO) test -tags $(TAGS) ./interp -run '^$$' -bench 'TestLocks' -benchtime 1x -timeout 60m

# Every SV-COMP task under every domain with a longer time limit (needs
# ../shared); fails on any TRUE for a task whose error is reachable.
svcomp:
	$(GO) test -tags $(TAGS) ./interp -run TestSVCOMPSoundness -count=1 -v -timeout 60m \
		-svcomp.domain numeric,predicate,nexpoint,nex,mtndd,ndd -svcomp.timeout 30s

# The differential test of the C front end (cfront + ir/exec against gcc)
# on CGEN_N generated programs; needs gcc. `make test` runs a slice of 300.
CGEN_N ?= 100000
.PHONY: fuzz-cfront
fuzz-cfront:
	$(GO) test -tags $(TAGS) ./cfront/cgen -run '^TestDifferential$$' -count=1 -v -timeout 24h -cgen.n $(CGEN_N)

# The differential test on programs with arrays, structs, pointers and
# malloc'd blocks (cgen.MemoryConfig, LP64 programs only); needs gcc.
# Until cfront models memory, every program whose globals include an
# array or a struct mismatches ("global g[0] missing from the IR").
.PHONY: fuzz-cfront-mem
fuzz-cfront-mem:
	$(GO) test -tags $(TAGS) ./cfront/cgen -run '^TestDifferential$$' -count=1 -v -timeout 24h -cgen.n $(CGEN_N) -cgen.memory

# The end-to-end soundness oracle (cfront/cgen TestSoundness): SOUND_N
# generated tasks, decided by running gcc on every input, analysed under
# every domain and numeric domain; fails on any wrong verdict. `make test`
# runs 10 tasks.
SOUND_N ?= 5000
SOUND_DEADLINE ?= 250ms
.PHONY: fuzz-sound
fuzz-sound:
	$(GO) test -tags $(TAGS) ./cfront/cgen -run '^TestSoundness$$' -count=1 -v -timeout 48h \
		-sound.n $(SOUND_N) -sound.deadline $(SOUND_DEADLINE)

# The soundness oracle for every engine (verify.Run, as numpred analyze
# --engine E runs it: absint, cegar, bmc, kind, abe, impact and the
# default strategy), $(ENGINES_SOUND_N) generated programs (about 310 tasks
# once those with undefined behaviour are dropped), each engine run limited to
# $(ENGINES_SOUND_DEADLINE); a wrong verdict fails. Needs gcc.
ENGINES_SOUND_N ?= 340
ENGINES_SOUND_DEADLINE ?= 1s
.PHONY: fuzz-engines
fuzz-engines:
	$(GO) test -tags $(TAGS) ./cfront/cgen -run '^TestSoundness$$' -count=1 -v -timeout 48h \
		-sound.n $(ENGINES_SOUND_N) -sound.configs none -sound.engine.deadline $(ENGINES_SOUND_DEADLINE)

# The soundness oracle on tasks with memory (TaskOptions.Memory).
# The polynomial lifting's soundness oracle (package polylift) on
# $(POLYLIFT_N) generated twin programs, analysed with affine equalities
# and intervals and with polyhedra; gcc decides every verdict.
POLYLIFT_N ?= 1000
.PHONY: fuzz-polylift
fuzz-polylift:
	$(GO) test -tags $(TAGS) ./polylift -run '^TestLiftedAgainstGCC$$' -count=1 -v -timeout 48h \
		-oracle.n $(POLYLIFT_N) -oracle.configs affine+interval,lincong+interval,polyhedra

.PHONY: fuzz-sound-mem
fuzz-sound-mem:
	$(GO) test -tags $(TAGS) ./cfront/cgen -run '^TestSoundness$$' -count=1 -v -timeout 48h \
		-sound.n $(SOUND_N) -sound.deadline $(SOUND_DEADLINE) -sound.memory

# The CEGAR loop (cegar engine defaults and the default strategy's CEGAR
# stage) on the generated tasks of the soundness oracle: a wrong verdict
# fails. Needs gcc.
CEGAR_SOUND_N ?= 400
.PHONY: svcomp-abe
svcomp-abe:
	$(GO) test -tags $(TAGS) ./cmd/numpred -run '^TestDefaultStrategyOnABETasks$$' -count=1 -v -timeout 2h -svcomp.abe

.PHONY: fuzz-cegar
fuzz-cegar:
	$(GO) test -tags $(TAGS) ./cegar -run '^TestSoundness$$' -count=1 -v -timeout 48h \
		-cegar.sound $(CEGAR_SOUND_N)

# Issue 15: numpred's numeric domains against PPL on the standard random
# workloads (internal/numbench), one run on one machine. Writes the
# workload files to $(NUMBENCH_DIR); the PPL driver is built only when
# g++ and PPL (apt-get install libppl-dev) are present; with it, every
# result is also compared with PPL's (issue 38; differences on stderr and
# a failing exit status). Then the Go benchmarks of the same workloads,
# for benchstat. The exact hulls at n = 8 take PPL a minute or more each
# (poly-n8-c8-box: over 22 min of CPU for 20 joins), so a whole run takes
# hours; NUMBENCH_ONLY=s restricts compare to the workloads whose name
# contains s.
NUMBENCH_DIR ?= /tmp/numbench
.PHONY: bench-numeric
bench-numeric:
	$(GO) run -tags $(TAGS) ./internal/numbench/cmd/numbench gen $(NUMBENCH_DIR)
	if g++ -O2 -o $(NUMBENCH_DIR)/ppldriver internal/numbench/ppl/driver.cc -lppl -lgmpxx -lgmp 2>/dev/null; then \
		$(GO) run -tags $(TAGS) ./internal/numbench/cmd/numbench compare -ppl $(NUMBENCH_DIR)/ppldriver -only '$(NUMBENCH_ONLY)' $(NUMBENCH_DIR); \
	else \
		echo "bench-numeric: no g++ or PPL, numpred only"; \
		$(GO) run -tags $(TAGS) ./internal/numbench/cmd/numbench compare -only '$(NUMBENCH_ONLY)' $(NUMBENCH_DIR); \
	fi
	$(GO) test -tags $(TAGS) ./internal/numbench -run '^$$' -bench . -count 5 -timeout 120m

# Issue 18's generator test (interp TestWrapAroundPolyhedraOps): WRAPGEN_N
# random programs with unsigned arithmetic and wrap-around under the
# combined domains WRAPGEN_DOMAINS and --numeric polyhedra; fails when a
# single polyhedra operation takes more than 50 ms (twice in a row).
# Timing-based, so kept out of `make test`; run it on an otherwise idle
# machine (about 4 minutes on 2 cores).
WRAPGEN_N ?= 40
WRAPGEN_DOMAINS ?= nexpoint,nex,mtndd,ndd
.PHONY: wrapgen
wrapgen:
	$(GO) test -tags $(TAGS) ./interp -run '^TestWrapAroundPolyhedraOps$$' -count=1 -v -timeout 60m \
		-wrapgen.n $(WRAPGEN_N) -wrapgen.domains $(WRAPGEN_DOMAINS)

# Issue 39's resource campaign: default flags on every task of both
# shared SV-COMP sets and on the generated template programs, one at a
# time at --timeout $(RESOURCES_TIMEOUT), with wall time, CPU time and peak
# RSS per run from wait4's rusage; prints the worst five of each and
# fails when a run answers wrongly, prints no result or ends more than
# 2 s past its limit. About an hour; writes $(RESOURCES_TSV).
# RESOURCES_ARGS are more analyze flags: by default a 2 GB memory limit,
# so that a run past it answers UNKNOWN (memory) (issue 39's bound).
RESOURCES_TIMEOUT ?= 60s
RESOURCES_TSV ?= /tmp/numpred-resources.tsv
RESOURCES_ARGS ?= --memory-limit 2G
resources: build
	$(GO) run ./internal/campaign/cmd/campaign -numpred bin/numpred -timeout $(RESOURCES_TIMEOUT) -tsv $(RESOURCES_TSV) -args "$(RESOURCES_ARGS)"

# Issue 36: the shared SV-COMP sets the way users run them.
# `make bench-shared` runs `numpred bench -j $(BENCH_JOBS)` over both sets
# and writes results/shared.* and the HTML report results/shared.html.
# `make benchexec` runs BenchExec (../shared/benchexec, or BENCHEXEC=...)
# with the tool-info module contrib/benchexec/numpred.py on the benchmark
# definition contrib/benchexec/numpred-shared.xml (BENCHEXEC_ARGS, e.g.
# "-t svcomp -T 30s -N 2", selects a set, the time limit, parallel runs),
# then table-generator makes its HTML table under results/benchexec/.
BENCH_JOBS ?= 2
BENCH_TIMEOUT ?= 60s
BENCHEXEC ?= ../shared/benchexec
BENCHEXEC_ARGS ?=
# `make table-iv` runs `numpred table4` (the NumPredDom paper's Table IV:
# cegar under every domain) over both shared sets and the control-heavy
# templates (scripts/table4-templates.sh), $(TABLE4_JOBS) runs at a time,
# each with --timeout $(TABLE4_TIMEOUT); tables in results/table4-*.md.
TABLE4_JOBS ?= 2
TABLE4_TIMEOUT ?= 10s
TABLE4_ARGS ?= --memory-limit 1500M
.PHONY: table-iv
table-iv: build
	./scripts/table4-templates.sh ./bin/numpred results/table4-templates
	./bin/numpred table4 -j $(TABLE4_JOBS) --timeout $(TABLE4_TIMEOUT) $(TABLE4_ARGS) --name svcomp -o results/table4-svcomp ../shared/benchmarks/svcomp/manifest.tsv
	./bin/numpred table4 -j $(TABLE4_JOBS) --timeout $(TABLE4_TIMEOUT) $(TABLE4_ARGS) --name svcomp-2 -o results/table4-svcomp-2 ../shared/benchmarks/svcomp-2/manifest.tsv
	./bin/numpred table4 -j $(TABLE4_JOBS) --timeout $(TABLE4_TIMEOUT) $(TABLE4_ARGS) --name templates -o results/table4-templates results/table4-templates

.PHONY: bench-shared benchexec
bench-shared: build
	./bin/numpred bench -j $(BENCH_JOBS) --timeout $(BENCH_TIMEOUT) -o results/shared \
		../shared/benchmarks/svcomp/manifest.tsv ../shared/benchmarks/svcomp-2/manifest.tsv
	./bin/numpred report -o results/shared.html results/shared.json
benchexec: build
	contrib/benchexec/prepare-sets.sh contrib/benchexec/sets ../shared/benchmarks/svcomp ../shared/benchmarks/svcomp-2
	PYTHONPATH=$(BENCHEXEC):. python3 $(BENCHEXEC)/bin/benchexec --no-container --tool-directory . \
		-o results/benchexec/ $(BENCHEXEC_ARGS) contrib/benchexec/numpred-shared.xml
	run=$$(ls -t results/benchexec/numpred-shared.*.results.*.xml.bz2 | head -1 | sed 's/\.results\..*//'); \
	files=$$run.results.default.xml.bz2; [ -e $$files ] || files=$$(ls $$run.results.default.*.xml.bz2); \
	PYTHONPATH=$(BENCHEXEC):. python3 $(BENCHEXEC)/bin/table-generator -o results/benchexec/ $$files
