# numpred: the two commands of the README are `make run` and `make test`.

GO ?= go

.PHONY: run test build bench fuzz vet

build:
	./scripts/setup.sh
	$(GO) build -o bin/numpred ./cmd/numpred

# The main job: analyse a bundled example.
run: build
	./bin/numpred analyze testdata/examples/fig1a.c

# The test suite (what CI runs): under ~5 minutes on 2 cores.
test:
	./scripts/setup.sh
	$(GO) test -count=1 -timeout 15m ./...

vet:
	$(GO) vet ./...

# Long benchmarks, kept out of `make test`.
bench:
	$(GO) test -run '^$$' -bench . -benchtime=100x ./...

fuzz:
	$(GO) test ./linprog -run '^$$' -fuzz FuzzParse -fuzztime 60s
	$(GO) test ./cfront -run '^$$' -fuzz FuzzParse -fuzztime 60s
