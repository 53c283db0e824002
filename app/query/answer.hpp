// app/query/answer.hpp: core's answer to one request, in a form both printers share.
//
// This is the only file of the tool that calls core. It copies core's result fields
// (never re-deriving any of them) into one flat record, so the JSON printer and the
// one-shot "in words" printer need no templates.
#pragma once

#include <array>
#include <optional>

#include "cq/contact.hpp"
#include "cq/linear.hpp"
#include "query/outcome.hpp"
#include "query/request.hpp"

namespace cq::query {

struct Answer {
  QueryKind kind = QueryKind::Segment;
  QueryKind shapeKind = QueryKind::Segment;  ///< contact: the shape the sphere meets
  int dim = 3;

  // Every kind.
  Coords point{};          ///< the closest point (contact: the shape's surface point the normal starts from)
  double distance = 0;     ///< |P - point| (contact: centre to shape, signed for plane and box)
  double distanceSq = 0;   ///< distance squared (not for contact); may overflow to +infinity

  // Segment, ray, line: P(t) = A + t (B - A).
  double tRaw = 0;         ///< parameter of the projection onto the carrier line (may overflow)
  double t = 0;            ///< tRaw clamped: [0, 1] segment, [0, inf) ray, unclamped line
  double numerator = 0;    ///< (P - A).(B - A) as core holds it (the deferred division's)
  double denominator = 0;  ///< |B - A|^2 as core holds it
  /// Where P projects, decided without rounding (cq::ProjectExactly): the words say
  /// "exactly" only from it, and say so where the rounded region took another side.
  ExactProjection projection = ExactProjection::Between;
  LinearRegion linearRegion = LinearRegion::Interior;  ///< core's region (region spells it)
  /// |P - point| as rounded (none beyond the range): where core measured the distance from
  /// the exact foot (NearLine::Across), the rounded point can be farther than that.
  std::optional<double> roundedApart;
  double exactNumerator = 0;  ///< (P - A).(B - A) exactly, rounded once (cq::ExactNumerator)
  /// The exact foot's coordinates (cq::ExactFootCoordinate), where A != B and a wider type
  /// holds the exact sums; else none.
  std::array<std::optional<double>, 3> exactFoot{};
  const char* region = ""; ///< "A", "interior", "B"; plane "front", "back", "on";
                           ///< box "inside", "face", "edge", "vertex" (core's spelling)

  // Plane.
  double signedDistance = 0;  ///< (n.P - d) / |n|, positive on the side n points into

  // Box.
  std::array<int, 3> side{};  ///< per axis: -1 clamped to min, 0 kept (within), +1 clamped to max

  // Contact.
  bool penetrating = false;
  double depth = 0;         ///< radius - distance when penetrating, else 0
  Coords normal{};          ///< unit, from the shape towards the centre
  ContactNormalFrom normalFrom = ContactNormalFrom::ClosestToCenter;  ///< which rule of core's gave the normal
  Coords resolvedCenter{};  ///< center + depth * normal (the centre itself when not penetrating)
  PushRounding push = PushRounding::NoPush;  ///< how much of that push core's rounding kept
  // A contact against a plane also sets region: the centre's side, as the plane query gives it.
};

/// Core's kind for a segment, ray or line query (any other kind reads as a segment).
LinearKind ToLinearKind(QueryKind kind);

/// Asks core. Core's refusals come back as cq::Describe's sentence, which names the field
/// with the JSON names; for a contact, fields of the shape are prefixed "shape."
/// ("shape.n: the plane normal is the zero vector; ...").
Outcome<Answer> ComputeAnswer(const Request& request);

}  // namespace cq::query
