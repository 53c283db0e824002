// bench/baselines.hpp: the point-segment implementations the benchmark compares cq with.
//
// Each is written here from its published formula (the reference texts in the design
// notes), not copied: Ericson's deferred division as printed in the book (branchy), the
// glmatrix "normalise B - A first" variant, and glm::closestPointOnLine called as the
// library ships it. Beside them: cq's public query, the same with only the NaN/infinity
// check (no scale guard), its fast path with no check at all, and a bare branch-free clamp
// as the arithmetic floor. All share one signature so
// the benchmark loops are identical:
//
//     void Closest(p, a, b, T& t, Vec3<T>& closest)
//
// t is the clamped parameter of closest = A + t (B - A) where the method yields it; the
// independent-query workload stores only `closest` (the one output every method has),
// the batch workload stores t and |P - closest|^2 (the outputs of cq's batch API).
#pragma once

#define GLM_ENABLE_EXPERIMENTAL
#include <glm/gtx/closest_point.hpp>
#include <glm/vec3.hpp>

#include <cmath>
#include <limits>

#include "cq/linear.hpp"
#include "cq/vec.hpp"

namespace cq::bench {

/// cq's query behind a guard, with the exact slow path behind it. Guard::Scale is the
/// public ClosestPointOnSegment ("cq"); Guard::FiniteOnly keeps only the check every
/// conforming build needs (NaN or infinite input goes to the slow path and is reported),
/// with the same Checked result and slow-path branch ("cq_finite_only"): cq against it is
/// what the scale guard itself costs.
template <detail::Guard G>
struct CqGuarded {
  static constexpr const char* k_name = G == detail::Guard::Scale ? "cq" : "cq_finite_only";
  static constexpr bool k_yieldsT = true;
  template <Real T>
  static void Closest(const Vec3<T>& p, const Vec3<T>& a, const Vec3<T>& b, T& t, Vec3<T>& closest) {
    // Not const: see "Using the result" at cq::ClosestPointOnLinear (GCC keeps a const
    // result on the stack).
    auto r = detail::ClosestPointOnLinearGuarded<LinearKind::Segment, G>(p, a, b);
    if (r) [[likely]] {
      t = r->t;
      closest = r->closest;
    } else {
      t = std::numeric_limits<T>::quiet_NaN();
      closest = Vec3<T>::Splat(t);
    }
  }
};
using CqQuery = CqGuarded<detail::Guard::Scale>;
using CqFiniteOnly = CqGuarded<detail::Guard::FiniteOnly>;

/// The same fast path with the range guard ignored (inRange unused, so the compiler drops
/// the guard's arithmetic and its branch): the reference for what the guard costs.
struct CqUnguarded {
  static constexpr const char* k_name = "cq_unguarded";
  static constexpr bool k_yieldsT = true;
  template <Real T>
  static void Closest(const Vec3<T>& p, const Vec3<T>& a, const Vec3<T>& b, T& t, Vec3<T>& closest) {
    bool inRange;
    auto r = detail::ClosestPointOnLinearFast<LinearKind::Segment>(p, a, b, inRange);
    t = r.t;
    closest = r.closest;
  }
};

/// Ericson, Real-Time Collision Detection 5.1.2, ClosestPtPointSegment: project with the
/// division deferred, test the numerator against 0 and against the denominator, divide
/// only in the interior. Two data-dependent branches, as in the book.
struct Ericson {
  static constexpr const char* k_name = "ericson";
  static constexpr bool k_yieldsT = true;
  template <Real T>
  static void Closest(const Vec3<T>& c, const Vec3<T>& a, const Vec3<T>& b, T& t, Vec3<T>& d) {
    const Vec3<T> ab = b - a;
    t = Dot(c - a, ab);
    if (t <= T(0)) {
      t = T(0);
      d = a;
    } else {
      const T denom = Dot(ab, ab);
      if (t >= denom) {
        t = T(1);
        d = b;
      } else {
        t = t / denom;
        d = a + t * ab;
      }
    }
  }
};

/// The glmatrix variant (Claudio Esperança, quoted in the reference texts): the length
/// s = |B - A| first, an absolute epsilon for the degenerate segment, B - A normalised
/// (glmatrix's normalize multiplies by 1 / sqrt(|v|^2)), the projection d compared with 0
/// and with s, and a lerp by d / s.
struct NormalizeFirst {
  static constexpr const char* k_name = "normalize_first";
  static constexpr bool k_yieldsT = true;
  template <Real T>
  static void Closest(const Vec3<T>& p, const Vec3<T>& q, const Vec3<T>& r, T& t, Vec3<T>& closest) {
    const Vec3<T> qr = r - q;
    const T s = std::sqrt(Dot(qr, qr));
    if (s < T(0.00001)) {
      t = T(0);
      closest = q;
      return;
    }
    const Vec3<T> v = qr * (T(1) / std::sqrt(Dot(qr, qr)));
    const Vec3<T> u = p - q;
    const T d = Dot(u, v);
    if (d < T(0)) {
      t = T(0);
      closest = q;
      return;
    }
    if (d > s) {
      t = T(1);
      closest = r;
      return;
    }
    t = d / s;
    closest = q + t * qr;  // vec lerp(q, r, t) = q + t (r - q)
  }
};

/// glm::closestPointOnLine (GLM_GTX_closest_point), which despite its name clamps to the
/// segment. It returns only the point; t is left NaN here and recovered by the batch loop.
struct Glm {
  static constexpr const char* k_name = "glm";
  static constexpr bool k_yieldsT = false;
  template <Real T>
  static void Closest(const Vec3<T>& p, const Vec3<T>& a, const Vec3<T>& b, T& t, Vec3<T>& closest) {
    using G = glm::vec<3, T, glm::defaultp>;
    const G c =
        glm::closestPointOnLine(G(p.v[0], p.v[1], p.v[2]), G(a.v[0], a.v[1], a.v[2]), G(b.v[0], b.v[1], b.v[2]));
    t = std::numeric_limits<T>::quiet_NaN();
    closest = {{c.x, c.y, c.z}};
  }
};

/// Not a method anyone ships: the branch-free clamp and nothing else, t = clamp(num / den)
/// and closest = A + t (B - A). Not exact at the vertices (A + 1 (B - A) != B), no range
/// guard, no distance. It shows what the bare arithmetic costs next to cq, which adds the
/// exact vertices, the foot, the distance and the guard. The clamp indexes a table by
/// region, so that GCC cannot turn it into branches.
struct ClampOnly {
  static constexpr const char* k_name = "clamp_only";
  static constexpr bool k_yieldsT = true;
  template <Real T>
  static void Closest(const Vec3<T>& p, const Vec3<T>& a, const Vec3<T>& b, T& t, Vec3<T>& closest) {
    const Vec3<T> d = b - a;
    const T num = Dot(p - a, d);
    const T den = Dot(d, d);
    const T byRegion[3] = {T(0), num / den, T(1)};
    t = byRegion[1 - int(num <= T(0)) + int(num >= den)];
    closest = a + t * d;
  }
};

}  // namespace cq::bench
