#!/usr/bin/env bash
# make fuzz: builds the libFuzzer targets (Tests/Fuzz) with -sanitize=fuzzer,address and runs
# each for FUZZ_SECONDS (default 60) from a seed corpus of our samples, presets and tests. The
# corpus grows in .build-fuzz/corpus/<target> across runs; crashes land in
# .build-fuzz/crashes/<target>/ and make this script fail. Each crash becomes a regression
# input in Tests/Fuzz/regressions/<target>/ (replayed by the normal test suite).
# FUZZ_PARALLEL=N runs N targets at a time (default 1: one after another); FUZZ_SECONDS is
# wall-clock time, so the table also gives the CPU seconds each run got (user + system, from
# /usr/bin/time), which on a shared machine can be far less.
set -euo pipefail
cd "$(dirname "$0")/../.."
SECONDS_EACH=${FUZZ_SECONDS:-${1:-60}}
TARGETS=${FUZZ_TARGETS:-"FuzzSVGReader FuzzPathData FuzzCSS FuzzPreset FuzzEffectExpression FuzzDrawMarkup FuzzLayerTree FuzzFont"}
PARALLEL=${FUZZ_PARALLEL:-1}
OUT=.build-fuzz
mkdir -p "$OUT"
for t in $TARGETS; do
    if ! SYMBOLREEL_FUZZ=1 swift build -c release --build-path "$OUT" -Xswiftc -sanitize=fuzzer,address \
        -Xswiftc -parse-as-library --product "$t" > "$OUT/$t.build.log" 2>&1; then
        grep -E "error" "$OUT/$t.build.log" | head -20
        echo "building $t failed (log: $OUT/$t.build.log)"
        exit 2
    fi
done
python3 Tests/Fuzz/make_seeds.py "$OUT/seeds"
# Runs one target and writes its row of the table to $OUT/<target>.row; fails on a crash.
fuzz_one() {
    local t=$1 log="$OUT/$1.log" maxlen=4096 rc cpu
    mkdir -p "$OUT/corpus/$t" "$OUT/crashes/$t"
    [ "$t" = FuzzSVGReader ] && maxlen=65536
    [ "$t" = FuzzPreset ] && maxlen=16384
    local lsan="${LSAN_OPTIONS:-}"
    # A subset font of a few glyphs is 2 to 20 kB. fontconfig's configuration parser (2.14.1)
    # leaks 288 bytes once, when FuzzFont loads it before its first input; LeakSanitizer's check
    # at exit would report that, so FuzzFont skips it (libFuzzer's check after each input stays).
    [ "$t" = FuzzFont ] && { maxlen=65536; lsan="leak_check_at_exit=0${lsan:+:$lsan}"; }
    set +e
    LSAN_OPTIONS="$lsan" /usr/bin/time -f '%e %U %S' -o "$OUT/$t.time" \
        "$OUT/release/$t" -max_total_time="$SECONDS_EACH" -max_len=$maxlen -timeout=${FUZZ_TIMEOUT:-25} -rss_limit_mb=2048 \
        -artifact_prefix="$OUT/crashes/$t/" -print_final_stats=1 "$OUT/corpus/$t" "$OUT/seeds/$t" > "$log" 2>&1
    rc=$?
    set -e
    execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')
    cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+' || echo '?')
    ft=$(grep -oE 'ft: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+' || echo '?')
    # wall, CPU (user + system) seconds; time(1) adds a "Command exited" line when rc != 0.
    cpu=$(tail -1 "$OUT/$t.time" | awk '{ printf "%.0f %.0f", $1, $2 + $3 }')
    # Inputs slower than 10 s are written as slow-unit-*; they are findings but not failures.
    crashes=$(ls "$OUT/crashes/$t" | grep -vc '^slow-unit-' || true)
    printf '%-22s %12s %8s %8s %6s %6s %s\n' "$t" "$execs" "$cov" "$ft" $cpu "$crashes" > "$OUT/$t.row"
    if [ $rc -ne 0 ] || [ "$crashes" -gt 0 ]; then
        grep -E "ERROR|SUMMARY|Fatal|panic" "$log" | head -5 >> "$OUT/$t.row" || true
        return 1
    fi
}

status=0
running=0
for t in $TARGETS; do
    if [ "$running" -ge "$PARALLEL" ]; then
        wait -n || status=1
        running=$((running - 1))
    fi
    fuzz_one "$t" &
    running=$((running + 1))
done
while [ "$running" -gt 0 ]; do
    wait -n || status=1
    running=$((running - 1))
done
printf '%-22s %12s %8s %8s %6s %6s %s\n' target executions cov ft wall_s cpu_s crashes
for t in $TARGETS; do cat "$OUT/$t.row"; done
[ $status -eq 0 ] || echo "crashes found: see $OUT/crashes/ and $OUT/*.log; copy each input to Tests/Fuzz/regressions/<target>/ once fixed"
exit $status
