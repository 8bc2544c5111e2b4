#!/usr/bin/env bash
# Installs what the benchmark compares against (xmllint, xmltodict), builds formconv as it is shipped
# (scripts/build-release) and runs bench/run.py with this script's arguments.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v xmllint >/dev/null || { apt-get update -qq && apt-get install -y -qq libxml2-utils >/dev/null; }
python3 -c "import xmltodict" 2>/dev/null || python3 -m pip install -q xmltodict
scripts/build-release
exec python3 bench/run.py "$@"
