#ifndef VIDEOTOY_CSANDBOX_H
#define VIDEOTOY_CSANDBOX_H
#include <stdint.h>

/* Installs a seccomp filter on the calling process (and every thread and child it makes from now on) that makes
   socket() fail with EACCES for every address family but AF_UNIX, and io_uring_setup() fail with ENOSYS (io_uring
   can make sockets too). Returns 0, or -1 with errno set when the kernel refused the filter. */
int vt_sandbox_refuse_network(void);

/* Limits the address space to `bytes` (RLIMIT_AS). Returns 0, or -1 with errno set. */
int vt_sandbox_limit_memory(uint64_t bytes);

/* Makes a fatal signal (SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGTRAP, SIGFPE) end the process with `status` instead
   when its address space is within `margin` bytes of its RLIMIT_AS: an allocation refused at the limit ends in
   abort() (GLib) or a trap (Swift), which the parent could not tell from a crash otherwise. */
int vt_sandbox_report_memory_deaths(int status, uint64_t margin);

/* Sends SIGKILL to this process when the thread that created it exits. Returns 0, or -1 with errno set. */
int vt_sandbox_die_with_parent(void);

#endif
