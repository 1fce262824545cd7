# OpenBench (and fishtest-style workers) build an engine with `make EXE=<path>` in its source
# folder and run `<path> bench`; this does the same with cargo. The binary is the release
# build (opt-level 3, fat LTO), the same as `cargo build --release`. FEATURES=tuning builds
# the engine an SPSA tuner needs (docs/openbench.md); a tuning branch may set it here.
EXE ?= kaleido
FEATURES ?=

.PHONY: all clean
all:
	cargo build --release --locked --bin kaleido $(if $(FEATURES),--features $(FEATURES))
	cp target/release/kaleido "$(EXE)"

clean:
	cargo clean
