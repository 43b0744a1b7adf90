# Shared by the bench scripts (sourced): wall-clock timing helpers.

now() { date +%s.%N; }

# best_time RUNS command...: the fastest wall-clock time of RUNS runs, in seconds.
best_time() {
    local runs="$1" best="" s e t
    shift
    for _ in $(seq "$runs"); do
        s=$(now); "$@" >/dev/null 2>&1; e=$(now)
        t=$(echo "$e - $s" | bc -l)
        if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" = 1 ]; then best=$t; fi
    done
    printf "%.2f" "$best"
}

# The x264 settings of our MP4s beyond crf 18 and preset medium (H264Options' defaults: a
# 12-frame lookahead, one frame thread per core), for the ffmpeg program's side of a comparison.
X264_PARAMS="rc-lookahead=12:threads=$(nproc)"

# encode_bench BUILD: the SymbolEncodeBench binary of BUILD, rebuilt (release) when an encoder
# source is newer than it.
encode_bench() {
    local bench="$1/SymbolEncodeBench"
    if [ ! -x "$bench" ] || [ -n "$(find Sources/SymbolEncode* Sources/SymbolTestSupport -newer "$bench" -name '*.swift' 2>/dev/null | head -1)" ]; then
        swift build -c release --product SymbolEncodeBench >&2
        bench="$(swift build -c release --show-bin-path)/SymbolEncodeBench"
    fi
    echo "$bench"
}
# best_pair RUNS "CMD A" "CMD B": runs A and B alternately RUNS times (so a busy spell on a
# shared machine hits both) and prints the best wall time of each.
best_pair() {
    local runs="$1" a="$2" b="$3" ba="" bb="" s e t
    for _ in $(seq "$runs"); do
        s=$(now); eval "$a" >/dev/null 2>&1; e=$(now); t=$(echo "$e - $s" | bc -l)
        if [ -z "$ba" ] || [ "$(echo "$t < $ba" | bc -l)" = 1 ]; then ba=$t; fi
        s=$(now); eval "$b" >/dev/null 2>&1; e=$(now); t=$(echo "$e - $s" | bc -l)
        if [ -z "$bb" ] || [ "$(echo "$t < $bb" | bc -l)" = 1 ]; then bb=$t; fi
    done
    printf "%.2f %.2f\n" "$ba" "$bb"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.3f", a / b; else printf "-" }'; }
# met VALUE OP TARGET: "met" or "**not met**" (OP is <= or >=).
met() { awk -v v="$1" -v t="$3" -v op="$2" 'BEGIN { ok = (op == "<=") ? v <= t : v >= t; print ok ? "met" : "**not met**" }'; }
