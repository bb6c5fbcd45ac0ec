#!/usr/bin/env bash
# Compiles GraphvizRender and its tests against Graphviz 14's headers, the C API Homebrew
# ships on the Mac (Graphviz 13 changed gvRenderData and the attribute setters; see
# Sources/CGraphviz/shim.h). The headers come from Debian unstable's -dev packages, fetched
# with `apt-get download` into .build/graphviz14 and never installed; the machine's own
# Graphviz is left as it is. Compiling is what this proves: Debian unstable's libraries need
# a newer C library than this machine's, so nothing is linked or run against them.
#
# Usage: scripts/check-graphviz14.sh   (make check-graphviz14)
# Environment: GRAPHVIZ14_MIRROR (default http://deb.debian.org/debian), SWIFT (default swift).
set -euo pipefail
cd "$(dirname "$0")/.."
work=$PWD/.build/graphviz14
mirror=${GRAPHVIZ14_MIRROR:-http://deb.debian.org/debian}
packages=(libgraphviz-dev libgvc-dev libcgraph-dev libcdt-dev libpathplan-dev)
mkdir -p "$work/apt/lists/partial" "$work/apt/cache/archives/partial" "$work/debs"

if ! ls "$work"/debs/libgraphviz-dev_1[4-9]*.deb >/dev/null 2>&1; then
    echo "check-graphviz14: fetching ${packages[*]} from Debian unstable"
    echo "deb [trusted=yes] $mirror sid main" >"$work/apt/sources.list"
    apt_options=(
        -o Dir::Etc::SourceList="$work/apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
        -o Dir::State::Lists="$work/apt/lists" -o Dir::Cache="$work/apt/cache"
        -o Debug::NoLocking=1 -o APT::Sandbox::User=root -qq
    )
    apt-get "${apt_options[@]}" update >/dev/null
    (cd "$work/debs" && apt-get "${apt_options[@]}" download "${packages[@]}" >/dev/null)
fi
rm -rf "$work/root"
for deb in "$work"/debs/*.deb; do dpkg-deb -x "$deb" "$work/root"; done

# pkg-config files that point into the unpacked tree, and nothing else on the search path.
pcdir=$work/pkgconfig
rm -rf "$pcdir" && mkdir -p "$pcdir"
for pc in "$work"/root/usr/lib/*/pkgconfig/*.pc; do
    sed "s|^prefix=.*|prefix=$work/root/usr|" "$pc" >"$pcdir/$(basename "$pc")"
done
version=$(PKG_CONFIG_LIBDIR=$pcdir pkg-config --modversion libgvc)
case $version in
1[4-9].* | [2-9][0-9].*) echo "check-graphviz14: headers of Graphviz $version in $work/root" ;;
*) echo "check-graphviz14: expected Graphviz 14 or later, found $version" >&2; exit 1 ;;
esac

# The shim reads gvRenderData's length type off its declaration: size_t here, unsigned int on 2.42.
shim_check() {
    local expected=$1
    shift
    printf '#include "shim.h"\n_Static_assert(_Generic(&gvRenderData, causegraph_render_data_size_t: 1, default: 0) == %s, "gvRenderData length type");\n' "$expected" |
        cc -std=c11 -fsyntax-only -Werror -ISources/CGraphviz "$@" -x c -
}
shim_check 1 $(PKG_CONFIG_LIBDIR=$pcdir pkg-config --cflags libgvc)
echo "check-graphviz14: the shim takes gvRenderData's size_t length of Graphviz $version"
if pkg-config --exists libgvc 2>/dev/null && [ "$(pkg-config --modversion libgvc | cut -d. -f1)" -lt 13 ]; then
    shim_check 0 $(pkg-config --cflags libgvc)
    echo "check-graphviz14: and the unsigned int length of this machine's Graphviz $(pkg-config --modversion libgvc)"
fi

# SwiftPM reads .pc files itself, from PKG_CONFIG_PATH before the system's folders. Clang's
# module cache would keep a CGraphviz module built from other headers, so it starts empty.
rm -rf "$work"/build/*/debug/ModuleCache
# No index store: no editor reads this build, and nothing here discovers tests through one (a
# --build-tests build would: SwiftPM finds XCTest tests in the index store on Linux).
PKG_CONFIG_LIBDIR=$pcdir PKG_CONFIG_PATH=$pcdir "${SWIFT:-swift}" build --scratch-path "$work/build" \
    --pkg-config-path "$pcdir" --disable-index-store --target GraphvizRenderTests
# Proof that the compile used those headers, not the machine's own.
if ! grep -q -- "-I$work/root/usr/include/graphviz" "$work/build/debug.yaml" ||
    grep -q -- "-I/usr/include/graphviz" "$work/build/debug.yaml"; then
    echo "check-graphviz14: the build did not take Graphviz $version's headers from $work/root" >&2
    exit 1
fi
echo "check-graphviz14: GraphvizRender and its tests compile against Graphviz $version"
