#!/bin/sh
# Counts the loss lines formconv prints for every input in examples/ and ../shared/corpus to every
# target, and how many do not start with the field they concern (or "form-level").
# Usage: bench/loss-lines.sh [formconv binary]   (run from the repository root)
bin=${1:-.build/debug/formconv}
corpus=${CORPUS:-/work/shared/corpus}
out=$(mktemp -d)
inputs="$(ls examples/* "$corpus"/rmsform/*.plist "$corpus"/rmsform/*.json)"
for t in ir mmxml json yaml xlform xlform-plist xlform-swift xlform-objc rmsform rmsform-json shinobi json-schema surveyjs jsonforms rjsf html; do
    # shellcheck disable=SC2086
    "$bin" $inputs --to "$t" -o "$out/$t" 2>&1 | grep '\[loss\.'
done > "$out/lines"
total=$(wc -l < "$out/lines")
# The message follows "warning: " / "note: "; it names its subject first: "<id>: ", "form-level: ",
# "page '…': ", "group '…': ", "relationship N…: ".
unnamed=$(sed -E 's/^.*(warning|note|error): //' "$out/lines" \
    | grep -Ecv "^([^ :]+|form-level|page '[^']*'|group '[^']*'|relationship [0-9]+( on [^:]*)?): ")
ext=$(grep -c '\[loss\.extension\]' "$out/lines")
echo "loss lines: $total, not naming a field or form-level first: $unnamed, loss.extension: $ext"
if [ -n "$VERBOSE" ]; then sed -E 's/^.*(warning|note|error): //' "$out/lines" \
    | grep -Ev "^([^ :]+|form-level|page '[^']*'|group '[^']*'|relationship [0-9]+( on [^:]*)?): "; fi
rm -rf "$out"
