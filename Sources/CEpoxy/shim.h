#ifndef VIDEOTOY_CEPOXY_SHIM_H
#define VIDEOTOY_CEPOXY_SHIM_H
#include <epoxy/gl.h>

/* The current GL context's GL_RENDERER string, or NULL; epoxy resolves glGetString for whichever API GDK chose. */
static inline const char *vt_gl_renderer(void) {
    return (const char *)glGetString(GL_RENDERER);
}
#endif
