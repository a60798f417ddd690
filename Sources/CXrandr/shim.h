#ifndef VIDEOTOY_CXRANDR_SHIM_H
#define VIDEOTOY_CXRANDR_SHIM_H
#include <X11/Xlib.h>
#include <X11/extensions/Xrandr.h>
#endif
