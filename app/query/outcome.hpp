// app/query/outcome.hpp: a value or the one-sentence reason there is none.
//
// Every step of the closest-query tool (parse a line, read the request, ask core) either
// succeeds or produces the message that ends up in the line's {"error": ...}. C++20 has
// no std::expected, and the tool needs nothing more than this.
#pragma once

#include <optional>
#include <string>
#include <utility>

namespace cq::query {

template <class T>
class Outcome {
 public:
  Outcome(T value) : m_value(std::move(value)) {}  // NOLINT(google-explicit-constructor)

  static Outcome Failure(std::string message) {
    Outcome outcome;
    outcome.m_error = std::move(message);
    return outcome;
  }

  bool ok() const { return m_value.has_value(); }
  explicit operator bool() const { return ok(); }
  const T& value() const { return *m_value; }
  const T& operator*() const { return *m_value; }
  const T* operator->() const { return &*m_value; }
  /// The message for a person, naming the JSON field concerned (empty when ok()).
  const std::string& error() const { return m_error; }

 private:
  Outcome() = default;

  std::optional<T> m_value;
  std::string m_error;
};

}  // namespace cq::query
