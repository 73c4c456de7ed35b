#!/usr/bin/env bash
# Build the sdist, build a wheel FROM the sdist, install it in a new venv and use it as a user would:
# proves the packages carry what they need (Cython sources, the decomposer's tables, the rules pages).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$PY" -m build --sdist --outdir "$work/dist" . >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
sdist=$(ls "$work"/dist/*.tar.gz)
"$PY" -m pip wheel --quiet --no-deps --wheel-dir "$work/dist" "$sdist" >"$work/wheel.log" 2>&1 || { cat "$work/wheel.log"; exit 1; }
wheel=$(ls "$work"/dist/*.whl)
"$PY" -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet "$wheel" 2>&1 | grep -v "^WARNING: Location" || true
cd "$work"  # away from the source tree: only the installed package is importable
"$work/venv/bin/mjscore" --version >version.txt && head -n 1 version.txt
"$work/venv/bin/mjscore" mcr "[123m]456789m555pCC" --self-draw --seat S --json \
  | "$work/venv/bin/python" -c "import json, sys; r = json.load(sys.stdin); assert r['total'] == 19, r; print('scored: total', r['total'])"
"$work/venv/bin/mjscore" rules mcr 清龙 >rule.txt && tail -n 1 rule.txt
"$work/venv/bin/python" -c "import scorer._fast as f; assert f.TABLES_FROM_FILE, 'tables not shipped'; print('tables shipped')"
echo "dist check passed: $(basename "$sdist") $(basename "$wheel")"
