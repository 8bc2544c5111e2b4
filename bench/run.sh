#!/usr/bin/env bash
# Builds formconv in release mode, installs what the benchmark compares against, and runs it.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v xmllint >/dev/null || { apt-get update -qq && apt-get install -y -qq libxml2-utils >/dev/null; }
python3 -c "import xmltodict" 2>/dev/null || python3 -m pip install -q xmltodict
# As formconv is shipped (scripts/build-release: release, the Swift runtime linked in, position-dependent).
scripts/build-release
exec python3 bench/run.py "$@"
