#!/bin/sh
# tests/core/link_guard.sh CXX INCLUDE_DIR LIBRARY [ARCH_FLAG]: code that includes cq's
# headers links against cq_core only when it makes the library's fused multiply-add
# choice (linear.hpp, MulAdd): built with the library's own flags it links and answers,
# built with the other choice it does not link, and the linker names the tag. x86-64 only.
set -u
cxx=$1 include=$2 library=$3 arch=${4:-}
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
cat > "$dir/use.cpp" <<'CPP'
#include <cstdio>

#include "cq/cq.hpp"

int main() {
  const auto r = cq::ClosestPointOnSegment(cq::Vec3d{{3, 0, -2}}, cq::Vec3d{{0, 0, 0}}, cq::Vec3d{{5, 0, 0}});
  if (!r.ok() || r->t != 0.6) return 1;
  std::puts("t = 0.6");
  return 0;
}
CPP
build() {  # build NAME FLAGS...: compile and link use.cpp, output in NAME.log
  name=$1
  shift
  "$cxx" -std=c++20 -O2 "$@" -I"$include" "$dir/use.cpp" "$library" -o "$dir/$name" > "$dir/$name.log" 2>&1
}
# The library's own flags: links, runs, answers.
# shellcheck disable=SC2086  # $arch is one flag or none
if ! build same $arch; then
  echo "FAIL: built with the library's flags ($arch), it did not link:"; cat "$dir/same.log"; exit 1
fi
"$dir/same" || { echo "FAIL: the program built with the library's flags did not answer t = 0.6"; exit 1; }
# The two choices: x86-64 as it began (no FMA) and x86-64-v3 (FMA). (-mno-fma is not
# enough: with AVX-512 the compiler still fuses, FP_FAST_FMA and all.) One of the two is
# the library's own choice and links; the other must not.
linked=0
refused=0
for choice in -march=x86-64 -march=x86-64-v3; do
  if build "other$choice" "$choice"; then
    linked=$((linked + 1))
  elif grep -q "needs_a_cq_core_built_with" "$dir/other$choice.log"; then
    refused=$((refused + 1))
    echo "$choice: refused, as it should be: $(grep -o 'cq::detail::code_built_[a-z_]*' "$dir/other$choice.log" | head -n 1)"
  else
    echo "FAIL: $choice did not link for another reason:"; cat "$dir/other$choice.log"; exit 1
  fi
done
if [ "$linked" -ne 1 ] || [ "$refused" -ne 1 ]; then
  echo "FAIL: of -march=x86-64 and -march=x86-64-v3, $linked linked and $refused were refused (want 1 and 1)"
  exit 1
fi
echo "PASS"
