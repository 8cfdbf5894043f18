#!/usr/bin/env bash
# Installs what c2a needs to build and test, only what is missing: Debian -dev packages with
# apt-get, and the pinned npm package carrying the CloudFormation resource specification.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  build-essential cmake pkg-config
  nlohmann-json3-dev libyaml-cpp-dev libyaml-dev tao-pegtl-dev libboost-graph-dev libgtest-dev libgmock-dev
  libcli11-dev libfmt-dev libssl-dev zlib1g-dev libre2-dev libbenchmark-dev
  libmimalloc-dev  # the c2a binary's allocator (cli/CMakeLists.txt)
  libsimdjson-dev  # the fast JSON parser bench/ compares reading against (bench/CMakeLists.txt)
  nodejs npm
  python3 python3-jsonschema python3-yaml  # tests/report/validate_reports.py
  jq  # the GitLab recipe finds its earlier note with it (tests/ci)
  clang libclang-rt-dev  # the libFuzzer targets (make fuzz, fuzz/run.sh)
  ccache mold  # build time: a shared compile cache and a fast linker (cmake/build_speed.cmake)
  zsh fish  # tests/install: the completion scripts must parse in their shells
  dpkg-dev  # make package: dpkg-shlibdeps works out the Debian package's Depends (cmake/packaging.cmake)
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# nodejs/npm may come from elsewhere than Debian; only ask apt for them when the commands are absent.
if command -v npm >/dev/null 2>&1; then
  filtered=()
  for p in "${missing[@]}"; do [[ "$p" == nodejs || "$p" == npm ]] || filtered+=("$p"); done
  missing=("${filtered[@]+"${filtered[@]}"}")
fi

if ((${#missing[@]})); then
  echo "deps: installing ${missing[*]}"
  sudo=""
  [[ $(id -u) -eq 0 ]] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# npm ci only when node_modules does not match the lock file.
stamp=node_modules/.c2a-lock-stamp
if [[ ! -f node_modules/@aws-cdk/aws-service-spec/db.json.gz || ! -f $stamp ]] ||
   ! cmp -s package-lock.json "$stamp"; then
  echo "deps: npm ci (CloudFormation resource specification)"
  npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >/dev/null
  cp package-lock.json "$stamp"
fi
