# c2a: the two commands a newcomer needs are `make demo` and `make test`.
BUILD_DIR ?= build
JOBS ?= 2
CMAKE_FLAGS ?= -DCMAKE_BUILD_TYPE=Release

.PHONY: deps deps-browser deps-cdk test-cdk configure build demo test test-browser test-corpus test-sanitize fuzz \
	fuzz-replay fuzz-minimize bench format tidy clean install package

deps:
	@scripts/deps.sh

configure: deps
	@cmake -S . -B $(BUILD_DIR) $(CMAKE_FLAGS) >/dev/null

build: configure
	@cmake --build $(BUILD_DIR) -j $(JOBS)

# A newcomer's first minute: only the c2a binary, not the tests and benchmarks.
demo: configure
	@cmake --build $(BUILD_DIR) -j $(JOBS) --target c2a
	@scripts/demo.sh $(BUILD_DIR)/c2a

test: build
	@ctest --test-dir $(BUILD_DIR) --output-on-failure -j $(JOBS) -LE 'corpus|cdk'

# The binary, its man page, shell completions and the documentation under PREFIX
# (docs/release.md); `make package`: the Debian package and the tarball in $(BUILD_DIR).
PREFIX ?= /usr/local
install: configure
	@cmake --build $(BUILD_DIR) -j $(JOBS) --target c2a
	@cmake --install $(BUILD_DIR) --prefix $(PREFIX)

package: configure
	@cmake --build $(BUILD_DIR) -j $(JOBS) --target c2a
	@cd $(BUILD_DIR) && cpack -G "DEB;TGZ"

# The HTML report in headless Chromium (tests/browser/); needs `make deps-browser` first.
# C2A_UPDATE_SCREENSHOT=1 also rewrites docs/images/html-report.png.
deps-browser:
	@scripts/deps-browser.sh

test-browser: configure
	@cmake --build $(BUILD_DIR) -j $(JOBS) --target c2a
	@/usr/bin/python3 tests/browser/html_report_test.py --c2a $(BUILD_DIR)/c2a

# A real CDK app synthesised by the pinned aws-cdk CLI and judged as docs/ci.md says
# (tests/cdk-app/); `make deps-cdk` installs the CLI and aws-cdk-lib with npm ci.
deps-cdk:
	@scripts/deps-cdk.sh

test-cdk: configure
	@cmake --build $(BUILD_DIR) -j $(JOBS) --target c2a
	@ctest --test-dir $(BUILD_DIR) --output-on-failure -L cdk

# Property tests over ../shared/corpus (real templates and pairs); skipped when it is absent.
test-corpus: build
	@ctest --test-dir $(BUILD_DIR) --output-on-failure -L corpus

# The whole suite once more under AddressSanitizer and UndefinedBehaviorSanitizer, in a build
# directory of its own (-O1: quick to build, still fast enough to run; docs/robustness.md).
SANITIZE_DIR ?= build-asan
test-sanitize: deps
	@cmake -S . -B $(SANITIZE_DIR) -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" \
		-DC2A_SANITIZE=address,undefined >/dev/null
	@cmake --build $(SANITIZE_DIR) -j $(JOBS)
	@ASAN_OPTIONS=detect_leaks=1:strict_string_checks=1 \
		UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
		ctest --test-dir $(SANITIZE_DIR) --output-on-failure -j $(JOBS) -LE 'corpus|package|cdk'

# libFuzzer targets (clang, build-fuzz/): each runs FUZZ_SECONDS (60 by default); FUZZ_TARGETS
# chooses some. fuzz-replay only runs them over their found inputs and seeds (CI).
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=
fuzz: deps
	@FUZZ_SECONDS=$(FUZZ_SECONDS) JOBS=$(JOBS) fuzz/run.sh $(FUZZ_TARGETS)

fuzz-replay: deps
	@JOBS=$(JOBS) fuzz/run.sh --replay-only $(FUZZ_TARGETS)

# What the campaigns reached, merged into the corpus kept in the repository (fuzz/corpus/).
fuzz-minimize: deps
	@JOBS=$(JOBS) fuzz/run.sh --minimize $(FUZZ_TARGETS)

# Speed is measured here, never in timed unit tests. measure.py: the whole process on generated
# pairs, the table of docs/performance.md (bench/compare_cdk_diff.py: beside cdk diff's engine).
bench: build
	@$(BUILD_DIR)/bench/c2a_bench_diff
	@$(BUILD_DIR)/bench/c2a_bench_rules
	@$(BUILD_DIR)/bench/c2a_bench_stages
	@/usr/bin/python3 bench/measure.py --c2a $(BUILD_DIR)/c2a --cdk-diff

format:
	@git ls-files '*.cpp' '*.h' | xargs clang-format -i

tidy: build
	@git ls-files '*.cpp' | grep -v '^tests/' | xargs clang-tidy -p $(BUILD_DIR) --quiet

clean:
	@rm -rf $(BUILD_DIR)
