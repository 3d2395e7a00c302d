# Helpers for the bench/*.sh comparisons; source it.
# PY is Debian's Python, which has python3-sklearn (not a pyenv one).
PY=${PY:-/usr/bin/python3}
EVALKIT=${EVALKIT:-bench/out/evalkit}
REPEAT=${REPEAT:-3}

# measure NAME CMD... : runs CMD REPEAT times, prints the median wall time
# in seconds and the peak resident memory in MB, and sets LAST_MEDIAN and
# LAST_MB (that peak).
measure() {
  local name=$1; shift
  local times=() rss=0 t r
  for _ in $(seq "$REPEAT"); do
    /usr/bin/time -f '%e %M' -o bench/out/.time "$@" > /dev/null
    read -r t r < bench/out/.time
    times+=("$t")
    [ "$r" -gt "$rss" ] && rss=$r
  done
  LAST_MB=$((rss/1024))
  LAST_MEDIAN=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  printf '  %-28s median %7.2f s  peak %6.0f MB  (runs: %s)\n' "$name" "$LAST_MEDIAN" "$((rss/1024))" "${times[*]}"
}

# ratio A B : prints A/B to two decimals.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.1f", a/b; else print "inf" }'; }
