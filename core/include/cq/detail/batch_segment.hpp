// cq/detail/batch_segment.hpp: a segment's constants for the batch loop (not public API).
//
// Apart from the loop (cq/detail/segment_batch.hpp) so that cq/batch.hpp can hold them in
// cq::PreparedSegment without the intrinsics.
#pragma once

#include <cstdint>

#include "cq/vec.hpp"

namespace cq::detail {

/// How the loop lands on the vertices (see ChooseStep). Exact: every coordinate
/// interpolates from A and lands on both vertices (at p = 0 and p = reach), no select.
/// Mixed (reach 1): the same, with some
/// coordinates interpolated from B (one subtraction per vector, t - 1, for all of them) or
/// from both vertices (two fused multiply-adds for such a coordinate). SelectB, SelectAB:
/// some coordinate has a -0 vertex that no form lands on, and the loop selects B (A and B)
/// per point.
enum class BatchEnds : std::uint8_t { Exact, Mixed, SelectB, SelectAB };

/// The segment's constants, computed once per batch (MakeBatchSegment).
template <Real T, int N>
struct BatchSegment {
  Vec<T, N> a;
  Vec<T, N> b;
  Vec<T, N> d;     ///< B - A: the numerator's direction
  Vec<T, N> step;  ///< B - A, maybe nudged by a few ulps: the closest point's (ChooseStep)
  T den;           ///< |B - A|^2, the single query's bits (DotFused)
  T invUp;         ///< 1 / den rounded up (never below the real 1 / den): see SolveBlockPortable
  /// The loop's parameter p runs over [0, reach] (p = num * invReach clamped), and the
  /// closest point is A + p step: 1, or a float just below 1 with which every coordinate
  /// lands on B from A where none would at 1 (FindReach). t = p where reach is 1.
  T reach;
  T invReach;  ///< reach / den rounded up (invUp where reach is 1)
  BatchEnds ends;  ///< which vertices the loop selects
  bool inRange;    ///< den inside the single query's fast range (else every point goes there)
  /// Bit k: coordinate k needs the select of A (of B). The AVX-512 loop selects only
  /// those; selecting a coordinate that lands on the vertex anyway changes no bit, which
  /// is what the portable loop does.
  std::uint8_t selectA;
  std::uint8_t selectB;
  /// Bit k: coordinate k is interpolated from B, as B + (t - 1) step (else A + t step).
  std::uint8_t fromB;
  /// Bit k: coordinate k is interpolated from both vertices, as (A - t A) + t B.
  std::uint8_t fromBoth;
};

}  // namespace cq::detail
