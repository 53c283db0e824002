#include "gl/gl_program.hpp"

#include <vector>

namespace cq::app {
namespace {

/// The driver's log for a shader or a program (getLength / getLog are the matching
/// glGetShaderiv + glGetShaderInfoLog or glGetProgramiv + glGetProgramInfoLog).
template <class GetLength, class GetLog>
std::string InfoLog(GLuint object, GetLength getLength, GetLog getLog) {
  GLint logLength = 0;
  getLength(object, GL_INFO_LOG_LENGTH, &logLength);
  std::vector<char> log(size_t(logLength > 1 ? logLength : 1), '\0');
  getLog(object, GLsizei(log.size()), nullptr, log.data());
  return log.data();
}

GLuint Compile(GLenum type, std::string_view name, std::string_view source, std::string& error) {
  const GLuint shader = glCreateShader(type);
  const GLchar* text = source.data();
  const GLint length = GLint(source.size());
  glShaderSource(shader, 1, &text, &length);
  glCompileShader(shader);
  GLint ok = GL_FALSE;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (ok == GL_TRUE) return shader;
  error = std::string(name) + ": " + InfoLog(shader, glGetShaderiv, glGetShaderInfoLog);
  glDeleteShader(shader);
  return 0;
}

}  // namespace

GLuint BuildProgram(std::string_view vertexName, std::string_view vertex, std::string_view fragmentName,
                    std::string_view fragment, std::string& error) {
  const GLuint vs = Compile(GL_VERTEX_SHADER, vertexName, vertex, error);
  if (vs == 0) return 0;
  const GLuint fs = Compile(GL_FRAGMENT_SHADER, fragmentName, fragment, error);
  if (fs == 0) {
    glDeleteShader(vs);
    return 0;
  }
  const GLuint program = glCreateProgram();
  glAttachShader(program, vs);
  glAttachShader(program, fs);
  glLinkProgram(program);
  glDeleteShader(vs);
  glDeleteShader(fs);
  GLint ok = GL_FALSE;
  glGetProgramiv(program, GL_LINK_STATUS, &ok);
  if (ok == GL_TRUE) return program;
  error = std::string(vertexName) + " + " + std::string(fragmentName) +
          " link: " + InfoLog(program, glGetProgramiv, glGetProgramInfoLog);
  glDeleteProgram(program);
  return 0;
}

}  // namespace cq::app
