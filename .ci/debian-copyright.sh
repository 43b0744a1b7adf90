#!/usr/bin/env bash
# Writes debian/copyright (machine-readable format 1.0) for the release binary built in
# .build-deb: our own code (MIT), then every Swift package whose modules the binary links
# (read from the link's own file list, so a package added or dropped is listed or not without
# editing anything), each with its version from Package.swift, its licence and, in Comment, the
# NOTICE file the Apache License asks to travel with the binary, and a paragraph for each piece of
# code a linked module carries under another licence (a licence file in the module's folder, or a
# C file whose SPDX line names another licence); then the Swift runtime,
# Foundation and Dispatch, which --static-swift-stdlib links in, and ICU's data in Foundation.
# Fails when a linked module belongs to no package it knows, or a package has no licence file.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build-deb
list=$(find "$scratch" -path '*/release/symbolreel.product/Objects.LinkFileList' | head -1)
[ -n "$list" ] || { echo "debian-copyright: no release link of symbolreel in $scratch; build it first" >&2; exit 1; }
modules=$(sed -n 's#.*/\([^/]*\)\.build/[^/]*$#\1#p' "$list" | sort -u)
toolchain_license=$(dirname "$(dirname "$(command -v swift)")")/share/swift/LICENSE.txt
[ -f "$toolchain_license" ] || { echo "debian-copyright: no $toolchain_license" >&2; exit 1; }

# A file's text as a copyright-file field body: each line indented, blank lines as " .".
body() { sed -e 's/[[:space:]]*$//' -e 's/^$/./' -e 's/^/ /' "$1"; }
copyright_lines() { grep -h -i -E '^[[:space:]]*copyright (\(c\) |©)?[0-9]' "$@" 2>/dev/null | sed -e 's/^[[:space:]]*//' | sort -u || true; }
# The holders a carried file names: its lines that begin with "Copyright" (after a C comment's "*").
carried_holders() { grep -h -i -E '^[[:space:]]*\*?[[:space:]]*copyright[[:space:]]' "$1" | sed -e 's/^[[:space:]]*\*\{0,1\}[[:space:]]*//' | sort -u; }

declare -A package_of
for checkout in "$scratch"/checkouts/*/; do
    name=$(basename "$checkout")
    for dir in "$checkout"Sources/*/; do [ -d "$dir" ] && package_of[$(basename "$dir")]=$name; done
done
own=$(ls Sources)

