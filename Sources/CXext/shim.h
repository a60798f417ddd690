#ifndef VIDEOTOY_CXEXT_SHIM_H
#define VIDEOTOY_CXEXT_SHIM_H
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>
#include <X11/extensions/shape.h>
#include <sys/ipc.h>
#include <sys/shm.h>

/* XDestroyImage is a macro; the image's data is shared memory here, detached by the caller, so it is unset first. */
static inline void vt_ximage_destroy(XImage *image) {
    image->data = NULL;
    XDestroyImage(image);
}

/* A private shared-memory segment of `size` bytes, read-write for this user only; -1 on failure. */
static inline int vt_shm_create(size_t size) { return shmget(IPC_PRIVATE, size, IPC_CREAT | 0600); }

/* Marks a segment for removal: it goes once the last process detaches (the X server, then this one). */
static inline int vt_shm_remove(int id) { return shmctl(id, IPC_RMID, NULL); }

/* Attaches a segment read-write; NULL on failure (shmat's (void *)-1). */
static inline char *vt_shm_attach(int id) {
    void *address = shmat(id, NULL, 0);
    return address == (void *)-1 ? NULL : (char *)address;
}

/* Makes `window` let every pointer event through to the window below it: an empty input shape. */
static inline void vt_x_input_passthrough(Display *display, Window window) {
    XShapeCombineRectangles(display, window, ShapeInput, 0, 0, NULL, 0, ShapeSet, Unsorted);
}
#endif
