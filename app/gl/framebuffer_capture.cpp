#include "gl/framebuffer_capture.hpp"

#include <cerrno>
#include <cstring>
#include <vector>

#include <glad/gl.h>
#include <stb_image_write.h>

namespace cq::app {

bool WriteFramebufferPng(const std::string& path, int width, int height, std::string& error) {
  const size_t rowBytes = size_t(width) * 3;
  std::vector<unsigned char> pixels(rowBytes * size_t(height));
  glFinish();
  glReadBuffer(GL_BACK);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
  // GL's first row is the bottom one; PNG's is the top one.
  std::vector<unsigned char> flipped(pixels.size());
  for (int y = 0; y < height; ++y)
    std::memcpy(&flipped[size_t(y) * rowBytes], &pixels[size_t(height - 1 - y) * rowBytes], rowBytes);
  errno = 0;
  if (stbi_write_png(path.c_str(), width, height, 3, flipped.data(), int(rowBytes)) == 0) {
    error = "cannot write " + path + (errno != 0 ? std::string(": ") + std::strerror(errno) : std::string());
    return false;
  }
  return true;
}

}  // namespace cq::app
