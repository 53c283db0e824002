// app/gl/gl_program.hpp: compile and link a GLSL program from embedded sources.
#pragma once

#include <string>
#include <string_view>

#include <glad/gl.h>

namespace cq::app {

/// Compiles and links `vertex` + `fragment`. Returns 0 and fills `error` (with the
/// driver's log, naming the shader) on failure.
GLuint BuildProgram(std::string_view vertexName, std::string_view vertex, std::string_view fragmentName,
                    std::string_view fragment, std::string& error);

}  // namespace cq::app