declare -A linked
for m in $modules; do
    if echo "$own" | grep -qx "$m"; then continue; fi
    p=${package_of[$m]:-}
    # A target whose folder is not its name (swift-system's SystemPackage is Sources/System):
    # the package with a product made of it (`targets: [..., "SystemPackage"]`).
    [ -n "$p" ] || p=$(grep -l -E "targets: \[[^]]*\"$m\"" "$scratch"/checkouts/*/Package.swift 2>/dev/null | head -1 | xargs -r dirname | xargs -r basename)
    [ -n "$p" ] || { echo "debian-copyright: module $m is linked but belongs to no package in $scratch/checkouts" >&2; exit 1; }
    linked[$p]="${linked[$p]:+${linked[$p]}, }$m"
done

{
    echo "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
    echo "Upstream-Name: symbolreel"
    echo "Comment: The symbolreel binary links statically the Swift packages listed below, at"
    echo " the exact versions Package.swift pins (SwiftPM fetches them into .build-deb/checkouts"
    echo " when the package is built), and the Swift runtime, Foundation and Dispatch"
    echo " (--static-swift-stdlib). Each package's NOTICE file is in its paragraph's Comment."
    echo
    echo "Files: *"
    echo "Copyright: $(head -3 LICENSE | sed -n 's/^Copyright (c) //p')"
    echo "License: MIT"
    for p in $(printf '%s\n' "${!linked[@]}" | sort); do
        dir="$scratch/checkouts/$p"
        license=$(ls "$dir" | grep -i -E '^licen[cs]e(\.txt|\.md)?$' | head -1)
        [ -n "$license" ] || { echo "debian-copyright: $p has no licence file" >&2; exit 1; }
        notice=$(ls "$dir" | grep -i -E '^notice(\.txt|\.md)?$' | head -1 || true)
        version=$(grep -E "/$p(\.git)?\", exact: " Package.swift | sed -E 's/.*exact: "([^"]+)".*/\1/' | head -1)
        url=$(grep -E "/$p(\.git)?\", exact: " Package.swift | sed -E 's/.*url: "([^"]+)".*/\1/' | head -1)
        holders=$(copyright_lines "$dir/$license" ${notice:+"$dir/$notice"})
        kind=MIT
        grep -q "Apache License" "$dir/$license" && kind=Apache-2.0
        echo
        echo "Files: $dir/*"
        if [ -n "$holders" ]; then echo "$holders" | sed '1s/^/Copyright: /; 2,$s/^/ /'; else echo "Copyright: the $p authors (see $url)"; fi
        echo "License: $kind"
        echo "Comment: $p ${version:-(version not pinned)}, $url; linked modules: ${linked[$p]}."
        if [ -n "$notice" ]; then
            echo " ."
            echo " $notice:"
            echo " ."
            body "$dir/$notice"
        fi
        # Code a linked module carries from elsewhere under a licence of its own: a licence file
        # in the module's folder (swift-nio's llhttp), or a C file whose SPDX line names another
        # licence than the package's (swift-nio's sha1.c from FreeBSD). Each gets a paragraph.
        for m in ${linked[$p]//,/}; do
            src="$dir/Sources/$m"
            [ -d "$src" ] || continue
            own_license=$(ls "$src" | grep -i -E '^licen[cs]e(\.txt|\.md|-mit)?$' | head -1 || true)
            if [ -n "$own_license" ]; then
                echo
                echo "Files: $src/*"
                carried_holders "$src/$own_license" | sed '1s/^/Copyright: /; 2,$s/^/ /'
                if grep -q "Permission is hereby granted" "$src/$own_license"; then echo "License: MIT"; else echo "License: other"; fi
                echo "Comment: carried by $p's module $m; its licence file, $own_license:"
                echo " ."
                body "$src/$own_license"
                continue
            fi
            for file in $(grep -l -r -E 'SPDX-License-Identifier: ' "$src" --include='*.c' --include='*.h' | sort); do
                spdx=$(sed -n 's/.*SPDX-License-Identifier: *\([A-Za-z0-9.+-]*\).*/\1/p' "$file" | head -1)
                [ "$spdx" = Apache-2.0 ] && continue
                echo
                echo "Files: $file"
                carried_holders "$file" | sed '1s/^/Copyright: /; 2,$s/^/ /'
                echo "License: $spdx"
                echo "Comment: carried by $p's module $m; the licence as its header gives it:"
                echo " ."
                sed -n '/Redistribution and use/,/\*\//p' "$file" | sed -e 's#^[[:space:]]*\*/.*##' -e 's#^[[:space:]]*\*[[:space:]]\{0,1\}##' \
                    | sed -e 's/[[:space:]]*$//' -e 's/^$/./' -e 's/^/ /'
            done
        done
    done
    echo
    echo "License: MIT"
    sed -n '/^Permission/,$p' LICENSE | sed -e 's/[[:space:]]*$//' -e 's/^$/./' -e 's/^/ /'
    echo
    echo "License: Apache-2.0"
    echo " On Debian systems the full text of the Apache License 2.0 is in"
    echo " /usr/share/common-licenses/Apache-2.0."
    echo
    echo "License: Apache-2.0-with-Swift-runtime-exception"
    echo "Comment: The Swift standard library and runtime, Swift Concurrency, Foundation"
    echo " (FoundationEssentials, FoundationInternationalization) and Dispatch with its"
    echo " BlocksRuntime, linked in by --static-swift-stdlib: Copyright (c) Apple Inc. and the"
    echo " Swift project authors. Their licence is the toolchain's LICENSE.txt: the Apache"
    echo " License 2.0 (on Debian systems in /usr/share/common-licenses/Apache-2.0) with the"
    echo " Runtime Library Exception, whose text follows."
    echo " ."
    exception=$(mktemp)
    sed -n '/Runtime Library Exception/,$p' "$toolchain_license" > "$exception"
    [ -s "$exception" ] || { echo "debian-copyright: no Runtime Library Exception in $toolchain_license" >&2; exit 1; }
    body "$exception"
    rm -f "$exception"
    echo
    echo "License: ICU"
    echo "Comment: ICU's data and code in Foundation (_FoundationICU): Copyright (c) 1991-2022"
    echo " Unicode, Inc. The ICU licence is the MIT licence's text with Unicode's copyright (as"
    echo " Debian's libicu72 copyright file gives it)."
    sed -n '/^Permission/,$p' LICENSE | sed -e 's/[[:space:]]*$//' -e 's/^$/./' -e 's/^/ /'
} > debian/copyright
echo "debian-copyright: $(printf '%s\n' "${!linked[@]}" | wc -l) packages linked, listed in debian/copyright" >&2
