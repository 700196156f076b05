#!/usr/bin/env bash
# Installs the Debian packages Layout Studio needs, if any are missing.
set -euo pipefail
pkgs=(build-essential cmake ninja-build pkg-config qt6-base-dev qt6-svg-dev libeigen3-dev
      libgl1-mesa-dev python3 xvfb xauth)
# Optional: Debian's hipcc (about 40 MB to download) lets CTest compile the
# exported HIP test kernels for gfx90a and gfx940; without it those tests are
# not registered.  LS_SKIP_HIPCC=1 leaves it out; a failed install is not an
# error.
# Optional: mimalloc makes layout-studio-cli's read + audit of a kernel faster
# (CMake links it when found; without it the CLI uses glibc's malloc).
optional=(libmimalloc-dev)
if [ "${LS_SKIP_HIPCC:-0}" != "1" ]; then optional+=(hipcc); fi

is_installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
missing=()
for p in "${pkgs[@]}"; do
  is_installed "$p" || missing+=("$p")
done
missing_optional=()
for p in "${optional[@]}"; do
  is_installed "$p" || missing_optional+=("$p")
done
if [ ${#missing[@]} -eq 0 ] && [ ${#missing_optional[@]} -eq 0 ]; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
if [ ${#missing_optional[@]} -gt 0 ]; then
  for p in "${missing_optional[@]}"; do
    echo "Installing (optional): $p"
    $SUDO apt-get install -y -q --no-install-recommends "$p" ||
      echo "note: $p not installed; $( [ "$p" = hipcc ] && echo "the HIP compile tests are skipped" ||
        echo "layout-studio-cli uses glibc's malloc")"
  done
fi
