# c2a: the two commands a newcomer needs are `make demo` and `make test`.
BUILD_DIR ?= build
JOBS ?= 2
CMAKE_FLAGS ?= -DCMAKE_BUILD_TYPE=Release

.PHONY: deps deps-browser configure build demo test test-browser test-corpus bench format tidy clean

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
	@ctest --test-dir $(BUILD_DIR) --output-on-failure -j $(JOBS) -LE corpus

# The HTML report in headless Chromium (tests/browser/); needs `make deps-browser` first.
# C2A_UPDATE_SCREENSHOT=1 also rewrites docs/images/html-report.png.
deps-browser:
	@scripts/deps-browser.sh

test-browser: configure
	@cmake --build $(BUILD_DIR) -j $(JOBS) --target c2a
	@/usr/bin/python3 tests/browser/html_report_test.py --c2a $(BUILD_DIR)/c2a

# Property tests over ../shared/corpus (real templates and pairs); skipped when it is absent.
test-corpus: build
	@ctest --test-dir $(BUILD_DIR) --output-on-failure -L corpus

# Speed is measured here, never in timed unit tests.
bench: build
	@$(BUILD_DIR)/bench/c2a_bench_diff
	@$(BUILD_DIR)/bench/c2a_bench_rules

format:
	@git ls-files '*.cpp' '*.h' | xargs clang-format -i

tidy: build
	@git ls-files '*.cpp' | grep -v '^tests/' | xargs clang-tidy -p $(BUILD_DIR) --quiet

clean:
	@rm -rf $(BUILD_DIR)
