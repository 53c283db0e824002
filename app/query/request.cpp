#include "query/request.hpp"

#include <algorithm>
#include <cstddef>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "query/json_text.hpp"

namespace cq::query {
namespace {

using Json = nlohmann::ordered_json;

enum class FieldType : std::uint8_t { Array, Number };

struct FieldSpec {
  const char* name;
  FieldType type;
};

constexpr FieldSpec k_linearFields[] = {{"a", FieldType::Array}, {"b", FieldType::Array}, {"p", FieldType::Array}};
constexpr FieldSpec k_planeFields[] = {{"n", FieldType::Array}, {"d", FieldType::Number}, {"p", FieldType::Array}};
constexpr FieldSpec k_boxFields[] = {{"min", FieldType::Array}, {"max", FieldType::Array}, {"p", FieldType::Array}};

constexpr const char* k_allKinds = "segment, ray, line, plane, aabb, contact";
constexpr const char* k_example =
    "{\"query\":\"segment\",\"a\":[0,0,0],\"b\":[5,0,0],\"p\":[3,0,-2]}";

/// Words people type for a field, mapped to the field's name here.
struct Alias {
  const char* typed;
  const char* meant;
};
constexpr Alias k_aliases[] = {{"normal", "n"},   {"offset", "d"},     {"point", "p"},  {"centre", "center"},
                               {"r", "radius"},   {"type", "query"},   {"kind", "query"}, {"lo", "min"},
                               {"hi", "max"},     {"start", "a"},      {"end", "b"},    {"box", "aabb"},
                               {"rect", "aabb"},  {"rectangle", "aabb"}, {"cube", "aabb"}};

/// The query's fields in the order they are read (which fixes which array sets the
/// line's dimension); a contact shape takes the same minus "p".
std::span<const FieldSpec> FieldsOf(QueryKind kind) {
  switch (kind) {
    case QueryKind::Plane: return k_planeFields;
    case QueryKind::Aabb: return k_boxFields;
    case QueryKind::Segment:
    case QueryKind::Ray:
    case QueryKind::Line:
    case QueryKind::Contact: break;
  }
  return k_linearFields;
}

/// "a string", "an array", ...: the JSON type of `value` for a sentence.
std::string TypeWithArticle(const Json& value) {
  if (value.is_null()) return "null";
  if (value.is_object()) return "an object";
  if (value.is_array()) return "an array";
  if (value.is_string()) return "a string";
  if (value.is_boolean()) return "a boolean";
  return "a number";
}

/// Levenshtein distance, for "did you mean" on short names.
std::size_t EditDistance(std::string_view from, std::string_view to) {
  std::vector<std::size_t> row(to.size() + 1);
  for (std::size_t j = 0; j <= to.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= from.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= to.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (from[i - 1] == to[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[to.size()];
}

/// The candidate `typed` most likely meant, or empty: a known alias, or the nearest name
/// within two edits and fewer edits than `typed` has letters (one edit turns "q" into
/// any one-letter name, which is no evidence of a typo).
std::string Suggest(std::string_view typed, const std::vector<std::string>& candidates) {
  // Names here are lower case: "P", "Center", "Type" are the same words in capitals.
  std::string lower(typed);
  for (char& c : lower)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  for (const Alias& alias : k_aliases) {
    if (lower == alias.typed && std::find(candidates.begin(), candidates.end(), alias.meant) != candidates.end())
      return alias.meant;
  }
  if (lower != typed && std::find(candidates.begin(), candidates.end(), lower) != candidates.end()) return lower;
  std::string best;
  if (typed.size() < 2) return "";
  std::size_t bestDistance = std::min<std::size_t>(2, typed.size() - 1);
  for (const std::string& candidate : candidates) {
    const std::size_t distance = EditDistance(typed, candidate);
    if (distance <= bestDistance && (best.empty() || distance < bestDistance)) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/// "a segment", "an aabb".
std::string WithArticle(QueryKind kind) {
  const std::string name = ToString(kind);
  return (name[0] == 'a' ? "an " : "a ") + name;
}

std::string JoinNames(const std::vector<std::string>& names) {
  std::string joined;
  for (const std::string& name : names) joined += (joined.empty() ? "" : ", ") + name;
  return joined;
}

/// Reads one request; remembers the first array read so that every later array can be
/// checked against its length.
class RequestReader {
 public:
  explicit RequestReader(Spelling spelling) : m_spelling(spelling) {}

  Outcome<Request> Read(const Json& line) {
    Request request;
    if (!ReadInto(line, request)) return Outcome<Request>::Failure(m_error);
    request.dim = static_cast<int>(m_dim);
    request.spelling = m_spelling;
    return request;
  }

 private:
  /// Every check in reading order; the first one that fails leaves its message in m_error.
  bool ReadInto(const Json& line, Request& request) {
    if (!line.is_object()) {
      return Problem("expected a JSON object such as " + std::string(k_example) + ", got " + TypeWithArticle(line));
    }
    if (!ReadKind(line, "", request.kind) || !CheckFieldNames(line, "", request.kind)) return false;
    if (request.kind == QueryKind::Contact) {
      // The shape's kind and field names before the sphere's fields: the one-shot form
      // puts every option but --center, --radius and --shape into the shape, so a
      // misspelt "--radus 1" is there, and it read "--radius: missing option". A name
      // the query does not take is named first, as at the top level.
      const auto shape = line.find("shape");
      const bool shapeIsObject = shape != line.end() && shape->is_object();
      if (shapeIsObject && !ReadContactShapeKind(*shape, request.shape)) return false;
      if (!ReadArray(line, "", "center", request.center) || !ReadNumber(line, "", "radius", request.radius))
        return false;
      if (!shapeIsObject) return NoContactShape(line);
      return ReadShapeFields(*shape, "shape.", request.shape);
    }
    request.shape.kind = request.kind;
    return ReadShapeFields(line, "", request.shape) && ReadArray(line, "", "p", request.p);
  }

  bool Problem(std::string message) {
    m_error = std::move(message);
    return false;
  }

  /// The "query" of the line (prefix "") or of a contact's shape (prefix "shape.").
  bool ReadKind(const Json& object, const std::string& prefix, QueryKind& kind) {
    const bool isShape = !prefix.empty();
    // The one-shot form names what was typed: --shape, or the first argument (review s35:
    // "shape.query: ..." for --shape ray, and "query: ..." where there is no --query).
    const std::string field = m_spelling == Spelling::Options ? (isShape ? "--shape" : "first argument") : prefix + "query";
    const std::string expected = isShape ? "segment, plane, aabb" : k_allKinds;
    const auto found = object.find("query");
    if (found == object.end() && m_spelling == Spelling::Json) {
      // "type" or "kind" (or "Query") where "query" belongs: name what was typed.
      for (const auto& item : object.items()) {
        if (Suggest(item.key(), {"query"}) != "query") continue;
        return Problem("unknown field " + QuoteJsonString(prefix + TruncateForEcho(item.key(), k_maxNameBytes)) +
                       " (a typo? did you mean \"" + field + "\"?); say which query in \"" + field + "\", one of " +
                       expected);
      }
    }
    if (found == object.end()) {
      if (isShape) return Problem(field + ": missing field; a contact shape is an object such as {\"query\":\"plane\",\"n\":[0,0,1],\"d\":0}");
      return Problem(field + ": missing field; say which query, one of " + expected + ", e.g. " + k_example);
    }
    if (isShape && WithoutValue(*found, field, "segment, plane or aabb", "plane")) return false;
    if (!found->is_string()) {
      return Problem(field + ": expected a string (one of " + expected + "), got " + TypeWithArticle(*found));
    }
    const std::string& name = found->get_ref<const std::string&>();
    const std::optional<QueryKind> parsed = QueryKindFromName(name);
    if (!parsed) {
      std::string message = field + ": unknown query " + QuoteJsonString(TruncateForEcho(name, k_maxNameBytes));
      const std::string hint = Suggest(name, {"segment", "ray", "line", "plane", "aabb", "contact"});
      if (!hint.empty()) message += " (did you mean \"" + hint + "\"?)";
      return Problem(message + "; expected one of " + expected);
    }
    if (isShape && (*parsed == QueryKind::Ray || *parsed == QueryKind::Line || *parsed == QueryKind::Contact)) {
      return Problem(field + ": a contact shape is a segment, plane or aabb, not " + WithArticle(*parsed));
    }
    kind = *parsed;
    return true;
  }

  /// Refuses the first field (in the order typed) that `kind` does not take.
  bool CheckFieldNames(const Json& object, const std::string& prefix, QueryKind kind) {
    const bool isShape = !prefix.empty();
    std::vector<std::string> names;
    if (kind == QueryKind::Contact) {
      names = {"center", "radius", "shape"};
    } else {
      for (const FieldSpec& spec : FieldsOf(kind))
        if (!(isShape && std::string_view(spec.name) == "p")) names.emplace_back(spec.name);
    }
    for (const auto& [key, value] : object.items()) {
      if (key == "query" || std::find(names.begin(), names.end(), key) != names.end()) continue;
      const std::string field = prefix + TruncateForEcho(key, k_maxNameBytes);
      if (key == "p" && (isShape || kind == QueryKind::Contact)) {
        if (m_spelling == Spelling::Options)
          return Problem("--p: a contact takes no --p; the sphere's --center is the query point");
        return Problem(field + ": a contact " + (isShape ? "shape" : "query") +
                       " has no \"p\"; the sphere's \"center\" is the query point");
      }
      std::vector<std::string> candidates = names;
      if (m_spelling == Spelling::Options) return Problem(UnknownOption(key, kind, isShape, names));
      candidates.emplace_back("query");
      const std::string hint = Suggest(key, candidates);
      std::string message = "unknown field " + QuoteJsonString(field);
      if (!hint.empty()) message += " (a typo? did you mean \"" + prefix + hint + "\"?)";
      message += "; " + WithArticle(kind) + (isShape ? " shape" : " query") + " takes " +
                 (isShape ? "" : "query, ") + JoinNames(names);
      return Problem(message);
    }
    return true;
  }

  bool ReadShapeFields(const Json& object, const std::string& prefix, ShapeArgs& shape) {
    switch (shape.kind) {
      case QueryKind::Plane:
        return ReadArray(object, prefix, "n", shape.n) && ReadNumber(object, prefix, "d", shape.d);
      case QueryKind::Aabb:
        return ReadArray(object, prefix, "min", shape.min) && ReadArray(object, prefix, "max", shape.max);
      case QueryKind::Segment:
      case QueryKind::Ray:
      case QueryKind::Line:
      case QueryKind::Contact: break;
    }
    return ReadArray(object, prefix, "a", shape.a) && ReadArray(object, prefix, "b", shape.b);
  }

  /// A contact's "shape" object: its kind, and that it has no field the kind does not take.
  bool ReadContactShapeKind(const Json& shape, ShapeArgs& out) {
    const std::string prefix = "shape.";
    return ReadKind(shape, prefix, out.kind) && CheckFieldNames(shape, prefix, out.kind);
  }

  /// The refusal of a contact whose "shape" is missing or not an object.
  bool NoContactShape(const Json& line) {
    const auto found = line.find("shape");
    if (found == line.end()) {
      return Problem("shape: missing field; a contact query needs the shape the sphere meets, e.g. "
                     "\"shape\":{\"query\":\"plane\",\"n\":[0,0,1],\"d\":0}");
    }
    return Problem("shape: expected an object such as {\"query\":\"plane\",\"n\":[0,0,1],\"d\":0}, got " +
                   TypeWithArticle(*found));
  }

  /// The field as the person wrote it: "shape.a" in JSON, "--a" in the one-shot form.
  std::string NameOf(const std::string& prefix, const char* name) const {
    return m_spelling == Spelling::Options ? "--" + std::string(name) : prefix + name;
  }

  bool Missing(const std::string& field, const char* what, const char* example) {
    if (m_spelling == Spelling::Options) return Problem(field + ": missing option (" + what + ", e.g. " + field + " " + example + ")");
    return Problem(field + ": missing field (" + what + ")");
  }

  /// The one-shot form's option typed without a value, which it passes on as null: said
  /// with the same example as a missing one ("--d 3,0,-2" was offered for --d, which takes
  /// one number). Only an option the query takes gets here; another is named as unknown.
  bool WithoutValue(const Json& value, const std::string& field, const char* what, const char* example) {
    if (m_spelling != Spelling::Options || !value.is_null()) return false;
    Problem(field + " needs a value (" + what + ", e.g. " + field + " " + example + ")");
    return true;
  }

  bool ReadArray(const Json& object, const std::string& prefix, const char* name, Coords& out) {
    const std::string field = NameOf(prefix, name);
    const auto found = object.find(name);
    if (found == object.end()) return Missing(field, "an array of 2 or 3 numbers", "3,0,-2");
    if (WithoutValue(*found, field, "an array of 2 or 3 numbers", "3,0,-2")) return false;
    if (!found->is_array()) {
      return Problem(field + ": expected an array of 2 or 3 numbers, got " + TypeWithArticle(*found));
    }
    const std::size_t count = found->size();
    if (count != 2 && count != 3) {
      return Problem(field + ": expected an array of 2 or 3 numbers, got " + std::to_string(count) +
                     (count == 1 ? " element" : " elements"));
    }
    for (std::size_t i = 0; i < count; ++i) {
      const Json& element = (*found)[i];
      if (!element.is_number()) {
        return Problem(field + " coordinate " + std::to_string(i) + ": expected a number, got " +
                       TypeWithArticle(element));
      }
      out[i] = element.get<double>();
    }
    if (m_dimField.empty()) {
      m_dimField = field;
      m_dim = count;
    } else if (count != m_dim) {
      return Problem(m_dimField + " has " + std::to_string(m_dim) + " numbers but " + field + " has " +
                     std::to_string(count) + ": all arrays of one line must have the same length");
    }
    return true;
  }

  bool ReadNumber(const Json& object, const std::string& prefix, const char* name, double& out) {
    const std::string field = NameOf(prefix, name);
    const auto found = object.find(name);
    if (found == object.end()) return Missing(field, "a number", "1");
    if (WithoutValue(*found, field, "a number", "1")) return false;
    if (!found->is_number()) return Problem(field + ": expected a number, got " + TypeWithArticle(*found));
    out = found->get<double>();
    return true;
  }

  /// The one-shot form's message for an option `kind` does not take: options, not JSON
  /// fields, and for a contact the sphere's options next to its shape's (the form puts
  /// every option that is not --center, --radius or --shape into the shape).
  static std::string UnknownOption(const std::string& key, QueryKind kind, bool isShape,
                                   const std::vector<std::string>& names) {
    std::vector<std::string> candidates = names;
    if (isShape) candidates.insert(candidates.begin(), {"center", "radius", "shape"});
    const std::string hint = Suggest(key, candidates);
    std::string message = "unknown option " + OptionForEcho(key);
    if (!hint.empty()) message += " (a typo? did you mean --" + hint + "?)";
    std::string options;
    for (const std::string& name : candidates) options += (options.empty() ? "--" : ", --") + name;
    message += "; " + (isShape ? "a contact with " + WithArticle(kind) : WithArticle(kind) + " query") + " takes " +
               options;
    return message;
  }

  Spelling m_spelling;
  std::string m_dimField;  ///< the first array read, which fixed the dimension
  std::size_t m_dim = 0;
  std::string m_error;
};

}  // namespace

const char* ToString(QueryKind kind) {
  switch (kind) {
    case QueryKind::Segment: return "segment";
    case QueryKind::Ray: return "ray";
    case QueryKind::Line: return "line";
    case QueryKind::Plane: return "plane";
    case QueryKind::Aabb: return "aabb";
    case QueryKind::Contact: return "contact";
  }
  return "?";
}

std::optional<QueryKind> QueryKindFromName(std::string_view name) {
  for (QueryKind kind : {QueryKind::Segment, QueryKind::Ray, QueryKind::Line, QueryKind::Plane, QueryKind::Aabb,
                         QueryKind::Contact}) {
    if (name == ToString(kind)) return kind;
  }
  return std::nullopt;
}

bool TakesField(QueryKind kind, std::string_view name, bool asContactShape) {
  if (kind == QueryKind::Contact && !asContactShape) return name == "center" || name == "radius" || name == "shape";
  if (asContactShape && name == "p") return false;
  const std::span<const FieldSpec> fields = FieldsOf(kind);
  return std::any_of(fields.begin(), fields.end(), [&](const FieldSpec& spec) { return name == spec.name; });
}

Outcome<Request> ReadRequest(const nlohmann::ordered_json& line, Spelling spelling) {
  RequestReader reader(spelling);
  return reader.Read(line);
}

}  // namespace cq::query
