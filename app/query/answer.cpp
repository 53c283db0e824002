#include "query/answer.hpp"

#include <cstddef>
#include <string>

#include "cq/aabb.hpp"
#include "cq/normalize.hpp"
#include "cq/contact.hpp"
#include "cq/linear.hpp"
#include "cq/plane.hpp"
#include "cq/status.hpp"

namespace cq::query {

LinearKind ToLinearKind(QueryKind kind) {
  if (kind == QueryKind::Ray) return LinearKind::Ray;
  if (kind == QueryKind::Line) return LinearKind::Line;
  return LinearKind::Segment;
}

namespace {

template <int N>
Vec<double, N> ToVec(const Coords& coords) {
  Vec<double, N> v;
  for (int i = 0; i < N; ++i) v.v[i] = coords[static_cast<std::size_t>(i)];
  return v;
}

template <int N>
Coords ToCoords(const Vec<double, N>& v) {
  Coords coords{};
  for (int i = 0; i < N; ++i) coords[static_cast<std::size_t>(i)] = v.v[i];
  return coords;
}

/// True for the fields that belong to a contact's shape rather than to its sphere.
bool IsShapeField(Field field) {
  return field == Field::A || field == Field::B || field == Field::Normal || field == Field::Offset ||
         field == Field::Min || field == Field::Max;
}

/// Core's refusal, its field named as the person typed it: "shape.n" in a JSON line's
/// contact, "--n" on the one-shot command line (where a contact's shape options are flat).
Outcome<Answer> Refused(const Request& request, const QueryError& error, bool inContactShape) {
  const bool box = error.code == ErrorCode::InvertedBox;
  std::string where = box ? "min/max" : FieldName(error.field);
  if (request.spelling == Spelling::Options) {
    where = box ? "--min/--max" : "--" + where;
  } else if (inContactShape && IsShapeField(error.field)) {
    where = "shape." + where;
  }
  return Outcome<Answer>::Failure(Describe(error, where));
}

template <int N>
Outcome<Answer> AnswerLinear(const Request& request, Answer answer) {
  // A point on the line reads distance 0 (NearLine::Across), not the ulps of the rounded foot.
  const auto result = ClosestPointOnLinear<NearLine::Across>(ToLinearKind(request.kind), ToVec<N>(request.p),
                                                             ToVec<N>(request.shape.a), ToVec<N>(request.shape.b));
  if (!result) return Refused(request, result.error(), false);
  answer.point = ToCoords(result->closest);
  answer.distance = result->distance;
  answer.distanceSq = result->distanceSq;
  answer.tRaw = result->tRaw;
  answer.t = result->t;
  answer.numerator = result->numerator;
  answer.denominator = result->denominator;
  answer.region = ToString(result->region);
  answer.linearRegion = result->region;
  answer.projection =
      ProjectExactly(ToVec<N>(request.p), ToVec<N>(request.shape.a), ToVec<N>(request.shape.b), result->region);
  answer.roundedApart = Distance(ToVec<N>(request.p), result->closest);
  answer.exactNumerator = ExactNumerator(ToVec<N>(request.p), ToVec<N>(request.shape.a), ToVec<N>(request.shape.b));
  if (ToVec<N>(request.shape.a) != ToVec<N>(request.shape.b))
    for (int k = 0; k < N; ++k)
      answer.exactFoot[std::size_t(k)] =
          ExactFootCoordinate(ToVec<N>(request.p), ToVec<N>(request.shape.a), ToVec<N>(request.shape.b), k);
  return answer;
}

template <int N>
Plane<double, N> ToPlane(const ShapeArgs& shape) {
  return {ToVec<N>(shape.n), shape.d};
}

template <int N>
Aabb<double, N> ToBox(const ShapeArgs& shape) {
  return {ToVec<N>(shape.min), ToVec<N>(shape.max)};
}

template <int N>
Outcome<Answer> AnswerPlane(const Request& request, Answer answer) {
  const auto result = ClosestPointOnPlane(ToVec<N>(request.p), ToPlane<N>(request.shape));
  if (!result) return Refused(request, result.error(), false);
  answer.point = ToCoords(result->closest);
  answer.distance = result->distance;
  answer.distanceSq = result->distanceSq;
  answer.signedDistance = result->signedDistance;
  answer.region = ToString(result->region);
  return answer;
}

template <int N>
Outcome<Answer> AnswerBox(const Request& request, Answer answer) {
  const auto result = ClosestPointOnBox(ToVec<N>(request.p), ToBox<N>(request.shape));
  if (!result) return Refused(request, result.error(), false);
  answer.point = ToCoords(result->closest);
  answer.distance = result->distance;
  answer.distanceSq = result->distanceSq;
  answer.region = ToString(result->feature);
  for (int i = 0; i < N; ++i) answer.side[static_cast<std::size_t>(i)] = result->side[static_cast<std::size_t>(i)];
  return answer;
}

template <int N>
Outcome<Answer> AnswerContact(const Request& request, Answer answer) {
  const Sphere<double, N> sphere{ToVec<N>(request.center), request.radius};
  Checked<ContactResult<double, N>> result = [&]() -> Checked<ContactResult<double, N>> {
    switch (request.shape.kind) {
      case QueryKind::Plane: return ContactSpherePlane(sphere, ToPlane<N>(request.shape));
      case QueryKind::Aabb: return ContactSphereBox(sphere, ToBox<N>(request.shape));
      case QueryKind::Segment:
      case QueryKind::Ray:
      case QueryKind::Line:
      case QueryKind::Contact: break;  // ReadRequest admits only segment, plane, aabb
    }
    return ContactSphereSegment(sphere, ToVec<N>(request.shape.a), ToVec<N>(request.shape.b));
  }();
  if (!result) return Refused(request, result.error(), true);
  answer.point = ToCoords(result->closest);
  answer.distance = result->distance;
  answer.penetrating = result->penetrating;
  answer.depth = result->depth;
  answer.normal = ToCoords(result->normal);
  answer.normalFrom = result->normalFrom;
  answer.resolvedCenter = ToCoords(result->resolvedCenter);
  answer.push = result->push;
  // Against a plane, the centre's side from the exact sign of n.C - d (the plane query's
  // region), for the words: a distance that rounds to 0 off the plane says so.
  if (request.shape.kind == QueryKind::Plane)
    if (const auto side = ClosestPointOnPlane(sphere.center, ToPlane<N>(request.shape))) answer.region = ToString(side->region);
  return answer;
}

template <int N>
Outcome<Answer> ComputeAnswerIn(const Request& request) {
  Answer answer;
  answer.kind = request.kind;
  answer.shapeKind = request.shape.kind;
  answer.dim = N;
  switch (request.kind) {
    case QueryKind::Plane: return AnswerPlane<N>(request, answer);
    case QueryKind::Aabb: return AnswerBox<N>(request, answer);
    case QueryKind::Contact: return AnswerContact<N>(request, answer);
    case QueryKind::Segment:
    case QueryKind::Ray:
    case QueryKind::Line: break;
  }
  return AnswerLinear<N>(request, answer);
}

}  // namespace

Outcome<Answer> ComputeAnswer(const Request& request) {
  return request.dim == 2 ? ComputeAnswerIn<2>(request) : ComputeAnswerIn<3>(request);
}

}  // namespace cq::query
