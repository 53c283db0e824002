// app/lessons/lesson_kit.hpp: small helpers the lesson files share for filling a
// LessonFrame from core's answers (never for computing geometry).
#pragma once

#include <optional>
#include <string>

#include "cq/linear.hpp"
#include "cq/regions2d.hpp"
#include "logic/lesson.hpp"

namespace cq::app {

/// Adds a stroke between two world points, stored relative to frame.origin.
void AddStroke(LessonFrame& frame, const cq::Vec2d& p0, const cq::Vec2d& p1, Stroke stroke);

/// Adds core's region pieces as fills, toned by `toneOf(regionId)`, the one whose id is
/// `regionOfP` highlighted; and core's boundaries as Boundary strokes. The map is taken
/// as it is: core computes it in the frame's local coordinates (inputs and view shifted
/// by frame.origin).
template <class ToneOf>
void AddRegionMap(LessonFrame& frame, const cq::RegionMap2<double>& map, int regionOfP, ToneOf toneOf) {
  for (int i = 0; i < map.pieceCount; ++i) {
    const auto& piece = map.pieces[size_t(i)];
    frame.regions.push_back({piece.polygon, toneOf(piece.region), piece.region == regionOfP});
  }
  for (int i = 0; i < map.boundaryCount; ++i) {
    const auto& line = map.boundaries[size_t(i)];
    frame.strokes.push_back({line.p0, line.p1, Stroke::Boundary});
  }
}

void AddValue(LessonFrame& frame, std::string label, std::string text, std::string help);

/// Records core's refusal: the error, its description and an inspector line.
void SetError(LessonFrame& frame, const cq::QueryError& error);

/// The tone of a segment's, ray's or line's region (a cq::LinearRegion as an int).
Tone LinearTone(int region);

/// The t number line of a segment, ray or line: coloured like its regions, t_raw and
/// (but for a line) the clamped t; dragging moves the query point along `direction` (B - A).
/// `exactSign` (ExactNumeratorSign): where t_raw, or an interior t, is 0 in double but the
/// exact numerator is not, the marker says so (ZeroInDoubleText), as the inspector does.
NumberLine MakeTNumberLine(cq::LinearKind kind, const cq::LinearResult<double, 2>& q, const cq::Vec2d& direction,
                           int exactSign);

/// The picture of a segment, ray or line answer `q` for query point `query`: core's
/// regions (the one holding the query point highlighted), the shape and its dashed
/// carrier clipped to `view`, the perpendicular to the raw foot, and, when the clamp moved
/// the foot, the clamp's arrow and the raw foot's marker (labelled `footLabel`).
void AddLinearPicture(LessonFrame& frame, cq::LinearKind kind, const cq::Vec2d& a, const cq::Vec2d& b,
                      const cq::Vec2d& query, const cq::LinearResult<double, 2>& q, const WorldRect& view,
                      const std::string& footLabel);

/// "[0, 1]", "[0, ∞)" or "(−∞, ∞)": the range t is clamped to.
const char* ClampRange(cq::LinearKind kind);

/// 0 and 1, A's and B's t, which the t line marks for every kind: what t_raw and t are
/// shown apart from (a ray's t_raw = 0.99999999 read "1" in its steps and "0.99999999" on
/// its t line).
Apart TMarks();

/// Where the region shown was decided on the exact sign of (query − vertex)·(B − A) rather
/// than on the rounded numerator (the wire contact's decision, ContactSphereSegment):
/// AtVertex, a vertex region where the rounded t_raw lies inside the clamp range; Inside,
/// the interior where the rounded numerator clamped to a vertex (q keeps that t and Q);
/// OnWire, the same with the centre exactly on the wire, so that Q is the centre itself.
enum class ExactEnd { AsRounded, AtVertex, Inside, OnWire };

/// The points of a segment, ray or line scene: the query point (P, or a ball's centre C)
/// and the ends.
struct LinearPoints {
  cq::Vec2d query;
  cq::Vec2d a;
  cq::Vec2d b;
};

/// How the steps name things: the query point ("P", or a ball's centre "C"), the closest
/// point ("closest", or the contact's "Q") and the shape (empty: cq::ToString(kind); the
/// contact's "wire").
struct StepNames {
  std::string query = "P";
  std::string closest = "closest";
  std::string shape;
};

/// The steps project, clamp and evaluate of a segment, ray or line answer `q`, written
/// with this scene's numbers and `names`; `degenerate`: A == B, the shape is a single
/// point; `exactEnd`: see ExactEnd.
void AddProjectClampEvaluate(LessonFrame& frame, cq::LinearKind kind, const LinearPoints& points,
                             const cq::LinearResult<double, 2>& q, NumberStyle style, const StepNames& names,
                             bool degenerate, ExactEnd exactEnd = ExactEnd::AsRounded);

/// A value core holds as 0 in double whose exact value is not 0, with the sign core knows
/// (`exactSign` > 0 or < 0): "0 in double, though exactly > 0". A plain "0" read as the
/// exact 0 of a point on the perpendicular through A, on the plane or on the shape
/// (audit: the numerator of P = (1e-170, 5) over A = (0, 0), B = (1e-160, 0) underflowed).
std::string ZeroInDoubleText(int exactSign);

/// The sign of the exact (query − A)·(B − A) (core's ProjectExactly; 0 where A = B): what a
/// numerator, t_raw or interior t that core holds as 0 in double stands for. Core's
/// numerator is that value rounded once where long double is wider than double (x86-64,
/// AArch64; the fast path sends a 0 to the slow one), so its 0 is an exact 0 or one lost to
/// underflow.
int ExactNumeratorSign(const LinearPoints& points, const cq::LinearResult<double, 2>& q);

/// (query − A)·(B − A) as core holds it (ValueText, apart from |B − A|²), or, where that is
/// 0 and the exact value is not, ZeroInDoubleText with where the query point projects:
/// "0 in double, though exactly > 0 (P projects between A and B)".
std::string NumeratorText(cq::LinearKind kind, const LinearPoints& points, const cq::LinearResult<double, 2>& q,
                          NumberStyle style, const std::string& query);

/// t_raw, or an interior t, as a value (ValueText apart from 0 and 1), or where it is 0 in
/// double but `exactSign` (ExactNumeratorSign; pass 0 for a t the clamp set) is not,
/// ZeroInDoubleText.
std::string TText(double t, int exactSign, NumberStyle style);

/// t_raw as the inspector says it: TText, but where A == B there is no t_raw to show (it
/// would be 0 / 0; core answers t = 0 by definition), and a plain "0" taught the very
/// 0 / 0 -> 0 the case exists to warn of (teaching audit of 2026-11-29).
std::string TRawText(double tRaw, bool degenerate, int exactSign, NumberStyle style);

/// The pitfall of the zero vector as "no answer", said where it bites: ". (0, 0) is the
/// origin, and a real answer: …" to append to an Evaluate step (before its full stop)
/// whose answer is the origin, in every lesson and branch (teaching audit: it was taught
/// only in a preset's note; review: one branch had none). Empty for any other answer.
std::string OriginWords(const cq::Vec2d& closest);
inline constexpr const char* k_noTRaw = "none: 0 / 0 (A = B), so t = 0 by definition";

/// A square (d², s²) as core holds it, or where it underflowed to 0 beside a `root` that did
/// not: "0 in double, though exactly > 0 (d² underflows)", `name` being "d" or "s".
std::string SquareText(double square, double root, NumberStyle style, const std::string& name);

/// |from − to| as the rounded points give it, written in `style`, where it differs from
/// core's `distance` in its first six digits (the Readable style's, so that the rounding
/// of an ordinary scene, in the 17th digit, does not count): there the distance is as small
/// as the rounding of the points, and the words must not write it as |from − to|.
/// Nothing where the two read alike, or where `distance` is beyond the range.
std::optional<std::string> RoundedDistanceApart(const cq::Vec2d& from, const cq::Vec2d& to, double distance,
                                                NumberStyle style);

/// A number-line view range that shows [lo, hi] and `value` with a margin.
void FitNumberLine(NumberLine& line, double lo, double hi);

}  // namespace cq::app
