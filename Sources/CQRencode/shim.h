#ifndef VIDEOTOY_CQRENCODE_SHIM_H
#define VIDEOTOY_CQRENCODE_SHIM_H
#include <qrencode.h>
#endif
