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
