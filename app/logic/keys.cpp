#include "logic/keys.hpp"

namespace cq::app {

int LayoutLetterKey(int key, const char* layoutName) {
  if (layoutName == nullptr || layoutName[0] == '\0' || layoutName[1] != '\0') return key;
  const char c = layoutName[0];
  if (c >= 'a' && c <= 'z') return 'A' + (c - 'a');
  if (c >= 'A' && c <= 'Z') return c;
  return key;
}

}  // namespace cq::app
