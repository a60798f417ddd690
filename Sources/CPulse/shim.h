#ifndef VIDEOTOY_CPULSE_SHIM_H
#define VIDEOTOY_CPULSE_SHIM_H
#include <pulse/pulseaudio.h>
#include <pulse/glib-mainloop.h>
#endif
