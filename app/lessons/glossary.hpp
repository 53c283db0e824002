// lessons/glossary.hpp: the words the lessons' steps use, each said in plain terms (Help >
// Words used here, F2). A teaching audit found "core", "a few ulps", "rescales by a power
// of two" and "the documented perpendicular" in the steps with nothing to say what they
// mean, and "Voronoi" only in a tooltip.
#pragma once

#include <string_view>
#include <vector>

namespace cq::app {

struct GlossaryEntry {
  std::string_view term;     ///< as the steps write it ("ulp", "deferred division")
  std::string_view meaning;  ///< one or two plain sentences
  /// The words whose presence in a step or a preset's note means this entry is needed
  /// there (lower case; the tests check every such step has its entry).
  std::vector<std::string_view> triggers;
};

/// Every entry, in the order a student meets them: the move first (project, clamp,
/// evaluate), then the shapes' words, then the arithmetic's.
const std::vector<GlossaryEntry>& Glossary();

}  // namespace cq::app
