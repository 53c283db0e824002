// app/query/request.hpp: one closest-query request, read from JSON and checked for shape.
//
// The tool's half of validation: the JSON must be an object with a known "query", the
// fields that query takes (no more: an unknown field is most likely a typo), each of the
// right type, arrays of 2 or 3 numbers, all of one length. What the numbers mean (a zero
// normal, an inverted box, a negative radius, a non-finite value) is core's to judge.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include <nlohmann/json.hpp>

#include "query/outcome.hpp"

namespace cq::query {

enum class QueryKind : std::uint8_t { Segment, Ray, Line, Plane, Aabb, Contact };

/// "segment", "ray", "line", "plane", "aabb", "contact": the JSON spelling.
const char* ToString(QueryKind kind);

/// The kind spelled `name`, if any (exact, lower case).
std::optional<QueryKind> QueryKindFromName(std::string_view name);

/// Whether a `kind` query reads the field `name` (as JSON spells it: "a", "n", "center"),
/// or with `asContactShape` a contact's shape of that kind (its query's fields but "p"). A
/// contact itself reads "center", "radius" and "shape".
bool TakesField(QueryKind kind, std::string_view name, bool asContactShape = false);

/// True for segment, ray and line: the three that share P(t) = A + t (B - A).
constexpr bool IsLinear(QueryKind kind) {
  return kind == QueryKind::Segment || kind == QueryKind::Ray || kind == QueryKind::Line;
}

/// Coordinates as read: the first Request::dim are used, the rest are 0.
using Coords = std::array<double, 3>;

/// The shape a query is about: a segment, ray or line (a, b), a plane (n, d) or a box
/// (min, max). Only the fields of `kind` are meaningful.
struct ShapeArgs {
  QueryKind kind = QueryKind::Segment;
  Coords a{};
  Coords b{};
  Coords n{};
  double d = 0;
  Coords min{};
  Coords max{};
};

/// How a message names a field the query does not take: as the JSON field ("p", with a
/// contact's shape fields as "shape.n"), or as the one-shot form's option (--p, --n).
enum class Spelling : std::uint8_t { Json, Options };

struct Request {
  QueryKind kind = QueryKind::Segment;
  int dim = 3;        ///< 2 or 3: the length of every array of the line
  ShapeArgs shape;    ///< the queried shape (shape.kind == kind), or the shape a contact's sphere meets
  Coords p{};         ///< the query point (every kind but contact)
  Coords center{};    ///< contact: the sphere's (circle's) centre
  double radius = 0;  ///< contact: its radius
  Spelling spelling = Spelling::Json;  ///< how core's refusals name a field: "shape.n" or "--n"
};

/// Reads one request from a parsed line. Fails with one sentence naming the field, e.g.
/// "a has 3 numbers but p has 2: all arrays of one line must have the same length".
Outcome<Request> ReadRequest(const nlohmann::ordered_json& line, Spelling spelling = Spelling::Json);

}  // namespace cq::query
