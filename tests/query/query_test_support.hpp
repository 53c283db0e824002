// tests/query/query_test_support.hpp: reading the tool's output back in the tests.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "query/query_json.hpp"

namespace cq::query::test {

/// The answer line for `line`, parsed with its fields in printed order; fails the test if
/// the line was refused.
inline nlohmann::ordered_json AnswerOf(std::string_view line) {
  const LineAnswer answer = AnswerJsonLine(line);
  EXPECT_TRUE(answer.ok) << line << "\n  -> " << answer.text;
  return nlohmann::ordered_json::parse(answer.text);
}

/// The error message for `line`; fails the test if the line was answered or the error
/// line is not exactly {"error": "<string>"}.
inline std::string ErrorOf(std::string_view line) {
  const LineAnswer answer = AnswerJsonLine(line);
  EXPECT_FALSE(answer.ok) << line << "\n  -> " << answer.text;
  const nlohmann::json j = nlohmann::json::parse(answer.text);
  EXPECT_TRUE(j.is_object() && j.size() == 1 && j.contains("error") && j["error"].is_string()) << answer.text;
  return j.value("error", std::string());
}

inline std::vector<double> Numbers(const nlohmann::ordered_json& array) { return array.get<std::vector<double>>(); }

}  // namespace cq::query::test
