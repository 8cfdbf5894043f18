#!/usr/bin/env bash
# Installs what the browser test of the HTML report needs (make test-browser), only what is
# missing: Chromium, its WebDriver and python3. Not part of `make deps`: building and the other
# tests never need a browser.
set -euo pipefail

packages=(chromium chromium-driver python3)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]})); then
  echo "deps-browser: installing ${missing[*]}"
  sudo=""
  [[ $(id -u) -eq 0 ]] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
