# SPDX-License-Identifier: MIT
#
# VAIOS: the README's two commands, and a few more.
#
#   make bench       build the benchmark image, run it on the emulated board,
#                    print the tables, write build/bench/{report.md,results.json}
#   make test        every test: host unit tests (sanitizers, coverage),
#                    target tests on the emulated board, benchmark budgets
#   make BOARD=nucleo_f401re   build every image for the real board (no run)
#   make trace       the inversion scenario with tracing: CTF + timeline
#   make evidence    the kernel's machine-checked evidence (docs/evidence.md):
#                    MISRA check, Frama-C EVA and WP, the SPIN models
#   make soak        the flight pipeline for SOAK_SECONDS of flight (default
#                    86400: 24 h; 24 h takes about 2 h of real time with a
#                    core of its own, 3 h on a busy two-core machine,
#                    docs/flight.md):
#                    misses, heap leak and drift, build/soak-report/
#
# Both main commands install what is missing from Debian's packages when
# run as root; otherwise they print the exact apt-get line.

BOARD     ?= netduinoplus2
BUILD     ?= build
JOBS      ?= $(shell nproc 2>/dev/null || echo 2)
TARGET_DIR = $(BUILD)/$(BOARD)
HOST_DIR   = $(BUILD)/host

# Debian packages the commands need (binary -> package).
DEPS = cmake:cmake arm-none-eabi-gcc:gcc-arm-none-eabi qemu-system-arm:qemu-system-arm \
       python3:python3 gnuplot:gnuplot-nox clang:clang babeltrace2:babeltrace2 \
       gcovr:gcovr valgrind:valgrind cyclictest:rt-tests gcc:gcc make:make \
       gdb-multiarch:gdb-multiarch jsonschema:python3-jsonschema \
       cppcheck:cppcheck frama-c:frama-c-base why3:why3 z3:z3 cvc4:cvc4 spin:spin
NEWLIB_HDR = /usr/lib/arm-none-eabi/include/string.h

.PHONY: default all bench test deps target host trace clean nucleo bench-linux soak evidence

default: target

all: target host

deps:
	@BOARD=$(BOARD) tools/install-deps $(DEPS)

target: deps
	@cmake -S . -B $(TARGET_DIR) -DCMAKE_TOOLCHAIN_FILE=cmake/arm-none-eabi.cmake \
	    -DCMAKE_BUILD_TYPE=Release -DVAIOS_BOARD=$(BOARD) >/dev/null
	@cmake --build $(TARGET_DIR) -j$(JOBS)

host: deps
	@cmake -S . -B $(HOST_DIR) -DVAIOS_ARCH=host -DCMAKE_BUILD_TYPE=Debug >/dev/null
	@cmake --build $(HOST_DIR) -j$(JOBS)

# The emulated board's results in $(BUILD)/bench; another board's (make
# bench BOARD=mps2_an500) beside them in $(BUILD)/bench-$(BOARD).
BENCH_OUT = $(if $(filter netduinoplus2,$(BOARD)),$(BUILD)/bench,$(BUILD)/bench-$(BOARD))
bench: target
	@python3 -m tools.bench --build $(TARGET_DIR) --board $(BOARD) --out $(BENCH_OUT)

test: target host
	@python3 -m tools.run_tests --target $(TARGET_DIR) --host $(HOST_DIR) --build $(BUILD)

evidence: deps
	@python3 tools/evidence/run.py all --build $(BUILD)

trace: deps
	@python3 -m tools.trace_run --check --build $(BUILD) --board $(BOARD)

# The harness on this Linux host through POSIX, cross-checked against
# rt-tests (docs/linux.md); options in BENCH_LINUX_ARGS, e.g. "--samples 1000000".
SOAK_SECONDS ?= 86400
SOAK_DIR = $(BUILD)/soak-$(BOARD)
soak: deps
	@cmake -S . -B $(SOAK_DIR) -DCMAKE_TOOLCHAIN_FILE=cmake/arm-none-eabi.cmake \
	  -DVAIOS_BOARD=$(BOARD) -DVB_SOAK_ONLY=ON -DVB_SOAK_SECONDS=$(SOAK_SECONDS) >/dev/null
	@cmake --build $(SOAK_DIR) -j$(JOBS) --target bench.elf -- --no-print-directory >/dev/null
	@tools/qemu-run $(SOAK_DIR)/bench/bench.elf $$(( $(SOAK_SECONDS) / 4 + 600 )) | \
	  python3 -m tools.vaios_report --input - --out $(BUILD)/soak-report --peers ''

bench-linux:
	@python3 -m tools.bench_linux --out $(BUILD)/bench-linux $(BENCH_LINUX_ARGS)

nucleo:
	@$(MAKE) --no-print-directory target BOARD=nucleo_f401re

clean:
	rm -rf $(BUILD)
