#ifndef VIDEOTOY_CUCHARDET_SHIM_H
#define VIDEOTOY_CUCHARDET_SHIM_H
#include <uchardet/uchardet.h>
#endif
