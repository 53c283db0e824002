// app/gl/framebuffer_capture.hpp: the window's rendered pixels as a PNG.
#pragma once

#include <string>

namespace cq::app {

/// Reads the current back buffer (width x height framebuffer pixels) and writes it to
/// `path` as an 8-bit RGB PNG, top row first. False with `error` set on failure.
bool WriteFramebufferPng(const std::string& path, int width, int height, std::string& error);

}  // namespace cq::app
