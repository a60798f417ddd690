#define _GNU_SOURCE
#include "CSandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__x86_64__)
#define VT_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define VT_AUDIT_ARCH AUDIT_ARCH_AARCH64
#else
#error "the seccomp filter knows x86_64 and aarch64 only"
#endif

#ifndef __NR_io_uring_setup
#define __NR_io_uring_setup 425
#endif

int vt_sandbox_refuse_network(void) {
    struct sock_filter program[] = {
        /* Another architecture's system call numbers (32-bit x86 through int 0x80) mean other calls: refuse them all. */
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, VT_AUDIT_ARCH, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (EACCES & SECCOMP_RET_DATA)),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
#if defined(__x86_64__)
        /* The x32 ABI reaches the same calls with bit 30 set. */
        BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (EACCES & SECCOMP_RET_DATA)),
#endif
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_io_uring_setup, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (ENOSYS & SECCOMP_RET_DATA)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_socket, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        /* socket(domain, …): the low 32 bits of the first argument. */
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AF_UNIX, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (EACCES & SECCOMP_RET_DATA)),
    };
    struct sock_fprog filter = {.len = (unsigned short)(sizeof(program) / sizeof(program[0])), .filter = program};
    /* Required to install a filter without CAP_SYS_ADMIN; it also keeps set-uid programs from gaining rights. */
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -1;
    /* TSYNC: threads GLib or GStreamer already started get the filter too. */
    if (syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, &filter) != 0) return -1;
    return 0;
}

int vt_sandbox_limit_memory(uint64_t bytes) {
    struct rlimit limit = {.rlim_cur = bytes, .rlim_max = bytes};
    return setrlimit(RLIMIT_AS, &limit);
}

static int memory_status = 0;
static uint64_t memory_margin = 0;
static uint64_t memory_limit = 0;

/* The address space size from /proc/self/statm, with async-signal-safe calls only; 0 when unreadable. */
static uint64_t address_space_bytes(void) {
    int fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    char text[64];
    ssize_t count = read(fd, text, sizeof(text) - 1);
    close(fd);
    if (count <= 0) return 0;
    uint64_t pages = 0;
    for (ssize_t i = 0; i < count && text[i] >= '0' && text[i] <= '9'; i++) pages = pages * 10 + (uint64_t)(text[i] - '0');
    return pages * (uint64_t)sysconf(_SC_PAGESIZE);
}

static void on_fatal_signal(int number) {
    uint64_t used = address_space_bytes();
    if (memory_limit > 0 && used + memory_margin >= memory_limit) _exit(memory_status);
    /* SA_RESETHAND restored the default action: the signal ends the process as it would have. */
    raise(number);
}

int vt_sandbox_report_memory_deaths(int status, uint64_t margin) {
    struct rlimit limit;
    if (getrlimit(RLIMIT_AS, &limit) != 0) return -1;
    memory_limit = limit.rlim_cur == RLIM_INFINITY ? 0 : (uint64_t)limit.rlim_cur;
    memory_status = status;
    memory_margin = margin;
    /* A stack overflow leaves no stack to run the handler on. */
    static char alternate[64 * 1024];
    stack_t stack = {.ss_sp = alternate, .ss_size = sizeof(alternate), .ss_flags = 0};
    if (sigaltstack(&stack, NULL) != 0) return -1;
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_handler = on_fatal_signal;
    action.sa_flags = SA_RESETHAND | SA_NODEFER | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    int signals[] = {SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGTRAP, SIGFPE};
    for (size_t i = 0; i < sizeof(signals) / sizeof(signals[0]); i++) {
        if (sigaction(signals[i], &action, NULL) != 0) return -1;
    }
    return 0;
}

int vt_sandbox_die_with_parent(void) {
    return prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
}
