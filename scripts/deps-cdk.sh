#!/usr/bin/env bash
# Installs what the real-CDK-app test needs (make test-cdk): the pinned aws-cdk CLI, aws-cdk-lib
# and constructs of tests/cdk-app/package-lock.json, with npm ci, only when they are missing or
# the lock file changed. Not part of `make deps`: building and the other tests never need them.
set -euo pipefail
cd "$(dirname "$0")/../tests/cdk-app"
command -v npm >/dev/null || { echo "deps-cdk: npm is missing (make deps installs it)" >&2; exit 69; }
stamp=node_modules/.c2a-lock
if [[ -f $stamp ]] && cmp -s package-lock.json "$stamp"; then exit 0; fi
echo "deps-cdk: npm ci in tests/cdk-app"
npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
cp package-lock.json "$stamp"
