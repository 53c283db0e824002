#include "gl/framebuffer_capture.hpp"

#include <cstring>
#include <string>
#include <vector>

#include <glad/gl.h>
#include <stb_image_write.h>

#include "logic/output_files.hpp"

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
  // Encoded in memory and written by WriteTextFile, which checks every step to the close:
  // stb's own file writer ignores what fwrite and fclose return, and a full disk left a
  // cut PNG reported as saved (robustness audit).
  std::string png;
  const auto append = [](void* context, void* data, int size) {
    static_cast<std::string*>(context)->append(static_cast<const char*>(data), size_t(size));
  };
  if (stbi_write_png_to_func(append, &png, width, height, 3, flipped.data(), int(rowBytes)) == 0) {
    error = "cannot write " + path + ": the PNG could not be encoded";
    return false;
  }
  return WriteTextFile(path, png, error);
}

}  // namespace cq::app
