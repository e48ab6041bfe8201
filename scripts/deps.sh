#!/usr/bin/env bash
# Installs with apt-get whatever the build and tests need and this machine lacks.
set -euo pipefail
need=()
for pkg in cmake g++ make libfmt-dev catch2 python3 pkg-config clang libclang-rt-14-dev binutils doxygen; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  echo "installing: ${need[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}"
fi
