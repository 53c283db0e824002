// app/query/help_text.hpp: what `closest-query --help` prints.
#pragma once

#include <string_view>

namespace cq::query {

/// The input and output format, the error behaviour and exit status, the 1e999
/// convention, and examples of both forms. Ends with a newline.
std::string_view HelpText();

}  // namespace cq::query
