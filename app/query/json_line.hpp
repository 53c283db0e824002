// app/query/json_line.hpp: one input line of closest-query, read as one JSON value.
#pragma once

#include <string_view>

#include <nlohmann/json.hpp>

#include "query/outcome.hpp"

namespace cq::query {

/// Parses `line` as exactly one JSON value. Objects keep the order the fields were typed
/// in, so "the first unknown field" is the first one the person wrote.
///
/// Fails, with a message that names the field being read when there is one
/// ("p coordinate 1: not valid JSON: NaN and Infinity are not JSON numbers ..."), on:
/// an empty (or blank) line, anything that is not JSON (NaN, Infinity, a trailing comma,
/// a second value on the line, ...), a number that overflows a double (1e999), a field
/// given twice in one object, and nesting deeper than any query needs.
Outcome<nlohmann::ordered_json> ParseJsonLine(std::string_view line);

}  // namespace cq::query
