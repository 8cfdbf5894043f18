#!/usr/bin/env bash
# `make fuzz`: builds the libFuzzer targets with clang (ASan+UBSan, BUILD dir of their own), seeds
# each corpus from tests/, examples/, fuzz/seeds/ and the docs' code blocks (fuzz/seeds.txt; the
# template targets also from ../shared/corpus when present, C2A_CORPUS to move it), and runs every
# target for FUZZ_SECONDS. Found inputs land in BUILD/crashes/<target>/: minimise them
# (fuzz_<target> -minimize_crash=1) and keep them in fuzz/regressions/<target>/. A campaign starts
# from the corpus kept in the repository (fuzz/corpus/<target>/) and grows BUILD/corpus/<target>.
#   fuzz/run.sh [--replay-only | --minimize] [TARGET...]
# --replay-only builds and runs each target once over its regressions, kept corpus and seeds (CI).
# --minimize merges BUILD/corpus/<target> into fuzz/corpus/<target>: the fewest inputs that keep
# every feature either reached (libFuzzer -merge=1), the smallest first within FUZZ_CORPUS_KIB
# (256 by default) a target, to commit.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${FUZZ_BUILD_DIR:-build-fuzz}
seconds=${FUZZ_SECONDS:-60}
jobs=${JOBS:-2}
replay=false
minimize=false
if [[ ${1:-} == --replay-only ]]; then replay=true; shift; fi
if [[ ${1:-} == --minimize ]]; then minimize=true; shift; fi
cap_kib=${FUZZ_CORPUS_KIB:-256}

mapfile -t table < <(grep -v '^#' fuzz/seeds.txt | grep -v '^[[:space:]]*$')
targets=("$@")
if ((${#targets[@]} == 0)); then
  for line in "${table[@]}"; do targets+=("${line%% *}"); done
fi

# Leaks are not what the targets look for (a process per run frees everything); UBSan stops.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
  -DC2A_FUZZ=ON -DC2A_SANITIZE=address,undefined >/dev/null
cmake --build "$build" -j "$jobs" --target "${targets[@]/#/fuzz_}"

# The fenced blocks of docs/*.md in one language (```json ...```), one file each.
docs_blocks() {
  local language=$1 out=$2
  awk -v lang="$language" -v out="$out" '
    /^```/ {
      if (inside) { inside = 0; close(file) }
      else if ($0 == "```" lang) { inside = 1; file = out "/docs-" lang "-" ++n }
      next
    }
    inside { print > file }' docs/*.md
}

status=0
for target in "${targets[@]}"; do
  line=$(printf '%s\n' "${table[@]}" | awk -v t="$target" '$1 == t')
  [[ -n $line ]] || { echo "fuzz: no target $target in fuzz/seeds.txt" >&2; exit 64; }
  read -r _ dictionary rest <<<"$line"
  seeds="$build/seeds/$target"
  rm -rf "$seeds" && mkdir -p "$seeds"
  for word in $rest; do
    if [[ $word == docs:* ]]; then
      IFS=, read -ra languages <<<"${word#docs:}"
      for language in "${languages[@]}"; do docs_blocks "$language" "$seeds"; done
    else
      find tests examples fuzz/seeds -type f -path "*$word" -print0 | while IFS= read -r -d '' f; do
        cp "$f" "$seeds/$(echo "$f" | tr / _)"
      done
    fi
  done
  # A campaign of a template target also starts from the real templates of ../shared/corpus
  # (C2A_CORPUS), when it is there: those within -max_len, which libFuzzer would otherwise cut.
  corpus_templates=${C2A_CORPUS:-../shared/corpus}/templates
  if ! $replay && ! $minimize && [[ -d $corpus_templates ]]; then
    case $target in
      json_reader) names=(-name '*.json') ;;
      yaml_reader) names=(-name '*.yaml' -o -name '*.yml') ;;
      template_mapper | pipeline) names=(-name '*') ;;
      *) names=() ;;
    esac
    if ((${#names[@]})); then
      find "$corpus_templates" -type f \( "${names[@]}" \) -size -8193c -print0 |
        while IFS= read -r -d '' f; do
          cp "$f" "$seeds/corpus_$(echo "${f#"$corpus_templates"/}" | tr / _)"
        done
      echo "fuzz: $target seeded with $(find "$seeds" -name 'corpus_*' | wc -l) corpus templates"
    fi
  fi
  mkdir -p "fuzz/regressions/$target" "fuzz/corpus/$target"
  binary="$build/fuzz/fuzz_$target"
  if $replay; then
    echo "fuzz: replaying $target"
    "$binary" -runs=0 "fuzz/regressions/$target" "fuzz/corpus/$target" "$seeds" >/dev/null \
      2>"$build/$target.log" || { tail -30 "$build/$target.log"; status=1; }
    continue
  fi
  if $minimize; then
    merged="$build/merged/$target"
    rm -rf "$merged" && mkdir -p "$merged" "$build/corpus/$target"
    "$binary" -merge=1 -max_len=8192 -timeout=10 -rss_limit_mb=4096 "$merged" \
      "fuzz/corpus/$target" "$build/corpus/$target" "$seeds" 2>"$build/$target.merge.log" ||
      { tail -30 "$build/$target.merge.log"; status=1; continue; }
    # Files named by their content (libFuzzer's SHA-1): the same input twice is one file.
    rm -rf "fuzz/corpus/$target" && mkdir -p "fuzz/corpus/$target"
    left=$((cap_kib * 1024))
    while read -r size file; do
      ((size <= left)) || break
      cp "$file" "fuzz/corpus/$target/" && left=$((left - size))
    done < <(find "$merged" -type f -printf '%s %p\n' | sort -n -k1,1 -k2,2)
    echo "fuzz: $target keeps $(find "fuzz/corpus/$target" -type f | wc -l) of" \
      "$(find "$merged" -type f | wc -l) merged inputs ($(du -sk "fuzz/corpus/$target" | cut -f1) KiB)"
    continue
  fi
  corpus="$build/corpus/$target"
  crashes="$build/crashes/$target"
  mkdir -p "$corpus" "$crashes"
  echo "fuzz: $target for ${seconds}s"
  "$binary" -max_total_time="$seconds" -dict="fuzz/dictionaries/$dictionary.dict" \
    -artifact_prefix="$crashes/" -print_final_stats=1 -max_len=8192 -timeout=10 -rss_limit_mb=4096 \
    "$corpus" "fuzz/corpus/$target" "fuzz/regressions/$target" "$seeds" 2>"$build/$target.log" ||
    { tail -30 "$build/$target.log"; status=1; }
  grep -E '^(#[0-9]+.*DONE|stat::number_of_executed_units|stat::peak_rss_mb)' "$build/$target.log" || true
done
exit $status
