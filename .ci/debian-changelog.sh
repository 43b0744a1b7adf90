#!/usr/bin/env bash
# Writes debian/changelog, in Debian's format, from CHANGELOG.md: one entry per "## <version>"
# section (newest first), each bold heading and each top-level bullet's first sentence a line
# of it, signed by debian/control's maintainer and dated by the last commit (SOURCE_DATE_EPOCH),
# so two builds of one commit write the same file.
set -euo pipefail
cd "$(dirname "$0")/.."
maintainer=$(sed -n 's/^Maintainer: //p' debian/control)
epoch=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}
date=$(LC_ALL=C date -u -R -d "@$epoch")
awk -v maintainer="$maintainer" -v date="$date" '
function flush() { if (version != "") { print ""; print " -- " maintainer "  " date; print "" } }
function item(text,   words, n, i, line) {
    # Markdown links and emphasis out; first sentence only; wrapped at 78 columns.
    while (match(text, /\[[^]]*\]\([^)]*\)/)) {
        link = substr(text, RSTART, RLENGTH); sub(/\]\(.*$/, "", link)
        text = substr(text, 1, RSTART - 1) substr(link, 2) substr(text, RSTART + RLENGTH)
    }
    gsub(/\*\*/, "", text); gsub(/`/, "", text)
    sub(/\. .*/, ".", text)
    n = split(text, words, " "); line = "  *"
    for (i = 1; i <= n; i++) {
        if (length(line) + 1 + length(words[i]) > 78) { print line; line = "   " }
        line = line " " words[i]
    }
    print line
}
function bullet() { if (pending != "") { item(pending); pending = "" } }
/^## / {
    bullet(); flush()
    version = $2
    print "symbolreel (" version ") unstable; urgency=medium"
    print ""
    next
}
version == "" { next }
/^\*\*.*\*\*/ { bullet(); h = $0; gsub(/\*\*/, "", h); sub(/ \(.*$/, "", h); item(h ":"); next }
/^- / { bullet(); pending = substr($0, 3); next }
/^  +[^ ]/ && pending != "" { t = $0; sub(/^ +/, "", t); pending = pending " " t; next }
{ bullet() }
END { bullet(); flush() }
' CHANGELOG.md | sed -e '$ { /^$/ d }' > debian/changelog
