#ifndef VIDEOTOY_CXSS_SHIM_H
#define VIDEOTOY_CXSS_SHIM_H
#include <X11/Xlib.h>
#include <X11/extensions/scrnsaver.h>
#endif
